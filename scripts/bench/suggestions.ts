// Suggestions at scale (issue 28): GET /api/places/suggestions near a point in a town of 20 places
// against a city of 1,000, with the same 20 places within the radius in both, each request the
// first of its query (no cached answer). The budget, p50 1,000 ÷ p50 20 ≤ 2, holds when the
// candidates come from the lat/lng index and each costs its kept usual means, not a scan of every
// place (docs/app.md#saved-places-and-suggestions).
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import type { SeedEnv } from "../seed.ts";
import type { ServedApp } from "../serve-built-app.ts";
import { fixed, passFail, percentile } from "./bench-api.ts";

/** The place of analytics.ts prepareHistories whose week of quarter hours the nearby copies take. */
const TEMPLATE = "bench-one-week";
const NEARBY = 20;
const CITY = 1000;
const SAMPLES = 41;
const BUDGET = 2;
const RADIUS_M = 1000;
/** The two query points, far apart: a town and a city. */
const TOWN = { lat: 42.0, lng: -75.0 };
const CITY_CENTER = { lat: 44.0, lng: -75.0 };
/** About 100 m of latitude. */
const STEP = 0.0009;

/** Makes the town's 20 places and the city's 1,000 (20 of them near its centre) before the app starts; runs after prepareHistories. */
export async function prepareSuggestionPlaces(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const [row] = await db.select().from(schema.places).where(eq(schema.places.slug, TEMPLATE));
  const { id, ...fields } = row;
  const copy = async (slug: string, lat: number, lng: number, withHistory: boolean) => {
    const [made] = await db.insert(schema.places).values({ ...fields, slug, name: slug, latitude: lat, longitude: lng }).returning({ id: schema.places.id });
    if (!withHistory) return;
    await env.DB.prepare(
      `INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples)
       SELECT ?, bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ?`,
    )
      .bind(made.id, id)
      .run();
  };
  // Within 500 m of each centre: a 5 × 4 grid 100 m apart.
  const nearby = (center: { lat: number; lng: number }, i: number) => [center.lat + (i % 5) * STEP - 2 * STEP, center.lng + Math.floor(i / 5) * STEP * 1.3 - 2 * STEP] as const;
  for (let i = 0; i < NEARBY; i++) await copy(`bench-suggest-town-${i}`, ...nearby(TOWN, i), true);
  for (let i = 0; i < NEARBY; i++) await copy(`bench-suggest-city-${i}`, ...nearby(CITY_CENTER, i), true);
  // The rest of the city: a grid about 40 km across, none within the radius of the centre.
  for (let i = 0, made = NEARBY; made < CITY; i++) {
    const lat = CITY_CENTER.lat - 0.18 + (i % 31) * 0.012;
    const lng = CITY_CENTER.lng - 0.25 + Math.floor(i / 31) * 0.016;
    if (Math.abs(lat - CITY_CENTER.lat) < 0.015 && Math.abs(lng - CITY_CENTER.lng) < 0.02) continue;
    await copy(`bench-suggest-city-far-${i}`, lat, lng, false);
    made++;
  }
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

export async function benchSuggestions(app: ServedApp): Promise<boolean> {
  // Each sample a point of its own (10 m apart: one rounding step), so no answer comes from the cache.
  const url = (center: { lat: number; lng: number }, i: number) =>
    `${app.baseUrl}/api/places/suggestions?lat=${(center.lat + i * 0.0001).toFixed(4)}&lng=${center.lng}&radius_m=${RADIUS_M}&limit=50`;
  // Unmeasured: the route's first run, which keeps the nearby places' usual means of the day.
  await timed(url(TOWN, -1));
  await timed(url(CITY_CENTER, -1));
  const latencies: [number[], number[]] = [[], []];
  const statuses = new Set<number>();
  for (let i = 0; i < SAMPLES; i++) {
    for (const [k, center] of [TOWN, CITY_CENTER].entries()) {
      const { ms, status } = await timed(url(center, i));
      latencies[k].push(ms);
      statuses.add(status);
    }
  }
  const [town, city] = latencies.map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
  const failures = [...statuses].filter((status) => status !== 200);
  const ok = city / town <= BUDGET && failures.length === 0;
  console.log(`\n## Suggestions against places in D1: median of ${SAMPLES} uncached requests, ${NEARBY} places within ${RADIUS_M} m in both`);
  console.log(`| ${NEARBY} places p50 ms | ${CITY} places p50 ms | ${CITY} ÷ ${NEARBY} |`);
  console.log("|---|---|---|");
  console.log(`| ${fixed(town)} | ${fixed(city)} | ${fixed(city / town, 2)} ${passFail(ok)}${failures.length ? ` (answers ${failures.join(", ")})` : ""} |`);
  console.log(`Budget: p50 with ${CITY} places ÷ with ${NEARBY} ≤ ${BUDGET} → ${passFail(ok)}`);
  return ok;
}
