// Owner insights against history size (issue 16), on the 1-week and 1-year places of analytics.ts:
// - event insights: the same events at both (a weekly quiz night since a year ago and four one-off
//   Friday concerts), median latency of each place's answer;
// - the CSV export of the 1-year place over its last month and its whole year: rows per second,
//   and how far workerd's resident memory rises above where it stood while the file streams.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { DAY_MS } from "../../common/local-time.ts";
import type { SeedEnv } from "../seed.ts";
import { HISTORIES } from "./analytics.ts";
import { BenchApi, fixed, passFail, percentile } from "./bench-api.ts";
import { workerdRss } from "./workerd-process.ts";

const INSIGHT_REQUESTS = 30;
const WARM_UP = 3;
const INSIGHTS_BUDGET = 1.5;
/** Exports per range, taking turns. */
const EXPORTS = 3;
const EXPORT_BUDGET = 1.3;
const MEMORY_SAMPLE_MS = 5;
const MEMORY_FLOOR = 8 * 2 ** 20;

/** The bench places' events; before the app starts, like their history (events cannot be created in the past through the API). */
export async function prepareInsightEvents(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const [category] = await db.select({ id: schema.eventCategories.id }).from(schema.eventCategories).limit(1);
  const now = Date.now();
  // 23:30 UTC: evening in New York, the bench places' zone, whatever the season.
  const atEvening = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS + 23.5 * 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const history of HISTORIES) {
    const [place] = await db.select({ id: schema.places.id }).from(schema.places).where(eq(schema.places.slug, history.slug));
    const quizStart = atEvening(now - 365 * DAY_MS);
    const concerts = [1, 2, 3, 4].map((weeks) => atEvening(now - weeks * 7 * DAY_MS + DAY_MS));
    await db.insert(schema.events).values([
      {
        placeId: place.id,
        name: "Quiz night",
        startTime: iso(quizStart),
        endTime: iso(quizStart + 3 * 3_600_000),
        categoryId: category?.id ?? null,
        isRecurring: true,
        frequency: "Weekly",
        repeatingDays: JSON.stringify([new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "America/New_York" }).format(quizStart)]),
      },
      ...concerts.map((start, i) => ({
        placeId: place.id,
        name: `Concert ${i + 1}`,
        startTime: iso(start),
        endTime: iso(start + 2 * 3_600_000),
        categoryId: category?.id ?? null,
      })),
    ]);
  }
}

/** Median latency of each place's event insights (the places take turns, request by request). */
export async function benchEventInsights(api: BenchApi): Promise<boolean> {
  console.log(`\n## Event insights against history size: median of ${INSIGHT_REQUESTS} requests one at a time per place, the same events at both`);
  const latencies: number[][] = HISTORIES.map(() => []);
  const ids = await Promise.all(HISTORIES.map(async (history) => (await api.get<{ id: number }>(`/api/place/${history.slug}`)).id));
  const occurrences: number[] = [];
  const timed = async (id: number) => {
    const started = performance.now();
    const answer = await api.get<{ occurrences: unknown[] }>(`/api/place/${id}/event-insights`);
    occurrences.push(answer.occurrences.length);
    return performance.now() - started;
  };
  for (const id of ids) for (let i = 0; i < WARM_UP; i++) await timed(id);
  for (let i = 0; i < INSIGHT_REQUESTS; i++) for (const [k, id] of ids.entries()) latencies[k].push(await timed(id));
  const [week, year] = latencies.map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
  const ratio = year / week;
  const ok = ratio <= INSIGHTS_BUDGET;
  console.log("| endpoint | 1 week p50 ms | 1 year p50 ms | 1 year ÷ 1 week |");
  console.log("|---|---|---|---|");
  console.log(`| event-insights (${Math.max(...occurrences)} occurrences ranked) | ${fixed(week)} | ${fixed(year)} | ${fixed(ratio, 2)} ${passFail(ok)} |`);
  console.log(`Budget: 1 year ÷ 1 week ≤ ${INSIGHTS_BUDGET} → ${passFail(ok)}`);
  return ok;
}

interface ExportRun {
  rows: number;
  seconds: number;
  /** Highest workerd RSS while the file streamed, above the RSS just before the request. */
  rise: number;
}

async function exportOnce(api: BenchApi, processGroup: number, placeId: number, from: string, to: string): Promise<ExportRun> {
  const before = workerdRss(processGroup);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, workerdRss(processGroup))), MEMORY_SAMPLE_MS);
  const started = performance.now();
  let rows = -1; // the header line
  try {
    const response = await fetch(`${api.baseUrl}/api/place/${placeId}/export.csv?from=${from}&to=${to}`, { headers: api.adminHeaders });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      for (const byte of chunk.value) if (byte === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, workerdRss(processGroup));
  return { rows, seconds, rise: Math.max(0, peak - before) };
}

const localDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(ms);

/** Rows per second and memory rise of the 1-year place's export over a month and over a year. */
export async function benchExport(api: BenchApi, processGroup: number): Promise<boolean> {
  const { id } = await api.get<{ id: number }>(`/api/place/${HISTORIES[1].slug}`);
  const now = Date.now();
  const to = localDate(now - DAY_MS);
  const ranges = [
    { label: "1 month", from: localDate(now - 30 * DAY_MS) },
    { label: "1 year", from: localDate(now - 365 * DAY_MS) },
  ];
  console.log(`\n## CSV export of the 1-year place: ${EXPORTS} exports of each range, taking turns; workerd's resident memory sampled every ${MEMORY_SAMPLE_MS} ms`);
  await exportOnce(api, processGroup, id, ranges[0].from, to); // unmeasured first run
  const runs: ExportRun[][] = ranges.map(() => []);
  for (let i = 0; i < EXPORTS; i++) for (const [k, range] of ranges.entries()) runs[k].push(await exportOnce(api, processGroup, id, range.from, to));
  const figures = runs.map((list) => ({
    rows: list[0].rows,
    rowsPerSecond: percentile(list.map((run) => run.rows / run.seconds).toSorted((a, b) => a - b), 0.5),
    rise: Math.max(...list.map((run) => run.rise)),
  }));
  console.log("| range | rows | rows/s (median) | highest memory rise while streaming |");
  console.log("|---|---|---|---|");
  for (const [k, range] of ranges.entries()) {
    console.log(`| ${range.label} (${range.from} → ${to}) | ${figures[k].rows} | ${fixed(figures[k].rowsPerSecond, 0)} | ${fixed(figures[k].rise / 2 ** 20, 1)} MiB |`);
  }
  const [month, year] = figures;
  // Time per row: a year ÷ a month. Memory: a rise under 8 MiB is the isolate's young generation
  // filling with garbage between collections (runs of the same range move by several MiB), so the
  // month counts as at least that; a year's file built in memory (35,040 rows) would rise well past it.
  const timePerRow = month.rowsPerSecond / year.rowsPerSecond;
  const memory = year.rise / Math.max(month.rise, MEMORY_FLOOR);
  // 96 quarter hours a day; a spring-forward day has 92.
  const complete = month.rows >= 30 * 96 - 4 && year.rows >= 365 * 96 - 4;
  const ok = timePerRow <= EXPORT_BUDGET && memory <= EXPORT_BUDGET && complete;
  console.log(
    `time per row 1 year ÷ 1 month = ${fixed(timePerRow, 2)}; memory rise 1 year ÷ 1 month = ${fixed(memory, 2)} (budget ≤ ${EXPORT_BUDGET} each; every quarter hour a line: ${complete ? "yes" : "no"}) → ${passFail(ok)}`,
  );
  return ok;
}
