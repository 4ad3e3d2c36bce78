// When to go at scale (issue 15): popular-times and forecast latency for a 1-year venue against a
// 1-week one with a cold cache, and the D1 reads of profile views with a warm one.
//
// Cold: both answers are kept a minute in the Cache API under their path, so a repeated request
// measures the cache. Each sample is therefore the first request ever to a place of its own: the
// bench makes COLD_SAMPLES copies of the 1-year and of the 1-week place of analytics.ts (the row
// and every quarter hour and day peak, copied inside D1) and asks each copy once per endpoint.
// Before that the worker's cron runs, as every 5 minutes in production, and keeps each copy's
// usual means of the day (docs/when-to-go.md#kept-history): what a venue's first visitor of the
// day finds.
//
// D1 reads: a second build of the app (tests/bench/d1-count) counts the statements its worker and
// place objects run. A browser opens a profile once to learn which API calls a profile view makes;
// those calls are then made a thousand times one at a time, after one unmeasured view warms the
// caches, and the D1 statements they caused are counted per path.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { chromium } from "playwright-core";
import * as schema from "../../drizzle/schema.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/e2e/chromium.ts";
import { queryLocalD1Async } from "../local-state.ts";
import type { SeedEnv } from "../seed.ts";
import type { ServedApp } from "../serve-built-app.ts";
import { fixed, passFail, percentile } from "./bench-api.ts";

/** The places of analytics.ts prepareHistories whose history the cold samples copy. */
const TEMPLATES = [
  { slug: "bench-one-week", label: "1 week" },
  { slug: "bench-one-year", label: "1 year" },
] as const;
/** Cold samples per size: single cold requests are noisy, so more than the warm benches take. */
const COLD_SAMPLES = 41;
const LATENCY_BUDGET = 1.2;
export const PROFILE_ROUTE = "/profile/the-copper-lantern";
const VIEWS = 1000;
const READS_BUDGET = 20;

const copySlug = (template: string, i: number) => `${template}-cold-${i}`;

/** Makes the cold copies (before the app starts; runs after prepareHistories). */
export async function prepareColdCopies(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  for (const template of TEMPLATES) {
    const [row] = await db.select().from(schema.places).where(eq(schema.places.slug, template.slug));
    const { id, ...fields } = row;
    for (let i = 0; i < COLD_SAMPLES; i++) {
      const [copy] = await db
        .insert(schema.places)
        .values({ ...fields, slug: copySlug(template.slug, i), name: `${row.name} cold ${i}` })
        .returning({ id: schema.places.id });
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples)
           SELECT ?, bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ?`,
        ).bind(copy.id, id),
        env.DB.prepare("INSERT INTO occupancy_day_peaks (place_id, day, peak_people) SELECT ?, day, peak_people FROM occupancy_day_peaks WHERE place_id = ?").bind(copy.id, id),
      ]);
    }
  }
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Runs SQL on the served app's local D1 (wrangler beside the running app). */
const queryAppD1 = <T>(app: ServedApp, sql: string): Promise<T[]> => queryLocalD1Async<T>(app.stateDir, sql);

const COPIES = "SELECT id FROM places WHERE slug LIKE 'bench-one-%-cold-%'";

/** Copies whose usual means of the day are kept. */
const copiesWithKeptMeans = async (app: ServedApp) =>
  (await queryAppD1<{ kept: number }>(app, `SELECT count(*) AS kept FROM usual_histories WHERE until > 0 AND place_id IN (${COPIES})`))[0].kept;

/** Runs the worker's cron (as wrangler.toml's trigger does every 5 minutes) until it kept every copy's means, or 10 times. */
async function keepMeansByCron(app: ServedApp): Promise<number> {
  let kept = 0;
  for (let run = 0; run < 10 && kept < COLD_SAMPLES * TEMPLATES.length; run++) {
    const response = await fetch(`${app.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    await response.arrayBuffer();
    kept = await copiesWithKeptMeans(app);
  }
  return kept;
}

export async function benchWhenToGoLatency(app: ServedApp): Promise<boolean> {
  const baseUrl = app.baseUrl;
  const kept = await keepMeansByCron(app);
  console.log(
    `\n## When to go against history size: median of ${COLD_SAMPLES} cold requests (each the first to a copy of the place: no cached answer or usual profile; the cron kept the usual means of ${kept} of the ${COLD_SAMPLES * TEMPLATES.length} copies)`,
  );
  const ids = await Promise.all(
    TEMPLATES.map(async (template) =>
      Promise.all(
        Array.from({ length: COLD_SAMPLES }, async (_, i) => {
          const response = await fetch(`${baseUrl}/api/place/${copySlug(template.slug, i)}`);
          return ((await response.json()) as { id: number }).id;
        }),
      ),
    ),
  );
  // Unmeasured: the routes' first run, on the templates themselves.
  for (const template of TEMPLATES) {
    for (const endpoint of ["popular-times", "forecast"]) await timed(`${baseUrl}/api/places/${template.slug}/${endpoint}`);
  }
  /** p50 of one cold request per copy and size, the sizes taking turns so both meet the same background load. */
  const measure = async (pathOf: (k: number, i: number) => string) => {
    const latencies = TEMPLATES.map((): number[] => []);
    const statuses = new Set<number>();
    for (let i = 0; i < COLD_SAMPLES; i++) {
      for (const [k] of TEMPLATES.entries()) {
        const { ms, status } = await timed(`${baseUrl}${pathOf(k, i)}`);
        latencies[k].push(ms);
        statuses.add(status);
      }
    }
    const [week, year] = latencies.map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
    return { week, year, ratio: year / week, failures: [...statuses].filter((status) => status !== 200) };
  };
  console.log("| endpoint | 1 week p50 ms | 1 year p50 ms | 1 year ÷ 1 week |");
  console.log("|---|---|---|---|");
  let ok = true;
  for (const endpoint of ["popular-times", "forecast"]) {
    const { week, year, ratio, failures } = await measure((k, i) => `/api/places/${ids[k][i]}/${endpoint}`);
    const passed = ratio <= LATENCY_BUDGET && failures.length === 0;
    ok &&= passed;
    const note = failures.length ? ` (answers ${failures.join(", ")})` : "";
    console.log(`| ${endpoint} | ${fixed(week)} | ${fixed(year)} | ${fixed(ratio, 2)} ${passFail(passed)}${note} |`);
  }
  // For information: the forecast with no kept means (before the cron reaches a place on a new day,
  // or after a late write), by slug, a path whose answer is not cached yet.
  await queryAppD1(app, `DELETE FROM usual_histories WHERE place_id IN (${COPIES})`);
  const unkept = await measure((k, i) => `/api/places/${copySlug(TEMPLATES[k].slug, i)}/forecast`);
  console.log(`| forecast with no kept means (information) | ${fixed(unkept.week)} | ${fixed(unkept.year)} | ${fixed(unkept.ratio, 2)} |`);
  console.log(`Budget: 1 year ÷ 1 week ≤ ${LATENCY_BUDGET} for both, cold → ${passFail(ok)}`);
  return ok;
}

type Counts = Record<string, { reads: number; others: number }>;

/** An API call a browser made: its path and query, and the Authorization header it sent, if any. */
interface ProfileCall {
  path: string;
  headers: Record<string, string>;
}

/**
 * The API calls (GET) a browser makes when it opens the profile, with the header that decides
 * whether an answer may come from the cache: the signed-out client sends an empty bearer.
 */
export async function profileCalls(baseUrl: string): Promise<ProfileCall[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const calls = new Map<string, ProfileCall>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseUrl || !url.pathname.startsWith("/api/") || request.method() !== "GET") return;
      const authorization = request.headers()["authorization"];
      calls.set(`${url.pathname}${url.search}`, { path: `${url.pathname}${url.search}`, headers: authorization === undefined ? {} : { authorization } });
    });
    await page.goto(`${baseUrl}${PROFILE_ROUTE}`, { waitUntil: "networkidle" });
    return [...calls.values()];
  } finally {
    await browser.close();
  }
}

/** On the D1-counting build: D1 statements per VIEWS profile views with a warm cache. */
export async function benchProfileD1Reads(baseUrl: string): Promise<boolean> {
  const calls = await profileCalls(baseUrl);
  console.log(`\n## D1 reads of profile views (${PROFILE_ROUTE}), warm cache: ${VIEWS} views, each the page and its ${calls.length} API calls one at a time`);
  const counts = async () => (await (await fetch(`${baseUrl}/__bench/d1`)).json()) as Counts;
  // A view is the page itself (its head, or the whole page when the server renders it) and then
  // the API calls the browser makes.
  const view = async () => {
    await (await fetch(`${baseUrl}${PROFILE_ROUTE}`)).arrayBuffer();
    for (const call of calls) await (await fetch(`${baseUrl}${call.path}`, { headers: call.headers })).arrayBuffer();
  };
  await view();
  // The answers' and usual profiles' cache writes finish after the answers.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await counts();
  const started = performance.now();
  for (let i = 0; i < VIEWS; i++) await view();
  const seconds = (performance.now() - started) / 1000;
  const after = await counts();
  console.log("| API call | D1 reads per 1,000 views | other D1 statements per 1,000 views |");
  console.log("|---|---|---|");
  const per1000 = (value: number) => (value * 1000) / VIEWS;
  let reads = 0;
  let others = 0;
  const paths = new Set([PROFILE_ROUTE, ...calls.map((call) => call.path.split("?")[0]), ...Object.keys(after)].filter((path) => path !== "/__bench/d1"));
  for (const path of paths) {
    const delta = { reads: (after[path]?.reads ?? 0) - (before[path]?.reads ?? 0), others: (after[path]?.others ?? 0) - (before[path]?.others ?? 0) };
    if (path !== PROFILE_ROUTE && !calls.some((call) => call.path.split("?")[0] === path) && delta.reads + delta.others === 0) continue;
    reads += delta.reads;
    others += delta.others;
    console.log(`| ${path} | ${fixed(per1000(delta.reads), 0)} | ${fixed(per1000(delta.others), 0)} |`);
  }
  const ok = per1000(reads) <= READS_BUDGET;
  console.log(
    `${VIEWS} views in ${fixed(seconds, 1)} s; D1 reads per 1,000 profile views = ${fixed(per1000(reads), 0)} (other statements ${fixed(per1000(others), 0)}; budget ≤ ${READS_BUDGET}) → ${passFail(ok)}`,
  );
  return ok;
}
