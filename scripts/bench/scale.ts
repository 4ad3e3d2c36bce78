// The per-request costs of the scale model (docs/scale.md, scripts/bench/scale-model.ts): workerd
// CPU and D1 statements per POST /api/ingest, GET /api/live (edge-cached and a miss), a profile view
// (the page and the browser's API calls, cached, and all of them missed) and a place object's
// flushing alarm. On the D1-counting build (tests/bench/d1-count), one kind of request at a time;
// chat's figures come from the chat section (scripts/bench/chat.ts) and its worker tests, but for
// the conversation objects' D1 under steady traffic, measured here on the chat bench's pairs. Prints
// the model's table from this run's figures. `npm run bench -- --only scale`, or alone:
// `node --import ./scripts/bench/resolve-ts.ts scripts/bench/scale.ts` (it builds the counting app).
import { run } from "../local-state.ts";
import { serveBuiltApp, type Served } from "../serve-built-app.ts";
import { BenchApi, fixed, passFail, settledCpuMs } from "./bench-api.ts";
import { openSocket, prepareChat, preparedChat, sendFrame, tokensFor } from "./chat.ts";
import { MEASURED, docTable, type Costs } from "./scale-model.ts";
import { PROFILE_ROUTE, profileCalls } from "./when-to-go.ts";

const PLACES = 10;
const SENSORS_PER_PLACE = 5;
const INGEST_REQUESTS = 500;
const INGEST_CONCURRENCY = 10;
const LIVE_HITS = 200;
const LIVE_MISSES = 50;
const PROFILE_VIEWS = 50;
const PROFILE_MISSES = 20;
/** A place object's first count flushes at once (its config from D1): let it pass before measuring. */
const FIRST_FLUSH_WAIT_MS = 5_000;
/** The alarm runs every 30 s while a sensor is online (docs/sensors.md). */
const ALARM_WAIT_MS = 40_000;
/** After the alarms, workerd idles this long: its idle CPU, taken off the alarms' wait. */
const IDLE_MS = 5_000;
const PLACE_ALARM = "(place object's alarm)";
/** Budget: D1 batches per conversation per minute of traffic (issue 40). */
const FLUSH_BATCHES_BUDGET = 1;

type Counts = Record<string, { reads: number; others: number; runs?: number }>;

export interface Measured {
  label: string;
  requests: number;
  cpuMs: number;
  /** D1 statements each: reads (SELECT) and writes. */
  d1Reads: number;
  d1Writes: number;
}

/** D1 statements per request counted since `before`, over every path (or just `only`). */
function statementsPer(before: Counts, after: Counts, requests: number, only?: string): { d1Reads: number; d1Writes: number } {
  let reads = 0;
  let writes = 0;
  for (const [path, entry] of Object.entries(after)) {
    if (only !== undefined && path !== only) continue;
    reads += entry.reads - (before[path]?.reads ?? 0);
    writes += entry.others - (before[path]?.others ?? 0);
  }
  return { d1Reads: reads / requests, d1Writes: writes / requests };
}

export async function measureScaleCosts(app: Served): Promise<{ rows: Measured[]; costs: Costs; alarmStatements: (readonly [string, number])[] }> {
  const { baseUrl, processGroup } = app;
  const counts = async () => (await (await fetch(`${baseUrl}/__bench/d1`)).json()) as Counts;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  };
  const forget = async (path: string) => {
    const response = await fetch(`${baseUrl}/__bench/forget-page?path=${encodeURIComponent(path)}`, { method: "POST" });
    await response.arrayBuffer();
  };
  /** Runs `requests` of `send` (`concurrency` at a time) and returns workerd CPU and D1 statements per request. */
  const measure = async (label: string, requests: number, send: (i: number) => Promise<void>, concurrency = 1): Promise<Measured> => {
    const before = await counts();
    const cpuBefore = await settledCpuMs(processGroup);
    for (let start = 0; start < requests; start += concurrency) {
      await Promise.all(Array.from({ length: Math.min(concurrency, requests - start) }, (_, k) => send(start + k)));
    }
    const cpuMs = ((await settledCpuMs(processGroup)) - cpuBefore) / requests;
    return { label, requests, cpuMs, ...statementsPer(before, await counts(), requests) };
  };

  // Ingest: sensors of new places, each within its 60 a minute.
  const api = await BenchApi.signIn(baseUrl);
  const sensors: { id: number; key: string; lastTs: number }[] = [];
  for (let p = 0; p < PLACES; p++) {
    const placeId = await api.createPlace({ name: `Bench scale ${p + 1}`, address: `${p + 1} Avenue D, New York, NY`, latitude: "40.7246", longitude: "-73.9818", max_devices: String(SENSORS_PER_PLACE) });
    for (let d = 0; d < SENSORS_PER_PLACE; d++) sensors.push({ ...(await api.registerDevice(placeId, `Scale sensor ${d + 1}`)), lastTs: 0 });
  }
  const ingest = async (i: number) => {
    const sensor = sensors[i % sensors.length];
    const ts = Math.max(Date.now(), sensor.lastTs + 1);
    sensor.lastTs = ts;
    const response = await fetch(`${baseUrl}/api/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key}` },
      body: JSON.stringify({ readings: [{ ts: new Date(ts).toISOString(), count: 5 + (i % 40) }] }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`POST /api/ingest answered ${response.status}`);
  };
  for (let i = 0; i < sensors.length; i++) await ingest(i);
  await new Promise((resolve) => setTimeout(resolve, FIRST_FLUSH_WAIT_MS));
  const rows: Measured[] = [await measure("POST /api/ingest (a count)", INGEST_REQUESTS, ingest, INGEST_CONCURRENCY)];

  // The flush: each place's next alarm after those counts writes its changed live row. Nothing else
  // runs meanwhile, so workerd's CPU over the wait is the alarms' (and its idle ticking).
  const alarmSql = async () => (await (await fetch(`${baseUrl}/__bench/d1-alarm-sql`)).json()) as Record<string, number>;
  const sqlBefore = await alarmSql();
  const beforeAlarms = await counts();
  const cpuBefore = await settledCpuMs(processGroup);
  const waitStarted = performance.now();
  const runs = (c: Counts) => (c[PLACE_ALARM]?.runs ?? 0) - (beforeAlarms[PLACE_ALARM]?.runs ?? 0);
  const deadline = Date.now() + ALARM_WAIT_MS;
  let afterAlarms = beforeAlarms;
  while (runs(afterAlarms) < PLACES && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    afterAlarms = await counts();
  }
  const alarms = runs(afterAlarms);
  if (alarms === 0) throw new Error(`no place object's alarm ran within ${ALARM_WAIT_MS / 1000} s`);
  const cpuAfter = await settledCpuMs(processGroup);
  const waited = performance.now() - waitStarted;
  afterAlarms = await counts();
  const sqlAfter = await alarmSql();
  const alarmStatements = Object.entries(sqlAfter)
    .map(([sql, n]) => [sql, (n - (sqlBefore[sql] ?? 0)) / alarms] as const)
    .filter(([, each]) => each > 0);
  // workerd ticks while idle (its timers, local observability): measured now and taken off the wait's CPU.
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idlePerMs = ((await settledCpuMs(processGroup)) - cpuAfter) / (performance.now() - idleStarted);
  rows.push({
    label: `a place object's flushing alarm (idle workerd's ${fixed(idlePerMs * 1000, 1)} ms/s taken off)`,
    requests: alarms,
    cpuMs: Math.max(0, cpuAfter - cpuBefore - idlePerMs * waited) / alarms,
    ...statementsPer(beforeAlarms, afterAlarms, alarms, PLACE_ALARM),
  });

  // The live map's answer: from the edge cache, then rebuilt after the bench drops it.
  await get("/api/live");
  rows.push(await measure("GET /api/live, edge-cached", LIVE_HITS, () => get("/api/live")));
  rows.push(await measure("GET /api/live, a miss", LIVE_MISSES, async () => (await forget("/api/live"), await get("/api/live"))));

  // A profile view: the page and the API calls a browser makes, all cached; then all of them dropped first.
  const calls = await profileCalls(baseUrl);
  const view = async () => {
    await get(PROFILE_ROUTE);
    for (const call of calls) await get(call.path, call.headers);
  };
  await view();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rows.push(await measure(`a profile view (the page and its ${calls.length} API calls), cached`, PROFILE_VIEWS, view));
  rows.push(
    await measure(`a profile view, the page and every answer missed`, PROFILE_MISSES, async () => {
      for (const path of [PROFILE_ROUTE, ...calls.map((call) => call.path)]) await forget(path);
      await view();
    }),
  );

  const [ingestRow, flushRow, liveHit, liveMiss, profileHit, profileMiss] = rows;
  const pick = (row: Measured) => ({ cpuMs: row.cpuMs, d1: row.d1Reads + row.d1Writes });
  const costs: Costs = {
    ...MEASURED,
    ingest: pick(ingestRow),
    flush: { cpuMs: flushRow.cpuMs, reads: flushRow.d1Reads, writes: flushRow.d1Writes },
    liveHit: pick(liveHit),
    liveMiss: pick(liveMiss),
    profileHit: { ...pick(profileHit), calls: calls.length },
    profileMiss: pick(profileMiss),
  };
  return { rows, costs, alarmStatements };
}

/** Steady chat for the conversation objects' flush: this many pairs, each a message every STEADY_GAP_MS. */
const STEADY_CONVERSATIONS = 20;
const STEADY_GAP_MS = 3_000;
/** The traffic runs this long before the count starts (every conversation's first flush, at once after a quiet minute, is behind it). */
const STEADY_WARM_UP_MS = 10_000;
/** The count's window: two minutes of the flush's one-a-minute. */
const STEADY_WINDOW_MS = 120_000;

interface ConversationD1 {
  alarms: number;
  statements: number;
  batches: number;
  batchedStatements: number;
}

/**
 * D1 per conversation per minute under steady traffic (docs/scale.md, budget ≤ 1 batch): the chat
 * bench's pairs (prepareChat) each write a message every STEADY_GAP_MS on their sockets, both
 * members in turn; over STEADY_WINDOW_MS after a warm-up, the conversation objects' D1 round trips
 * (counted by the D1-counting build, whatever else runs) per conversation per minute.
 */
export async function steadyChatFlushes(baseUrl: string) {
  const pairs = preparedChat().pairs.slice(0, STEADY_CONVERSATIONS);
  const tokens = await tokensFor(pairs.flatMap((pair) => pair.members));
  const sockets = await Promise.all(pairs.flatMap((pair) => pair.members.map((member) => openSocket(baseUrl, tokens.get(member)!, pair.conversationId, () => {}))));
  const d1 = async () => (await (await fetch(`${baseUrl}/__bench/d1-conversations`)).json()) as ConversationD1;
  let sent = 0;
  const tick = () => {
    // Both members of each pair in turn, the pairs spread over the gap.
    pairs.forEach((_, p) => setTimeout(() => sendFrame(sockets[2 * p + (sent % 2)], `steady ${sent}`, `bench-steady-${p}-${sent}`), (p * STEADY_GAP_MS) / pairs.length));
    sent++;
  };
  tick();
  const timer = setInterval(tick, STEADY_GAP_MS);
  try {
    await new Promise((resolve) => setTimeout(resolve, STEADY_WARM_UP_MS));
    const before = await d1();
    await new Promise((resolve) => setTimeout(resolve, STEADY_WINDOW_MS));
    const after = await d1();
    const perConversationMinute = (n: number) => n / pairs.length / (STEADY_WINDOW_MS / 60_000);
    const batches = after.batches - before.batches;
    const lone = after.statements - before.statements - (after.batchedStatements - before.batchedStatements);
    return {
      conversations: pairs.length,
      messagesPerMinute: 60_000 / STEADY_GAP_MS,
      windowS: STEADY_WINDOW_MS / 1000,
      alarms: after.alarms - before.alarms,
      batchesPerConversationMinute: perConversationMinute(batches),
      loneStatementsPerConversationMinute: perConversationMinute(lone),
      statementsPerBatch: batches === 0 ? 0 : (after.batchedStatements - before.batchedStatements) / batches,
    };
  } finally {
    clearInterval(timer);
    for (const ws of sockets) ws.close();
  }
}

export async function benchScale(app: Served): Promise<boolean> {
  const { rows, costs: measured, alarmStatements } = await measureScaleCosts(app);
  const steady = await steadyChatFlushes(app.baseUrl);
  const costs: Costs = { ...measured, chatFlush: { batchesPerMinute: steady.batchesPerConversationMinute, statements: steady.statementsPerBatch } };
  console.log("\n## Scale model's per-request costs (docs/scale.md), one kind at a time on the D1-counting build");
  console.log("| request | measured | workerd CPU ms each | D1 reads each | D1 writes each |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.label} | ${row.requests} | ${fixed(row.cpuMs, 2)} | ${fixed(row.d1Reads, 2)} | ${fixed(row.d1Writes, 2)} |`);
  console.log(`\nThe flushing alarm's statements, each alarm (by the SQL's start):`);
  for (const [sql, each] of alarmStatements) console.log(`- ${fixed(each, 2)} × \`${sql}\``);
  const withinBudget = steady.batchesPerConversationMinute + steady.loneStatementsPerConversationMinute <= FLUSH_BATCHES_BUDGET;
  console.log(
    `\nSteady chat: ${steady.conversations} conversations, ${steady.messagesPerMinute} messages a minute each on the sockets, counted over ${steady.windowS} s: ` +
      `${fixed(steady.batchesPerConversationMinute, 2)} D1 batches (of ${fixed(steady.statementsPerBatch, 1)} statements) and ${fixed(steady.loneStatementsPerConversationMinute, 2)} lone statements per conversation per minute, ` +
      `${steady.alarms} alarms; budget ≤ ${FLUSH_BATCHES_BUDGET} batch: ${passFail(withinBudget)}`,
  );
  console.log(`\nThe model with these figures (chat's per message from the chat section, in scale-model.ts):\n\n${docTable(costs)}`);
  console.log(`\nCosts as scale-model.ts's MEASURED:\n${JSON.stringify(costs)}`);
  return withinBudget;
}

if (import.meta.main) {
  const D1_COUNT = { configFile: "tests/bench/d1-count/vite.config.ts", outDir: "dist-bench/d1-count" };
  const started = performance.now();
  run("npx", ["vite", "build", "--logLevel", "warn", "--config", D1_COUNT.configFile]);
  const app = await serveBuiltApp(prepareChat, D1_COUNT);
  try {
    const measuring = performance.now();
    process.exitCode = (await benchScale(app)) ? 0 : 1;
    console.log(`\nMeasuring took ${((performance.now() - measuring) / 1000).toFixed(0)} s (${((performance.now() - started) / 1000).toFixed(0)} s with the build).`);
  } finally {
    await app.stop();
  }
}
