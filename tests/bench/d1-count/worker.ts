// The app with a count of the D1 statements it runs, for the bench's "D1 reads per 1,000 profile
// views" (scripts/bench/when-to-go.ts). Only `npm run bench` builds this (./vite.config.ts): it is
// worker/index.ts unchanged, with env.DB wrapped in the worker and in the place objects, and its own
// extra paths: /__bench/d1, that answers the counts so far by the path of the request last begun
// (exact when the bench sends one request at a time, as it does), /__bench/forget-page and /__bench/kept-page. A place
// object's alarm counts under PLACE_ALARM, with its runs, and /__bench/d1-alarm-sql answers its
// statements by their SQL's start (the scale section's flush, scripts/bench/scale.ts); the
// conversation objects' D1 is counted apart (/__bench/d1-conversations).
import app, { Conversation as AppConversation, PlaceOccupancy as AppPlaceOccupancy } from "../../../worker/index";
import { cacheKey } from "../../../worker/lib/public-cache";
import { wrappedD1 } from "../wrapped-d1";

/** Statements per request path (of the request last begun): reads (SELECT) and others; an alarm's runs. */
const counts = new Map<string, { reads: number; others: number; runs?: number }>();
const PLACE_ALARM = "(place object's alarm)";
let currentPath = "(before any request)";

/** The alarms' statements by their SQL's start, for /__bench/d1-alarm-sql. */
const alarmStatements = new Map<string, number>();

function count(sql: string) {
  if (currentPath === PLACE_ALARM) {
    const start = sql.replace(/\s+/g, " ").trim().slice(0, 80);
    alarmStatements.set(start, (alarmStatements.get(start) ?? 0) + 1);
  }
  const entry = counts.get(currentPath) ?? { reads: 0, others: 0 };
  if (/^\s*(select|with)\b/i.test(sql)) entry.reads += 1;
  else entry.others += 1;
  counts.set(currentPath, entry);
}

const countedDb = (db: D1Database) => wrappedD1(db, count);

/**
 * The conversation objects' D1 (only their alarm's flush uses it, docs/chat.md#no-d1-per-message-the-flush):
 * counted apart from the request paths, whatever runs meanwhile, for the scale section's steady
 * chat (/__bench/d1-conversations): alarms run, statements, and round trips (a batch or a lone statement).
 */
const conversationD1 = { alarms: 0, statements: 0, batches: 0, batchedStatements: 0 };

export class Conversation extends AppConversation {
  constructor(ctx: DurableObjectState, env: Env) {
    const db = wrappedD1(
      env.DB,
      () => void (conversationD1.statements += 1),
      (size) => {
        conversationD1.batches += 1;
        conversationD1.batchedStatements += size;
      },
    );
    super(ctx, { ...env, DB: db });
  }

  override async alarm(): Promise<void> {
    conversationD1.alarms += 1;
    await super.alarm();
  }
}

export class PlaceOccupancy extends AppPlaceOccupancy {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, { ...env, DB: countedDb(env.DB) });
  }

  override async alarm(): Promise<void> {
    currentPath = PLACE_ALARM;
    const entry = counts.get(PLACE_ALARM) ?? { reads: 0, others: 0, runs: 0 };
    counts.set(PLACE_ALARM, { ...entry, runs: (entry.runs ?? 0) + 1 });
    await super.alarm();
  }
}

export default {
  ...app,
  async fetch(request, env, ctx) {
    const path = new URL(request.url).pathname;
    if (path === "/__bench/d1") return Response.json(Object.fromEntries(counts));
    if (path === "/__bench/d1-alarm-sql") return Response.json(Object.fromEntries(alarmStatements));
    if (path === "/__bench/d1-conversations") return Response.json(conversationD1);
    // The render bench's page-cache miss (scripts/bench/profile-render.ts): drops one rendered
    // profile from the edge cache, under the key the worker keeps it by; answers whether it was there.
    if (path === "/__bench/forget-page") {
      const page = new URL(request.url).searchParams.get("path") ?? "";
      return Response.json(await caches.default.delete(cacheKey(request.url, page)));
    }
    // Whether that page is kept, leaving it there: the bench waits for a miss's cache write
    // (it ends after the answer) before it times cached pages.
    if (path === "/__bench/kept-page") {
      const kept = await caches.default.match(cacheKey(request.url, new URL(request.url).searchParams.get("path") ?? ""));
      await kept?.body?.cancel();
      return Response.json(kept !== undefined);
    }
    currentPath = path;
    return app.fetch(request, { ...env, DB: countedDb(env.DB) }, ctx);
  },
} satisfies ExportedHandler<Env>;
