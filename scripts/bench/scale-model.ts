// The scale model of docs/scale.md: requests a second per part of the platform at the busiest
// hour, from stated usage assumptions and per-request costs measured by `npm run bench -- --only
// scale` (scripts/bench/scale.ts). Pure arithmetic, unit-tested (tests/bench/scale-model.node.test.ts);
// `node --import ./scripts/bench/resolve-ts.ts scripts/bench/scale-model.ts` prints the doc's table.

/** How people and sensors use the app: every figure is an assumption, written down in docs/scale.md#assumptions. */
export interface Usage {
  consumers: number;
  venues: number;
  sensors: number;
  /** Share of consumers who open the app on a given day. */
  dailyActiveShare: number;
  sessionsPerActiveDay: number;
  /** Share of a day's sessions in its busiest hour (evening). */
  peakHourShare: number;
  mapViewsPerSession: number;
  profileViewsPerSession: number;
  /** Sensors count once a minute (the device protocol's cadence). */
  readingsPerSensorMinute: number;
  /** Share of consumers writing in a conversation during the busiest hour. */
  chattingShareAtPeak: number;
  messagesPerChatterMinute: number;
  /** Members of a conversation on average (pairs and plans). */
  membersPerConversation: number;
  /** Share of a message's other members with no open socket, who get a push. */
  offlineShare: number;
  /** Live Looks posted per session. */
  liveLooksPerSession: number;
  /** Data centres whose edge cache serves one venue's profile (its visitors are local). */
  dataCentresPerVenue: number;
  /** Data centres serving the live map's answer. */
  dataCentresServingMap: number;
  /** D1 databases and push queues, one each per region (1 today: docs/scale.md#what-is-sharded-next). */
  regions: number;
}

/** What one request costs, from the bench (workerd CPU ms; D1 statements). */
export interface Costs {
  ingest: { cpuMs: number; d1: number };
  /** GET /api/live from the edge cache, and a miss that builds it. */
  liveHit: { cpuMs: number; d1: number };
  liveMiss: { cpuMs: number; d1: number };
  /** A profile view: the rendered page and the API calls the browser makes (`calls`), cached, and the page's miss. */
  profileHit: { cpuMs: number; d1: number; calls: number };
  profileMiss: { cpuMs: number; d1: number };
  /** A place object's alarm after new counts: its D1 reads, and its writes (one batch). */
  flush: { cpuMs: number; reads: number; writes: number };
  /** A chat message: POST …/messages before issue 40 (D1 round trips), and a socket frame after. */
  messagePost: { cpuMs: number; d1: number };
  messageSocket: { cpuMs: number; d1: number };
  /** A conversation's flush on the socket path: its alarm's D1 batches per minute while written in, and the statements in each. */
  chatFlush: { batchesPerMinute: number; statements: number };
}

/** Documented limits (docs/scale.md#limits). */
export const LIMITS = {
  /** D1 runs one query at a time per database: ~1,000 queries/s at 1 ms a query. */
  d1QueriesPerSecond: 1000,
  /** A Durable Object is single-threaded: a soft limit of ~1,000 requests/s per object. */
  objectRequestsPerSecond: 1000,
  /** Messages a second per queue. */
  queueMessagesPerSecond: 5000,
} as const;

/**
 * How the place object uses D1 (docs/sensors.md): its alarm runs every 30 s while a sensor is
 * online, and writes when the live row changed, once a minute with counts once a minute. Upper
 * bound: every alarm is taken to read what the measured one read.
 */
const ALARMS_PER_VENUE_MINUTE = 2;
const LIVE_WRITES_PER_VENUE_MINUTE = 1;
/** The edge keeps /api/live up to 25 s and a profile page 60 s (docs/server-rendering.md). */
const LIVE_CACHE_SECONDS = 25;
const PROFILE_CACHE_SECONDS = 60;

export type Chat = "post" | "socket";

export interface ScaleRow {
  part: string;
  perSecond: number;
  /** The documented limit of one instance of the part, when it has one. */
  limit?: number;
  note: string;
}

/** Requests a second per part at the busiest hour. */
export function scaleModel(usage: Usage, costs: Costs, chat: Chat): ScaleRow[] {
  const sessionsPerSecond = (usage.consumers * usage.dailyActiveShare * usage.sessionsPerActiveDay * usage.peakHourShare) / 3600;
  const mapViews = sessionsPerSecond * usage.mapViewsPerSession;
  const profileViews = sessionsPerSecond * usage.profileViewsPerSession;
  const readings = (usage.sensors * usage.readingsPerSensorMinute) / 60;
  const messages = (usage.consumers * usage.chattingShareAtPeak * usage.messagesPerChatterMinute) / 60;
  const conversations = (usage.consumers * usage.chattingShareAtPeak) / usage.membersPerConversation;

  // Misses: each data centre rebuilds a cached answer at most once per its lifetime.
  const liveMisses = Math.min(mapViews, usage.dataCentresServingMap / LIVE_CACHE_SECONDS);
  const profilePerVenue = profileViews / usage.venues;
  const profileMisses = usage.venues * Math.min(profilePerVenue, usage.dataCentresPerVenue / PROFILE_CACHE_SECONDS);
  const venuesWithSensors = Math.min(usage.venues, usage.sensors);
  const flushes = (venuesWithSensors * LIVE_WRITES_PER_VENUE_MINUTE) / 60;
  const flushReads = ((venuesWithSensors * ALARMS_PER_VENUE_MINUTE) / 60) * costs.flush.reads;
  const flushStatements = flushes * costs.flush.writes;

  const message = chat === "post" ? costs.messagePost : costs.messageSocket;
  const workerRequests = readings + mapViews + profileViews * (1 + costs.profileHit.calls) + (chat === "post" ? messages : 0);
  const workerCpu =
    readings * costs.ingest.cpuMs +
    (mapViews - liveMisses) * costs.liveHit.cpuMs +
    liveMisses * costs.liveMiss.cpuMs +
    (profileViews - profileMisses) * costs.profileHit.cpuMs +
    profileMisses * costs.profileMiss.cpuMs +
    (chat === "post" ? messages * costs.messagePost.cpuMs : 0);
  const d1Reads = flushReads + readings * costs.ingest.d1 + liveMisses * costs.liveMiss.d1 + profileMisses * costs.profileMiss.d1 + (mapViews - liveMisses) * costs.liveHit.d1 + (profileViews - profileMisses) * costs.profileHit.d1;
  // Chat's D1 after issue 40: the conversation's alarm, a batch a minute at most while it is written in (measured under steady traffic), each statement a query.
  const chatD1 = chat === "post" ? messages * message.d1 : (conversations * costs.chatFlush.batchesPerMinute * costs.chatFlush.statements) / 60;
  const d1Writes = flushStatements + chatD1;
  const perPlaceObject = (usage.sensors / usage.venues) * (usage.readingsPerSensorMinute / 60) + ALARMS_PER_VENUE_MINUTE / 60;
  const perConversation = messages / conversations;
  const pushes = messages * Math.min(1, (usage.membersPerConversation - 1) * usage.offlineShare);
  const liveLooks = sessionsPerSecond * usage.liveLooksPerSession;

  return [
    { part: "sessions starting", perSecond: sessionsPerSecond, note: "the busiest hour" },
    { part: "worker: HTTP requests", perSecond: workerRequests, note: `${round(workerCpu / 1000)} CPU-seconds a second` },
    { part: "ingest (worker → place object)", perSecond: readings, note: `${round((readings * costs.ingest.cpuMs) / 1000)} CPU-seconds a second` },
    { part: "one place object", perSecond: perPlaceObject, limit: LIMITS.objectRequestsPerSecond, note: "its sensors' readings and two alarms a minute" },
    { part: "chat messages", perSecond: messages, note: chat === "post" ? "each a POST through the worker" : "each a frame on its conversation's socket" },
    { part: "one conversation object", perSecond: perConversation, limit: LIMITS.objectRequestsPerSecond, note: `${round(conversations)} conversations written in` },
    { part: "D1 reads (one database)", perSecond: d1Reads / usage.regions, note: `place alarms ${round(flushReads)}/s, live misses ${round(liveMisses)}/s, profile misses ${round(profileMisses)}/s` },
    { part: "D1 writes (one database)", perSecond: d1Writes / usage.regions, note: `place flushes ${round(flushes)}/s (${round(flushStatements)} statements), chat ${round(chatD1)}/s` },
    { part: "D1 queries (one database)", perSecond: (d1Reads + d1Writes) / usage.regions, limit: LIMITS.d1QueriesPerSecond, note: "one writer, queries one at a time" },
    { part: "push queue messages (one queue)", perSecond: pushes / usage.regions, limit: LIMITS.queueMessagesPerSecond, note: "at most one per message with a member offline" },
    { part: "R2 class A (Live Look puts)", perSecond: liveLooks, note: "one put a Live Look" },
  ];
}

/** How far below its limit a part runs: limit ÷ load (below 1: over the limit). */
export const headroom = (row: ScaleRow) => (row.limit === undefined ? undefined : row.limit / row.perSecond);

/** The part that reaches its limit first: the smallest headroom. */
export function bindsFirst(rows: ScaleRow[]): ScaleRow {
  return rows.filter((row) => row.limit !== undefined).reduce((first, row) => (headroom(row)! < headroom(first)! ? row : first));
}

const round = (value: number) => (value >= 100 ? Math.round(value).toLocaleString("en-US") : value >= 10 ? value.toFixed(1) : value.toPrecision(2));

/** The model as a Markdown table: one column per scenario. */
export function scaleTable(scenarios: { label: string; usage: Usage; chat: Chat }[], costs: Costs): string {
  const results = scenarios.map((scenario) => scaleModel(scenario.usage, costs, scenario.chat));
  const lines = [`| part | ${scenarios.map((s) => `${s.label} /s`).join(" | ")} | limit of one |`, `|---|${scenarios.map(() => "---|").join("")}---|`];
  results[0].forEach((row, i) => {
    const cells = results.map((rows) => {
      const cell = rows[i];
      const room = headroom(cell);
      return `${round(cell.perSecond)}${room === undefined ? "" : ` (${room < 1 ? "**over**" : `${round(room)}× room`})`}`;
    });
    lines.push(`| ${row.part} | ${cells.join(" | ")} | ${row.limit?.toLocaleString("en-US") ?? "—"} |`);
  });
  const first = results.map((rows, i) => `${scenarios[i].label}: ${bindsFirst(rows).part}`);
  lines.push("", `Binds first — ${first.join("; ")}.`, "", "Where the figures come from:");
  // The notes that carry numbers (the worker's CPU, D1's sources).
  results.forEach((rows, i) => {
    const notes = rows.filter((row) => /\d/.test(row.note)).map((row) => `${row.part}: ${row.note}`);
    lines.push(`- ${scenarios[i].label}: ${notes.join("; ")}`);
  });
  return lines.join("\n");
}

/** The usage assumptions of docs/scale.md#assumptions at 1 M consumers. */
export const MILLION: Usage = {
  consumers: 1_000_000,
  venues: 10_000,
  sensors: 30_000,
  dailyActiveShare: 0.1,
  sessionsPerActiveDay: 2,
  peakHourShare: 0.15,
  mapViewsPerSession: 1,
  profileViewsPerSession: 3,
  readingsPerSensorMinute: 1,
  chattingShareAtPeak: 0.05,
  messagesPerChatterMinute: 1,
  membersPerConversation: 2.5,
  offlineShare: 0.5,
  liveLooksPerSession: 0.02,
  dataCentresPerVenue: 2,
  dataCentresServingMap: 50,
  regions: 1,
};

/** Ten times the people, venues and sensors. */
export const TEN_MILLION: Usage = { ...MILLION, consumers: 10_000_000, venues: 100_000, sensors: 300_000, dataCentresServingMap: 150 };

/** D1 and the push queue sharded by region, the city's region in the place's id (docs/scale.md#what-is-sharded-next). */
export const SHARDED = 20;

/** The per-request costs the scale section measured (docs/scale.md#measured; replace with a newer run's). */
export const MEASURED: Costs = {
  // `node --import ./scripts/bench/resolve-ts.ts scripts/bench/scale.ts`, 2026-11-28 15:40 UTC.
  ingest: { cpuMs: 2.94, d1: 0 },
  liveHit: { cpuMs: 2.65, d1: 0 },
  liveMiss: { cpuMs: 25, d1: 5 },
  profileHit: { cpuMs: 17, d1: 0, calls: 5 },
  profileMiss: { cpuMs: 76, d1: 5 },
  flush: { cpuMs: 104.7, reads: 5.4, writes: 1 },
  // The chat section (docs/performance.md#messages, full run of 2026-11-27: 6.52 ms) and the worker
  // test "what a message costs in D1" (2 round trips); on the socket, chat.ts on 2026-11-28 (1.58 ms)
  // and tests/worker/chat-socket.test.ts (no D1 statement a message).
  messagePost: { cpuMs: 6.52, d1: 2 },
  messageSocket: { cpuMs: 1.58, d1: 0 },
  // scale.ts's steady chat, 2026-11-28 17:57 UTC: 20 conversations, 20 messages a minute each, over 120 s.
  chatFlush: { batchesPerMinute: 1, statements: 2 },
};

/** The doc's table: 1 M and 10 M, chat as a POST (before issue 40) and on the socket (after), one D1 and sharded. */
export function docTable(costs: Costs = MEASURED): string {
  return scaleTable(
    [
      { label: "1 M, POST chat", usage: MILLION, chat: "post" },
      { label: "1 M, socket chat", usage: MILLION, chat: "socket" },
      { label: "10 M, socket chat", usage: TEN_MILLION, chat: "socket" },
      { label: `1 M, socket, ${SHARDED} regions`, usage: { ...MILLION, regions: SHARDED }, chat: "socket" },
      { label: `10 M, socket, ${SHARDED} regions`, usage: { ...TEN_MILLION, regions: SHARDED }, chat: "socket" },
    ],
    costs,
  );
}

if (import.meta.main) console.log(docTable());
