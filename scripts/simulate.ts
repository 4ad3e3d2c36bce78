// `npm run simulate`: virtual sensors for the demo venues, posting counts every few seconds through
// the real POST /api/ingest of a running app (and a heartbeat a minute), so the live map and the
// dashboards move. Uses the demo keys the seed wrote into the local state (local only).
//
//   npm run simulate -- --url http://localhost:8787 --venues 5 --devices 1 --interval 5 --speed-up 60
//
// --venues     how many demo venues (the first N), or a comma-separated list of slugs; default all
// --devices    sensors per venue, 1 or 2; default all of them
// --interval   seconds between posts of each sensor; default 5
// --speed-up   how fast the virtual clock behind the counts runs (60 = an hour a minute); default 1.
//              Readings are always stamped with the real time: the server refuses future ones.
// --rounds     stop after this many rounds; default: run until Ctrl-C
import { parseArgs } from "node:util";
import { toWall } from "../common/local-time.ts";
import { dayShape, deviceShares, expectedPeople, seedHolidays, venueMoment } from "./seed-data/occupancy.ts";
import { seedVenues, type SeedVenue } from "./seed-data/venues.ts";
import { DEMO_CITIES, venueZone, type DemoCity } from "./seed-data/venue-clock.ts";
import { demoKeysPath, readDemoKeys, type DemoDeviceKey } from "./seed-occupancy.ts";

const { values: flags } = parseArgs({
  options: {
    url: { type: "string", default: `http://localhost:${process.env.PORT ?? "8787"}` },
    venues: { type: "string" },
    devices: { type: "string" },
    interval: { type: "string", default: "5" },
    "speed-up": { type: "string", default: "1" },
    rounds: { type: "string" },
  },
});

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number (got "${text}").`);
    process.exit(2);
  }
  return value;
}

const baseUrl = flags.url.replace(/\/+$/, "");
const intervalMs = Math.max(1, positiveNumber("interval", flags.interval, 5)) * 1000;
const speedUp = positiveNumber("speed-up", flags["speed-up"], 1);
const devicesPerVenue = Math.floor(positiveNumber("devices", flags.devices, 2));
const rounds = flags.rounds === undefined ? Infinity : Math.floor(positiveNumber("rounds", flags.rounds, 1));

function chosenVenues(): SeedVenue[] {
  if (!flags.venues) return [...seedVenues];
  if (/^\d+$/.test(flags.venues)) return seedVenues.slice(0, Number(flags.venues));
  const slugs = flags.venues.split(",").map((slug) => slug.trim());
  const unknown = slugs.filter((slug) => !seedVenues.some((venue) => venue.slug === slug));
  if (unknown.length > 0) {
    console.error(`Unknown venue slug(s): ${unknown.join(", ")}. Known: ${seedVenues.map((venue) => venue.slug).join(", ")}`);
    process.exit(2);
  }
  return seedVenues.filter((venue) => slugs.includes(venue.slug));
}

interface Sensor {
  venue: SeedVenue;
  key: DemoDeviceKey;
  share: number;
  /** Real time before which the server asked this sensor to wait (429 Retry-After). */
  pausedUntil: number;
}

const keys = readDemoKeys();
if (keys.length === 0) {
  console.error(`No demo sensor keys in ${demoKeysPath()}: run \`npm run seed\` (or \`npm start\` once) first.`);
  process.exit(1);
}
const sensors: Sensor[] = chosenVenues().flatMap((venue) => {
  const venueKeys = keys.filter((key) => key.slug === venue.slug).slice(0, devicesPerVenue);
  const shares = deviceShares(venueKeys.length);
  return venueKeys.map((key, i) => ({ venue, key, share: shares[i], pausedUntil: 0 }));
});

const startedAt = Date.now();
const virtualNow = () => startedAt + (Date.now() - startedAt) * speedUp;

async function post(sensor: Sensor, path: string, body: unknown): Promise<boolean> {
  if (Date.now() < sensor.pausedUntil) return false;
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key.key}` },
    body: JSON.stringify(body),
  });
  if (response.status === 429) {
    sensor.pausedUntil = Date.now() + Number(response.headers.get("retry-after") ?? "60") * 1000;
    console.warn(`${sensor.venue.slug}/${sensor.key.name}: rate limited, pausing`);
    return false;
  }
  if (!response.ok) {
    const detail = await response.text();
    throw new Error(`${sensor.venue.slug}/${sensor.key.name}: ${path} answered ${response.status} ${detail}`);
  }
  return true;
}

// Each city's venue day at the start and a year of its holidays: enough for any run, even sped up.
const cityClock = new Map(
  await Promise.all(
    Object.keys(DEMO_CITIES).map(async (city) => {
      const startDay = venueMoment(toWall(DEMO_CITIES[city as DemoCity].timeZone, startedAt)).day;
      return [city, { startDay, holidays: await seedHolidays(city as DemoCity, startDay - 1, startDay + 366) }] as const;
    }),
  ),
);

/**
 * A count for this sensor now: its share of the venue's expected crowd on the day as the seed
 * shapes it (its level, trend and holidays; never closed while the simulator runs), ±10%.
 */
function countFor(sensor: Sensor, at: number): number {
  const { day, hour } = venueMoment(toWall(venueZone(sensor.venue), at));
  const { startDay, holidays } = cityClock.get(sensor.venue.city)!;
  const shape = dayShape(seedVenues.indexOf(sensor.venue) + 1, day, startDay, holidays);
  return Math.round(expectedPeople(sensor.venue, shape.weekday, hour) * shape.factor * sensor.share * (0.9 + 0.2 * Math.random()));
}

let lastHeartbeat = 0;
console.log(`Simulating ${sensors.length} sensors at ${baseUrl}: a count every ${intervalMs / 1000} s, virtual clock ×${speedUp}.`);
for (let round = 1; round <= rounds; round++) {
  const tickStarted = Date.now();
  const at = virtualNow();
  const heartbeat = tickStarted - lastHeartbeat >= 60_000;
  try {
    const posted = await Promise.all(
      sensors.map(async (sensor) => {
        const posted = await post(sensor, "/api/ingest", { count: countFor(sensor, at) });
        if (heartbeat) await post(sensor, "/api/ingest/heartbeat", { firmware: "simulator-1.0", uptime_s: Math.round((tickStarted - startedAt) / 1000), rssi: -50 - Math.round(Math.random() * 25) });
        return posted;
      }),
    );
    if (heartbeat) lastHeartbeat = tickStarted;
    const local = new Intl.DateTimeFormat("en-US", { timeZone: DEMO_CITIES["new-york"].timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
    console.log(`${new Date().toLocaleTimeString()} · ${posted.filter(Boolean).length}/${sensors.length} counts posted · virtual ${local} in New York`);
  } catch (error) {
    const cause = error instanceof TypeError ? `cannot reach ${baseUrl} (is \`npm start\` running?)` : (error as Error).message;
    console.error(`${new Date().toLocaleTimeString()} · ${cause}`);
    if (/ 401 /.test(cause)) {
      console.error("The app does not know these demo keys: run `npm run seed` against the same state.");
      process.exit(1);
    }
  }
  if (round < rounds) await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - tickStarted))));
}
