// Alert delivery (docs/alerts.md): every alert becomes a dashboard notification in D1 and one
// Cloudflare Queues message per active webhook endpoint; the queue's consumer (queue() in
// worker/index.ts) posts it, signed, and retries with backoff for 24 hours. Nothing here runs
// on a sensor's request: the place's object dispatches from its alarm, the cron from scheduled().
import type { NotificationType, WebhookEvent } from "../../common/schemas/alerts";
import { HOUR_MS } from "../../common/local-time";
import { getDb, type Database } from "../db/client";
import {
  disableWebhook,
  insertNotifications,
  recordAttempt,
  webhookById,
  webhookFailed,
  webhookSucceeded,
  writeAlerts,
  type NewNotification,
} from "../db/alerts";
import { SIGNATURE_HEADER, signWebhook } from "./signature";
import { webhookUrlProblem } from "./webhook-url";

/** One delivery to one endpoint: the event as it is posted and when it was first queued. */
export interface DeliveryMessage {
  webhook_id: number;
  event: WebhookEvent;
  /** Epoch ms of the first attempt's queueing; the retries stop 24 hours after it. */
  first_attempt_at: number;
}

/** A delivery is retried this long, and an endpoint failing this long is disabled. */
export const RETRY_FOR_MS = 24 * HOUR_MS;
/** A receiver that has not answered in this long has failed (the attempt is aborted). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Retry delays: 30 s, doubling, at most an hour (about 31 attempts in 24 h). */
const FIRST_RETRY_S = 30;
const MAX_RETRY_S = 3600;

/**
 * wrangler.toml's max_retries for the webhook queue (keep them equal): a message's attempt number
 * QUEUE_MAX_RETRIES + 1 is its last, after which the queue drops it. No dead-letter queue: the
 * consumer itself marks the delivery failed on that attempt (docs/architecture.md#webhooks-and-alerts).
 */
export const QUEUE_MAX_RETRIES = 100;
const isLastAttempt = (attempts: number) => attempts >= QUEUE_MAX_RETRIES + 1;

/**
 * The wait after a push or watch message that could not be processed at all (D1 unreachable):
 * flat, not growing, so the first attempt after an outage comes within this of its end
 * (docs/faults.md#d1-down); the queue's max_retries bound how long an outage it outlasts.
 */
export const PROCESSING_RETRY_S = 30;

/** Seconds to wait before the attempt after attempt number `attempts` (1 = the first). */
export const retryDelaySeconds = (attempts: number) => Math.min(MAX_RETRY_S, FIRST_RETRY_S * 2 ** Math.max(0, attempts - 1));

export type DeliveryEnv = Pick<Env, "DB" | "WEBHOOK_QUEUE" | "ALLOW_LOCAL_WEBHOOKS">;

/**
 * Stores the alerts as notifications and queues one delivery per active endpoint; the notification
 * ids. The D1 writes are one batch (db/alerts.ts writeAlerts), keyed by each alert's `key` (one is
 * made for an alert without), so a call repeated after the queue failed writes nothing twice and
 * queues again what was never attempted: at least once, the event id telling repeats apart.
 */
export async function dispatchAlerts(env: DeliveryEnv, placeId: number, alerts: readonly NewNotification[], now: number): Promise<number[]> {
  if (alerts.length === 0) return [];
  const keyed = alerts.map((alert) => ({ ...alert, key: alert.key ?? crypto.randomUUID() }));
  const byKey = new Map(keyed.map((alert) => [alert.key, alert]));
  const written = await writeAlerts(getDb(env), placeId, keyed, now);
  const messages: DeliveryMessage[] = written.flatMap(({ notificationId, key, webhookId }) => {
    if (webhookId === null) return [];
    const alert = byKey.get(key)!;
    const event = { id: notificationId, type: alert.type, place_id: placeId, occurred_at: new Date(alert.occurredAt).toISOString(), data: alert.data };
    return [{ webhook_id: webhookId, first_attempt_at: now, event }];
  });
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < messages.length; i += 100) {
    await env.WEBHOOK_QUEUE.sendBatch(messages.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })));
  }
  return [...new Set(written.map((row) => row.notificationId))];
}

/** What the consumer does with a message after an attempt. */
export type DeliveryOutcome = { ack: true; delivered: boolean } | { ack: false; retryAfterSeconds: number };

/**
 * One attempt to post `message` (its `attempts`-th, as the queue counts) at `now`. A 2xx is
 * delivered; anything else (another status, a redirect, which is not followed, a network error, no
 * answer within DELIVERY_TIMEOUT_MS) is a failure, retried with backoff until 24 hours after the
 * first attempt. An endpoint failing for 24 hours is disabled and the owners get a notice.
 */
export async function attemptDelivery(
  env: DeliveryEnv,
  message: DeliveryMessage,
  attempts: number,
  now: number,
  fetcher: typeof fetch = fetch,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<DeliveryOutcome> {
  const db = getDb(env);
  const endpoint = await webhookById(db, message.webhook_id);
  // Deleted or disabled since it was queued: nothing to do.
  if (!endpoint || endpoint.disabledAt !== null) return { ack: true, delivered: false };
  // The address rules again: an endpoint added before a rule existed is not posted to.
  const problem = webhookUrlProblem(endpoint.url, { allowLocal: env.ALLOW_LOCAL_WEBHOOKS === "1" });
  if (problem) {
    await recordAttempt(db, { webhookId: endpoint.id, notificationId: message.event.id, status: "failed", httpStatus: null, error: problem, attempts, at: now });
    await switchOff(db, endpoint, now, `Webhook ${endpoint.url} was switched off: ${problem} Add one that is allowed.`, {});
    return { ack: true, delivered: false };
  }
  const body = JSON.stringify(message.event);
  let httpStatus: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetcher(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "ThirdPlace-Webhooks/1",
        [SIGNATURE_HEADER]: await signWebhook(endpoint.secret, body, now),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    httpStatus = response.status;
    // The answer's body is not read; cancel it so the connection is freed.
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300) error = `The receiver answered ${response.status}.`;
  } catch (caught) {
    const name = caught instanceof Error ? caught.name : "";
    error = name === "TimeoutError" || name === "AbortError" ? `No answer within ${timeoutMs / 1000} s.` : "The receiver could not be reached.";
  }
  const delivered = error === null;
  const key = { webhookId: endpoint.id, notificationId: message.event.id, httpStatus, error, attempts, at: now };
  if (delivered) {
    await recordAttempt(db, { ...key, status: "delivered" });
    await webhookSucceeded(db, endpoint.id);
    return { ack: true, delivered: true };
  }
  const failingSince = await webhookFailed(db, endpoint.id, now);
  const giveUp = now - message.first_attempt_at >= RETRY_FOR_MS || isLastAttempt(attempts);
  await recordAttempt(db, { ...key, status: giveUp ? "failed" : "pending" });
  if (now - failingSince >= RETRY_FOR_MS) {
    await switchOff(db, endpoint, now, `Webhook ${endpoint.url} was switched off: it has failed for 24 hours (last: ${error}). Add it again once it works.`, {
      failing_since: new Date(failingSince).toISOString(),
    });
    return { ack: true, delivered: false };
  }
  if (giveUp) return { ack: true, delivered: false };
  return { ack: false, retryAfterSeconds: retryDelaySeconds(attempts) };
}

/** Disables the endpoint and, the first time, tells the place's owners why. */
async function switchOff(db: Database, endpoint: { id: number; placeId: number; url: string }, now: number, message: string, data: Record<string, unknown>) {
  if (!(await disableWebhook(db, endpoint.id, now))) return;
  const notice: NewNotification = {
    type: "webhook_disabled" satisfies NotificationType,
    occurredAt: now,
    message,
    data: { webhook_id: endpoint.id, url: endpoint.url, ...data },
  };
  await insertNotifications(db, endpoint.placeId, [notice]);
}

/** The queue consumer: one attempt per message, each acknowledged or retried on its own. */
export async function consumeDeliveries(batch: MessageBatch<DeliveryMessage>, env: DeliveryEnv, fetcher: typeof fetch = fetch): Promise<void> {
  for (const message of batch.messages) {
    try {
      const outcome = await attemptDelivery(env, message.body, message.attempts, Date.now(), fetcher);
      if (outcome.ack) message.ack();
      else message.retry({ delaySeconds: outcome.retryAfterSeconds });
    } catch (error) {
      // D1 unreachable: try again later, the attempt not counted against the endpoint.
      console.error(`webhook delivery to endpoint ${message.body.webhook_id} failed`, error);
      if (!isLastAttempt(message.attempts)) {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        continue;
      }
      // The queue would drop it now: the log says it failed rather than pending for ever.
      await recordAttempt(getDb(env), {
        webhookId: message.body.webhook_id,
        notificationId: message.body.event.id,
        status: "failed",
        httpStatus: null,
        error: `Gave up after ${message.attempts} attempts: the delivery could not be processed.`,
        attempts: message.attempts,
        at: Date.now(),
      }).catch((stillFailing) => console.error(`webhook delivery to endpoint ${message.body.webhook_id} dropped unrecorded`, stillFailing));
      message.ack();
    }
  }
}
