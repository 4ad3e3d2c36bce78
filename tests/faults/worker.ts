// The app for `npm run faults` (docs/faults.md#the-faults-build): worker/index.ts unchanged, with
// what a fault run needs around it. Only `npm run faults` builds it (./vite.config.ts, into
// dist-faults/); it is never deployed, and its /__faults/ paths exist in no other build.
// - The queues' retry schedules run 60 times faster (a minute of a schedule is a second), so a
//   receiver down for ten minutes takes ten seconds, unless the var FAULTS_SCHEDULE_SCALE says
//   otherwise ("1": the real schedule); every delay the app asked for is recorded and answered by
//   GET /__faults/retries, so the run sees what was waited.
// - POST /__faults/d1-down {for_ms} makes every D1 statement fail for that long, in the worker and
//   in the Durable Objects alike (they share this module), as a D1 outage would.
// - POST /__faults/notify and /__faults/alert start a push or a webhook delivery the way the app's
//   own callers do (deliverToAccount, dispatchAlerts), without waiting for a watch or an alert rule.
// - POST /__faults/poison does what /__faults/notify does and then queues one push message no
//   attempt can process (its subscription id is not a number), so both land in one batch.
import app, { Conversation as AppConversation, PlaceOccupancy as AppPlaceOccupancy } from "../../worker/index";
import { wrappedD1 } from "../bench/wrapped-d1";
import { dispatchAlerts } from "../../worker/alerts/delivery";
import { deliverToAccount } from "../../worker/push/deliver";

/** By default a minute of a retry schedule is a second; a delay is at least a second. */
const SCHEDULE_SCALE = 60;

/** Until when (epoch ms) every D1 statement fails. */
let d1DownUntil = 0;

/** The app's D1, failing as an unreachable D1 does while it is down. */
const faultyD1 = (db: D1Database) =>
  wrappedD1(db, () => {
    if (Date.now() < d1DownUntil) throw new Error("D1_ERROR: Network connection lost. (a fault run's D1 outage)");
  });
const withFaultyD1 = <E extends { DB: D1Database }>(env: E): E => ({ ...env, DB: faultyD1(env.DB) });

interface AskedRetry {
  queue: string;
  /** The message's attempt that failed (1 = the first). */
  attempts: number;
  /** What the app asked to wait, before scaling. */
  delaySeconds: number;
}
const asked: AskedRetry[] = [];

/** The batch as the app sees it, its retries recorded and their delays scaled. */
function scheduledFaster<Body>(batch: MessageBatch<Body>, scale: number): MessageBatch<Body> {
  const retry = (queue: string, attempts: number, options: QueueRetryOptions | undefined): QueueRetryOptions => {
    const delaySeconds = options?.delaySeconds ?? 0;
    asked.push({ queue, attempts, delaySeconds });
    return { ...options, delaySeconds: Math.max(1, Math.ceil(delaySeconds / scale)) };
  };
  const messages = batch.messages.map(
    (message): Message<Body> => ({
      id: message.id,
      timestamp: message.timestamp,
      body: message.body,
      attempts: message.attempts,
      ack: () => message.ack(),
      retry: (options) => message.retry(retry(batch.queue, message.attempts, options)),
    }),
  );
  return {
    queue: batch.queue,
    metadata: batch.metadata,
    messages,
    ackAll: () => batch.ackAll(),
    retryAll: (options) => batch.retryAll(retry(batch.queue, 0, options)),
  };
}

// Every Durable Object class wrangler.toml binds must be exported, or workerd refuses to start.
export class PlaceOccupancy extends AppPlaceOccupancy {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, withFaultyD1(env));
  }
}

export class Conversation extends AppConversation {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, withFaultyD1(env));
  }
}

/** The var FAULTS_SCHEDULE_SCALE of this server (serveState's vars), else SCHEDULE_SCALE. */
const scaleOf = (env: Env) => Number((env as Env & { FAULTS_SCHEDULE_SCALE?: string }).FAULTS_SCHEDULE_SCALE ?? SCHEDULE_SCALE);

export default {
  ...app,
  async fetch(request, env, ctx) {
    const path = new URL(request.url).pathname;
    if (path === "/__faults/retries") return Response.json(asked);
    if (path === "/__faults/d1-down" && request.method === "POST") {
      const { for_ms } = (await request.json()) as { for_ms: number };
      d1DownUntil = Date.now() + for_ms;
      return Response.json({ until: d1DownUntil });
    }
    if (path === "/__faults/notify" && request.method === "POST") {
      const { account_id, tag } = (await request.json()) as { account_id: number; tag: string };
      const notice = { kind: "faults", title: "A fault run's push", body: tag, url: "/", tag, dedupeKey: tag };
      return Response.json(await deliverToAccount(env, account_id, notice, Date.now()));
    }
    if (path === "/__faults/poison" && request.method === "POST") {
      const { account_id, tag } = (await request.json()) as { account_id: number; tag: string };
      const notice = { kind: "faults", title: "A fault run's push", body: tag, url: "/", tag, dedupeKey: tag };
      const delivered = await deliverToAccount(env, account_id, notice, Date.now());
      await env.PUSH_QUEUE.send({ subscription_id: { poison: tag }, payload: null, topic: "poison", urgency: "normal", ttl: 60 }, { contentType: "json" });
      return Response.json({ ...delivered, poison: 1 });
    }
    if (path === "/__faults/alert" && request.method === "POST") {
      const { place_id, key } = (await request.json()) as { place_id: number; key: string };
      const alert = { type: "near_capacity" as const, occurredAt: Date.now(), message: "A fault run's alert.", data: {}, key };
      return Response.json(await dispatchAlerts(env, place_id, [alert], Date.now()));
    }
    return app.fetch(request, withFaultyD1(env), ctx);
  },
  async queue(batch, env) {
    await app.queue(scheduledFaster(batch, scaleOf(env)), withFaultyD1(env));
  },
  async scheduled(controller, env) {
    await app.scheduled(controller, withFaultyD1(env));
  },
} satisfies ExportedHandler<Env>;
