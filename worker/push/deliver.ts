// Delivering a notification to a person's account (docs/push.md): always into the inbox, and as a
// Web Push to each of the account's browsers unless the daily cap or the account's quiet hours hold
// it back. Other code (watches: "a place went quiet") calls deliverToAccount; the pushes are sent
// by the push queue's consumer (./send.ts).
import type { PushPayload } from "../../common/schemas/push";
import { toBase64Url } from "../lib/crypto";
import { getDb } from "../db/client";
import { pushTargetsOf, storeDeliveries, type NewConsumerNotification } from "../db/push";
import { DAILY_PUSH_CAP, pushDecisions, type PushDecision } from "./quiet-hours";
import type { PushMessage, PushUrgency } from "./send";

export interface AccountNotification extends NewConsumerNotification {
  /** Pushes with the same tag replace each other (on the device and, as the Topic, at the push service). */
  tag: string;
  /** A one-tap "stop" for the watch that sent it, shown by the service worker. */
  stopUrl?: string;
  urgency?: PushUrgency;
  /** Seconds a push service keeps it for an offline device; default an hour. */
  ttl?: number;
  /** Pushed only when no push of its tag went to the account within this long (a plan's changes). */
  pushGapMs?: number;
}

/**
 * `duplicate`: the inbox already had this notification (its dedupeKey), so nothing was stored or
 * pushed. `push_gap`: stored, not pushed, since its tag was pushed within its `pushGapMs`.
 */
export type DeliveryResult =
  | { notificationId: number; push: PushDecision | "no_subscriptions" | "push_gap"; queued: number }
  | { notificationId: null; push: "duplicate"; queued: 0 };

/** RFC 8188's record is 4096 bytes; the library's header and padding leave this much for the JSON. */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 17;
const DEFAULT_PUSH_TTL_S = 3600;

/** The Topic header for a tag: base64url of its SHA-256, cut to the 32 characters RFC 8030 allows. */
export async function topicOf(tag: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(tag)));
  return toBase64Url(digest).slice(0, 32);
}

/** Writes the notification to the account's inbox, then queues one push per subscription unless held back. */
export async function deliverToAccount(
  env: Pick<Env, "DB" | "PUSH_QUEUE">,
  accountId: number,
  notification: AccountNotification,
  now: number,
): Promise<DeliveryResult> {
  const [result] = await deliverToAccounts(env, [{ accountId, notification }], now);
  return result;
}

/** Queue.sendBatch takes at most this many messages. */
export const SEND_BATCH_MAX = 100;

/**
 * deliverToAccount for many accounts at once (a watch's page of watchers), in a fixed number of
 * D1 round trips however many accounts have subscriptions: one read of the accounts' subscriptions
 * with their time zones, quiet hours and pushes of the last day; the cap and quiet hours decided in
 * one pass (pushDecisions); then one batch with the inbox rows, the pushes counted against the cap
 * and the trim; then the pushes queued, 100 a call. The results are in the order of `deliveries`.
 */
export async function deliverToAccounts(
  env: Pick<Env, "DB" | "PUSH_QUEUE">,
  deliveries: readonly { accountId: number; notification: AccountNotification }[],
  now: number,
): Promise<DeliveryResult[]> {
  const payloads = deliveries.map(({ notification }) => payloadOf(notification));
  const db = getDb(env);
  const accountIds = deliveries.map((delivery) => delivery.accountId);
  const targets = await pushTargetsOf(db, accountIds, now);
  const decisions = pushDecisions(now, accountIds, targets);
  const stored = await storeDeliveries(
    db,
    deliveries.map(({ accountId, notification: { kind, title, body, url, placeId, dedupeKey, aboutUserId, replaces, tag, pushGapMs } }, i) => ({
      userId: accountId,
      notification: { kind, title, body, url, placeId, dedupeKey, aboutUserId, replaces },
      claimPush: decisions[i] === "push" ? { tag, gapMs: pushGapMs } : null,
    })),
    now,
  );
  const messages: PushMessage[] = [];
  const results = await Promise.all(
    deliveries.map(async ({ accountId, notification }, i): Promise<DeliveryResult> => {
      const { id: notificationId, claimed } = stored[i];
      if (notificationId === null) return { notificationId, push: "duplicate", queued: 0 };
      const decision = decisions[i];
      if (decision !== "push") return { notificationId, push: decision, queued: 0 };
      // Either claim's condition held it back: the cap, counted before this pass, or else the gap.
      if (!claimed) return { notificationId, push: notification.pushGapMs !== undefined && targets.get(accountId)!.sentToday < DAILY_PUSH_CAP ? "push_gap" : "daily_cap", queued: 0 };
      const topic = await topicOf(notification.tag);
      const subscriptionIds = targets.get(accountId)!.subscriptionIds;
      for (const subscriptionId of subscriptionIds) {
        messages.push({ subscription_id: subscriptionId, payload: payloads[i], topic, urgency: notification.urgency ?? "normal", ttl: notification.ttl ?? DEFAULT_PUSH_TTL_S });
      }
      return { notificationId, push: decision, queued: subscriptionIds.length };
    }),
  );
  for (let i = 0; i < messages.length; i += SEND_BATCH_MAX) {
    await env.PUSH_QUEUE.sendBatch(messages.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: "json" as const })));
  }
  return results;
}

/** What the service worker gets; a payload too large to push is a caller's bug, found before anything is stored. */
function payloadOf(notification: AccountNotification): PushPayload {
  const payload: PushPayload = {
    title: notification.title,
    body: notification.body,
    url: notification.url,
    tag: notification.tag,
    ...(notification.stopUrl ? { stop_url: notification.stopUrl } : {}),
  };
  if (new TextEncoder().encode(JSON.stringify(payload)).length > MAX_PUSH_PAYLOAD_BYTES) {
    throw new RangeError(`A push payload may be at most ${MAX_PUSH_PAYLOAD_BYTES} bytes of JSON.`);
  }
  return payload;
}
