// Analytics against history size: the same venue with one week and with one year of quarter hours
// (made by the seed's own path: generated readings through aggregateBuckets), and the median
// latency of every analytics endpoint for each.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { demoHistory } from "../seed-data/occupancy.ts";
import { seedVenues } from "../seed-data/venues.ts";
import { historyInserts } from "../seed-occupancy.ts";
import type { SeedEnv } from "../seed.ts";
import { BenchApi, fixed, LoadRecord, passFail } from "./bench-api.ts";

const HISTORIES = [
  { slug: "bench-one-week", name: "Bench One Week", days: 7 },
  { slug: "bench-one-year", name: "Bench One Year", days: 365 },
] as const;
/** Requests per endpoint and place, after WARM_UP unmeasured ones. */
const REQUESTS = 40;
const WARM_UP = 5;
/** The places take turns, REQUESTS / ROUNDS requests at a time. */
const ROUNDS = 4;
const BUDGET = 1.5;

/** Adds the two places and their history; runs before the app starts (the API cannot write history). */
export async function prepareHistories(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const venue = seedVenues[0];
  const now = Date.now();
  for (const history of HISTORIES) {
    const [place] = await db
      .insert(schema.places)
      .values({
        slug: history.slug,
        name: history.name,
        address: venue.address,
        latitude: venue.latitude,
        longitude: venue.longitude,
        livelyThreshold: venue.livelyThreshold,
        packedThreshold: venue.packedThreshold,
      })
      .returning({ id: schema.places.id, timezone: schema.places.timezone });
    const { buckets } = demoHistory(venue, 1, [{ id: 1, share: 1 }], place.timezone, now, history.days);
    await env.DB.batch(historyInserts(env.DB, place.id, buckets));
  }
}

/** Local date of yesterday in New York, a day both histories have. */
function yesterday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(Date.now() - 86_400_000);
}

export async function benchAnalytics(api: BenchApi): Promise<boolean> {
  console.log(`\n## Analytics against history size: median of ${REQUESTS} requests one at a time, per endpoint and place`);
  const ids = await Promise.all(HISTORIES.map(async (history) => (await api.get<{ id: number }>(`/api/place/${history.slug}`)).id));
  const date = yesterday();
  const endpoints: Record<string, (id: number) => string> = {
    "key-trends": (id) => `/api/place/${id}/key-trends`,
    agg_15_device_counts: (id) => `/api/place/${id}/agg_15_device_counts`,
    "people/agg_15_device_counts": (id) => `/api/place/people/${id}/agg_15_device_counts`,
    daily_population_summary: (id) => `/api/place/${id}/daily_population_summary`,
    weekly_population_summary: (id) => `/api/place/${id}/weekly_population_summary?device_name=Front%20bar`,
    check_pico: (id) => `/api/check_pico/${id}`,
    hourly_data: (id) => `/api/hourly_data?place_id=${id}&date=${date}`,
    peak_hourly_data: (id) => `/api/peak_hourly_data?place_id=${id}&date=${date}`,
    calendar_data: (id) => `/api/calendar_data?place_id=${id}`,
  };

  console.log("| endpoint | 1 week p50 ms | 1 year p50 ms | 1 year ÷ 1 week |");
  console.log("|---|---|---|---|");
  let ok = true;
  for (const [name, path] of Object.entries(endpoints)) {
    const records = ids.map(() => new LoadRecord());
    const options = (id: number) => ({ url: `${api.baseUrl}${path(id)}`, headers: api.adminHeaders });
    for (const id of ids) await new LoadRecord().run({ ...options(id), connections: 1, amount: WARM_UP });
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, id] of ids.entries()) await records[i].run({ ...options(id), connections: 1, amount: REQUESTS / ROUNDS });
    }
    const [week, year] = records.map((record) => record.figures());
    const failures = [week, year].flatMap((figures) => Object.keys(figures.statusCounts).filter((status) => status !== "200"));
    const ratio = year.p50 / week.p50;
    const passed = ratio <= BUDGET && failures.length === 0;
    ok &&= passed;
    const note = failures.length ? ` (answers ${failures.join(", ")})` : "";
    console.log(`| ${name} | ${fixed(week.p50)} | ${fixed(year.p50)} | ${fixed(ratio, 2)} ${passFail(passed)}${note} |`);
  }
  console.log(`Budget: 1 year ÷ 1 week ≤ ${BUDGET} for every endpoint → ${passFail(ok)}`);
  return ok;
}
