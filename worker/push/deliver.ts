// Delivering a notification to a person's account (docs/push.md): always into the inbox, and as a
// Web Push to each of the account's browsers unless the daily cap or the account's quiet hours hold
// it back. Other code (watches: "a place went quiet") calls deliverToAccount; the pushes are sent
// by the push queue's consumer (./send.ts).
import type { PushPayload } from "../../common/schemas/push";
import { toBase64Url } from "../lib/crypto";
import { getDb } from "../db/client";
import { addToInboxes, claimPush, pushesInLastDay, pushPrefsOf, pushSubscriptionsOf, type NewConsumerNotification } from "../db/push";
import { pushDecision, type PushDecision } from "./quiet-hours";
import type { PushMessage, PushUrgency } from "./send";

export interface AccountNotification extends NewConsumerNotification {
  /** Pushes with the same tag replace each other (on the device and, as the Topic, at the push service). */
  tag: string;
  /** A one-tap "stop" for the watch that sent it, shown by the service worker. */
  stopUrl?: string;
  urgency?: PushUrgency;
  /** Seconds a push service keeps it for an offline device; default an hour. */
  ttl?: number;
}

/** `duplicate`: the inbox already had this notification (its dedupeKey), so nothing was stored or pushed. */
export type DeliveryResult =
  | { notificationId: number; push: PushDecision | "no_subscriptions"; queued: number }
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

/**
 * deliverToAccount for many accounts at once (a watch's page of watchers): the inbox rows in one
 * D1 batch and one trim, the subscriptions in one read; then, for each account that has any, the
 * cap and quiet hours as for one. The results are in the order of `deliveries`.
 */
export async function deliverToAccounts(
  env: Pick<Env, "DB" | "PUSH_QUEUE">,
  deliveries: readonly { accountId: number; notification: AccountNotification }[],
  now: number,
): Promise<DeliveryResult[]> {
  const payloads = deliveries.map(({ notification }) => payloadOf(notification));
  const db = getDb(env);
  const ids = await addToInboxes(
    db,
    deliveries.map(({ accountId, notification: { kind, title, body, url, placeId, dedupeKey } }) => ({
      userId: accountId,
      notification: { kind, title, body, url, placeId, dedupeKey },
    })),
    now,
  );
  const stored = deliveries.flatMap((delivery, i) => (ids[i] === null ? [] : [delivery.accountId]));
  const subscriptions = stored.length > 0 ? await pushSubscriptionsOf(db, stored) : [];
  return Promise.all(
    deliveries.map(async ({ accountId, notification }, i): Promise<DeliveryResult> => {
      const notificationId = ids[i];
      if (notificationId === null) return { notificationId, push: "duplicate", queued: 0 };
      const own = subscriptions.filter((subscription) => subscription.userId === accountId);
      if (own.length === 0) return { notificationId, push: "no_subscriptions", queued: 0 };
      const prefs = await pushPrefsOf(db, accountId);
      let push = pushDecision({ now, ...prefs, sentToday: await pushesInLastDay(db, accountId, now) });
      if (push === "push" && !(await claimPush(db, accountId, now))) push = "daily_cap";
      if (push !== "push") return { notificationId, push, queued: 0 };
      const topic = await topicOf(notification.tag);
      const messages: PushMessage[] = own.map((subscription) => ({
        subscription_id: subscription.id,
        payload: payloads[i],
        topic,
        urgency: notification.urgency ?? "normal",
        ttl: notification.ttl ?? DEFAULT_PUSH_TTL_S,
      }));
      // At most 10 subscriptions per account: one batch (sendBatch takes 100).
      await env.PUSH_QUEUE.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
      return { notificationId, push, queued: messages.length };
    }),
  );
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
