// "Tell me when" at scale (issue 28, docs/watches.md#how-it-scales): a venue with 1,000 watchers.
// Fan-out: from the cron's run that finds an event starting there to the 1,000th watcher's inbox
// row (the change's message, the queue hop, the pages side by side), budget ≤ 5 s. Ingest: POST
// /api/ingest to the watched venue's sensors against an unwatched venue's, in turns, budget ≥ 0.95
// (watches never slow the sensor path); its counts cross the lively line, so the watched venue's
// object does notice changes and its watchers are notified while it is measured.
import type autocannon from "autocannon";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import type { SeedEnv } from "../seed.ts";
import type { ServedApp } from "../serve-built-app.ts";
import { d1File, readSqlite } from "./state-files.ts";
import { BenchApi, cpuAddedPercent, fixed, loadSideBySide, passFail, roundRatios } from "./bench-api.ts";

const WATCHERS = 1000;
const FAN_OUT_BUDGET_MS = 5000;
const INGEST_BUDGET = 0.95;
const SENSORS = 10;
const CONNECTIONS = 20;
const DURATION_S = 10;
const ROUNDS = 5;
const LIVELY = 20;
const WATCHED = "bench-watched";
const UNWATCHED = "bench-unwatched";
/** When the bench's event starts: the cron is run a minute later (its own clock, `time`). */
const EVENT_AT = Date.UTC(2030, 0, 4, 21, 0);

/** Two venues, one with 1,000 accounts each watching it for quiet and for events, and its event. */
export async function prepareWatchers(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const place = (slug: string) => ({
    slug,
    name: slug,
    address: "1 Avenue B, New York, NY",
    latitude: 40.7246,
    longitude: -73.9818,
    livelyThreshold: LIVELY,
    packedThreshold: 40,
    maxDevices: SENSORS,
  });
  const [watched] = await db.insert(schema.places).values(place(WATCHED)).returning({ id: schema.places.id });
  await db.insert(schema.places).values(place(UNWATCHED));
  await db.insert(schema.events).values({ placeId: watched.id, name: "Bench night", startTime: new Date(EVENT_AT).toISOString() });
  // One statement each (D1 binds at most 100 variables, so no multi-row inserts of this size).
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WATCHERS - 1})
     INSERT INTO users (email, name, password_hash) SELECT 'watcher-' || i || '@bench.example.com', 'Watcher ' || i, 'x' FROM n`,
  ).run();
  for (const when of ["event_starts", "quiet"]) {
    await env.DB.prepare(`INSERT INTO watches (user_id, place_id, "when") SELECT id, ?, ? FROM users WHERE email LIKE 'watcher-%@bench.example.com'`)
      .bind(watched.id, when)
      .run();
  }
}

/**
 * From the cron's request to the WATCHERS-th inbox row, and where the time went: when the cron
 * answered, and when each page's consumer started (its inbox rows' created_at, the consumer's
 * clock when the page began), both from the request's start.
 */
async function fanOutMs(app: ServedApp, file: string): Promise<{ total: number; cronAnswered: number; pages: { at: number; rows: number }[] }> {
  const [{ id }] = readSqlite<{ id: number }>(file, `SELECT id FROM places WHERE slug = '${WATCHED}'`);
  const delivered = () =>
    readSqlite<{ n: number }>(file, `SELECT count(*) AS n FROM consumer_notifications WHERE place_id = ${id} AND kind = 'watch_event_starts'`)[0].n;
  const startedAt = Date.now();
  const started = performance.now();
  const cron = await fetch(`${app.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${EVENT_AT + 60_000}`);
  if (!cron.ok) throw new Error(`the cron answered ${cron.status}`);
  const cronAnswered = performance.now() - started;
  while (delivered() < WATCHERS) {
    if (performance.now() - started > 60_000) throw new Error(`only ${delivered()} of ${WATCHERS} watchers notified in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const total = performance.now() - started;
  const pages = readSqlite<{ created_at: number; n: number }>(
    file,
    `SELECT created_at, count(*) AS n FROM consumer_notifications WHERE place_id = ${id} AND kind = 'watch_event_starts' GROUP BY created_at ORDER BY created_at`,
  ).map((row) => ({ at: row.created_at - startedAt, rows: row.n }));
  return { total, cronAnswered, pages };
}

export async function benchWatches(app: ServedApp, api: BenchApi): Promise<boolean> {
  console.log(`\n## Watches: a venue with ${WATCHERS} watchers`);
  const file = d1File(app.stateDir);
  const fanOut = await fanOutMs(app, file);
  const fanOutOk = fanOut.total <= FAN_OUT_BUDGET_MS;
  console.log(`Fan-out of an event starting, cron to the ${WATCHERS}th inbox row: ${fixed(fanOut.total / 1000, 2)} s (budget ≤ ${FAN_OUT_BUDGET_MS / 1000} s) ${passFail(fanOutOk)}`);
  console.log(
    `  the cron answered after ${fixed(fanOut.cronAnswered, 0)} ms; pages began at ` +
      `${fanOut.pages.map((page) => `${fixed(page.at, 0)} ms (${page.rows})`).join(", ")}`,
  );

  const placeOf = (slug: string) => readSqlite<{ id: number }>(file, `SELECT id FROM places WHERE slug = '${slug}'`)[0].id;
  const sensorsOf = async (placeId: number) =>
    Promise.all(Array.from({ length: SENSORS }, async (_, i) => ({ ...(await api.registerDevice(placeId, `Bench sensor ${i + 1}`)), lastTs: 0 })));
  const watchedSensors = await sensorsOf(placeOf(WATCHED));
  const unwatchedSensors = await sensorsOf(placeOf(UNWATCHED));
  /** One count now per request, round robin; the counts swing across the lively line (20) and back. */
  const ingestFrom = (sensors: { key: string; lastTs: number }[]): autocannon.Options => {
    let next = 0;
    return {
      url: `${app.baseUrl}/api/ingest`,
      requests: [
        {
          method: "POST",
          setupRequest: (request: autocannon.Request) => {
            const sensor = sensors[next++ % sensors.length];
            const ts = Math.max(Date.now(), sensor.lastTs + 1);
            sensor.lastTs = ts;
            // Summed over 10 sensors: 0–40 people, so the venue goes quiet and lively.
            const count = Math.floor((ts / 5000) % 5);
            return {
              ...request,
              headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key}` },
              body: JSON.stringify({ readings: [{ ts: new Date(ts).toISOString(), count }] }),
            };
          },
        },
      ],
    };
  };
  // Each sensor's first request reads its key from D1: paid before the measurement, on both sides.
  for (const sensor of [...watchedSensors, ...unwatchedSensors]) {
    await fetch(`${app.baseUrl}/api/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key}` },
      body: JSON.stringify({ count: 1 }),
    });
  }
  const figures = await loadSideBySide(
    { watched: { options: ingestFrom(watchedSensors), processGroup: app.processGroup }, unwatched: { options: ingestFrom(unwatchedSensors), processGroup: app.processGroup } },
    { connections: CONNECTIONS, seconds: DURATION_S, rounds: ROUNDS },
  );
  const ratio = roundRatios(figures.watched, figures.unwatched);
  const ingestOk = ratio.median >= INGEST_BUDGET;
  const statuses = (name: "watched" | "unwatched") => Object.entries(figures[name].statusCounts).map(([status, n]) => `${n} × ${status}`).join(", ");
  console.log(`| venue | req/s | p50 ms | p99 ms | statuses |\n|---|---|---|---|---|`);
  for (const name of ["watched", "unwatched"] as const) {
    console.log(`| ${name === "watched" ? `${WATCHERS} watchers` : "none"} | ${fixed(figures[name].requestsPerSecond, 0)} | ${fixed(figures[name].p50)} | ${fixed(figures[name].p99)} | ${statuses(name)} |`);
  }
  const [{ n: notified }] = readSqlite<{ n: number }>(file, `SELECT count(*) AS n FROM consumer_notifications WHERE kind IN ('watch_quiet', 'watch_lively')`);
  console.log(
    `Ingest with ${WATCHERS} watchers ÷ none: ${fixed(ratio.median, 3)} (rounds ${ratio.perRound.map((value) => fixed(value, 3)).join(", ")}; budget ≥ ${INGEST_BUDGET}) ${passFail(ingestOk)}; ` +
      `level notifications delivered meanwhile: ${notified}`,
  );
  // The server's own CPU per request, apart from the load generator and the proxy sharing the
  // machine: steadier than the rate, whose rounds swing with whatever else runs (docs/performance.md).
  const cpu = (name: "watched" | "unwatched") => figures[name].workerdCpuMs;
  console.log(
    `workerd CPU per ingest request: ${fixed(cpu("watched") ?? NaN, 2)} ms with ${WATCHERS} watchers, ${fixed(cpu("unwatched") ?? NaN, 2)} ms with none ` +
      `(${fixed(cpuAddedPercent(figures.watched, figures.unwatched), 1)} % added; information)`,
  );
  return fanOutOk && ingestOk;
}
