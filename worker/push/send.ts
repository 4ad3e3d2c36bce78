// Sending one push (docs/push.md#delivery): the queue's consumer (queue() in worker/index.ts)
// encrypts the payload for the subscription (RFC 8291 aes128gcm, by @block65/webcrypto-web-push),
// signs it with VAPID (./vapid.ts) and POSTs it to the push service (RFC 8030) with TTL, Urgency
// and Topic. A 404 or 410 means the browser dropped the subscription: it is deleted. Any other
// failure is retried with growing delays (at least a Retry-After's), PUSH_ATTEMPTS times in all,
// then dropped.
import { encryptNotification } from "@block65/webcrypto-web-push";
import type { PushPayload } from "../../common/schemas/push";
import { allowsLocalReceivers } from "../alerts/webhook-url";
import { PROCESSING_RETRY_S, retryDelaySeconds } from "../alerts/delivery";
import { getDb } from "../db/client";
import { forgetPushSubscription, pushSubscriptionById } from "../db/push";
import { retryAfterSeconds } from "../lib/retry-after";
import { pushEndpointProblem } from "./endpoint-url";
import { vapidAuthorization } from "./vapid";

/** One push to one subscription, as queued. */
export interface PushMessage {
  subscription_id: number;
  payload: PushPayload;
  /** RFC 8030 §5.4: a newer push with the same topic replaces an undelivered older one. base64url, at most 32 characters. */
  topic: string;
  urgency: PushUrgency;
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
}

export type PushUrgency = "very-low" | "low" | "normal" | "high";

/** Attempts in all, the first included (wrangler.toml's max_retries for the push queue is PUSH_ATTEMPTS). */
export const PUSH_ATTEMPTS = 5;
const PUSH_TIMEOUT_MS = 10_000;

type PushEnv = Pick<Env, "DB" | "ALLOW_LOCAL_WEBHOOKS" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">;

export type PushOutcome = "sent" | "gone" | "dropped" | { retryAfterSeconds: number };

/** One attempt (the queue's `attempts`-th) to send `message` at `now`. */
export async function attemptPush(env: PushEnv, message: PushMessage, attempts: number, now: number, fetcher: typeof fetch = fetch): Promise<PushOutcome> {
  const db = getDb(env);
  const subscription = await pushSubscriptionById(db, message.subscription_id);
  // Unsubscribed since it was queued.
  if (!subscription) return "dropped";
  // Stored under a rule since tightened (ALLOW_LOCAL_WEBHOOKS switched off): never sent.
  if (pushEndpointProblem(subscription.endpoint, { allowLocal: allowsLocalReceivers(env) })) {
    await forgetPushSubscription(db, subscription.id);
    return "gone";
  }
  const body = await encryptNotification(
    { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    new TextEncoder().encode(JSON.stringify(message.payload)),
  );
  let status: number | null = null;
  let askedWait: number | null = null;
  try {
    const response = await fetcher(subscription.endpoint, {
      method: "POST",
      headers: {
        authorization: await vapidAuthorization(env, subscription.endpoint, now),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(message.ttl),
        urgency: message.urgency,
        topic: message.topic,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = response.status;
    askedWait = retryAfterSeconds(response.headers.get("retry-after"), now);
    await response.body?.cancel();
  } catch {
    // No answer or no connection: retried like a 5xx.
  }
  if (status !== null && status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) {
    await forgetPushSubscription(db, subscription.id);
    return "gone";
  }
  if (attempts >= PUSH_ATTEMPTS) {
    console.error(`push to subscription ${subscription.id} dropped after ${attempts} attempts (last: ${status ?? "no answer"})`);
    return "dropped";
  }
  // A service asking for a wait (429 or 503 with Retry-After) gets at least that; one longer than
  // the push's TTL outlives the push, which is dropped.
  if (askedWait !== null && askedWait > message.ttl) {
    console.error(`push to subscription ${subscription.id} dropped: the service asked to wait ${askedWait} s, longer than its TTL`);
    return "dropped";
  }
  return { retryAfterSeconds: Math.max(retryDelaySeconds(attempts), askedWait ?? 0) };
}

/**
 * The push queue's consumer: the batch's messages side by side (at most max_batch_size, 10, in
 * flight: a watch's page of 100 queues its pushes at once, and one slow push service must not hold
 * the others back), each acknowledged or retried on its own.
 */
export async function consumePushes(batch: Pick<MessageBatch<PushMessage>, "messages">, env: PushEnv, fetcher: typeof fetch = fetch): Promise<void> {
  await Promise.all(batch.messages.map((message) => consumePush(message, env, fetcher)));
}

/** One message of the batch: acknowledged, or retried with a growing delay. */
async function consumePush(message: Message<PushMessage>, env: PushEnv, fetcher: typeof fetch): Promise<void> {
  try {
    const outcome = await attemptPush(env, message.body, message.attempts, Date.now(), fetcher);
    if (typeof outcome === "object") message.retry({ delaySeconds: outcome.retryAfterSeconds });
    else message.ack();
  } catch (error) {
    // The error's name only: its message could carry the endpoint or the payload (docs/push.md).
    console.error(`push to subscription ${String(message.body?.subscription_id)} failed: ${error instanceof Error ? error.name : "error"}`);
    // Retried even on the last attempt: past max_retries the queue moves it to its dead-letter
    // queue, where the admin sees it (docs/faults.md#dead-letters), instead of it vanishing.
    message.retry({ delaySeconds: PROCESSING_RETRY_S });
  }
}
