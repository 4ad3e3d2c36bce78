// Analytics against history size: the same venue with one week and with one year of quarter hours
// (made by the seed's own path: generated readings through aggregateBuckets), and the median
// latency of every analytics endpoint for each.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { DAY_MS } from "../../common/local-time.ts";
import { demoHistory, seedHolidays } from "../seed-data/occupancy.ts";
import { seedVenues } from "../seed-data/venues.ts";
import { storeHistory } from "../seed-occupancy.ts";
import type { SeedEnv } from "../seed.ts";
import { BenchApi, fixed, passFail, percentile } from "./bench-api.ts";

export const HISTORIES = [
  { slug: "bench-one-week", name: "Bench One Week", days: 7 },
  { slug: "bench-one-year", name: "Bench One Year", days: 365 },
] as const;
/** Requests per endpoint and place, after WARM_UP unmeasured ones. */
const REQUESTS = 60;
const WARM_UP = 5;
const BUDGET = 1.5;

/** Adds the two places and their history; runs before the app starts (the API cannot write history). */
export async function prepareHistories(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const venue = seedVenues[0];
  const now = Date.now();
  const nowDay = Math.floor(now / DAY_MS);
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
      .returning({ id: schema.places.id, timeZone: schema.places.timezone, dayStartHour: schema.places.dayStartHour });
    const holidays = await seedHolidays(venue.city, nowDay - history.days - 1, nowDay + 1);
    const buckets = demoHistory(venue, 1, [{ id: 1, share: 1 }], place.timeZone, now, holidays, history.days);
    await storeHistory(env.DB, place, buckets);
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
    const latencies = ids.map((): number[] => []);
    const statuses = new Set<number>();
    const timed = async (id: number) => {
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}${path(id)}`, { headers: api.adminHeaders });
      await response.arrayBuffer();
      statuses.add(response.status);
      return performance.now() - started;
    };
    for (const id of ids) for (let i = 0; i < WARM_UP; i++) await timed(id);
    // The places take turns request by request, so both meet the same background load.
    for (let i = 0; i < REQUESTS; i++) for (const [k, id] of ids.entries()) latencies[k].push(await timed(id));
    const [week, year] = latencies.map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
    const failures = [...statuses].filter((status) => status !== 200);
    const ratio = year / week;
    const passed = ratio <= BUDGET && failures.length === 0;
    ok &&= passed;
    const note = failures.length ? ` (answers ${failures.join(", ")})` : "";
    console.log(`| ${name} | ${fixed(week)} | ${fixed(year)} | ${fixed(ratio, 2)} ${passFail(passed)}${note} |`);
  }
  console.log(`Budget: 1 year ÷ 1 week ≤ ${BUDGET} for every endpoint → ${passFail(ok)}`);
  return ok;
}
