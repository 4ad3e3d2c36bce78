// Web Push subscriptions, people's inboxes and the push log behind the daily cap (docs/push.md).
// Every list here is bounded: 10 subscriptions and 200 inbox rows per account, inbox rows at most
// 90 days old, and push log rows at most a day old.
import { and, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { consumerNotifications, pushLog, pushSubscriptions, users } from "../../drizzle/schema";
import type { ConsumerNotificationsAnswer } from "../../common/schemas/push";
import { DAY_MS } from "../../common/local-time";
import { DAILY_PUSH_CAP, DEFAULT_QUIET_HOURS, type QuietHours } from "../push/quiet-hours";
import type { Database } from "./client";

export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;
export const INBOX_KEPT = 200;
export const INBOX_KEPT_MS = 90 * DAY_MS;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores the browser's subscription for the account; its id. An endpoint already stored (the same
 * browser, maybe signed in to another account before) moves to this account with the new keys:
 * only that browser knows its endpoint. Past 10, the account's oldest subscriptions are removed.
 */
export async function savePushSubscription(db: Database, userId: number, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<number> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
    })
    .returning({ id: pushSubscriptions.id });
  await db.run(sql`
    DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${MAX_SUBSCRIPTIONS_PER_ACCOUNT})`);
  return row.id;
}

/** Removes the account's subscription with this endpoint; false when the account has none such. */
export async function deletePushSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The subscriptions of these accounts (as one JSON parameter: D1 binds at most 100 per statement), in id order. */
export const pushSubscriptionsOf = (db: Database, userIds: readonly number[]) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.userId} IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`)
    .orderBy(pushSubscriptions.id);

export const pushSubscriptionById = (db: Database, id: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).get();

/** The push service said the subscription is gone (404/410), or its endpoint is no longer allowed. */
export async function forgetPushSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface NewConsumerNotification {
  kind: string;
  title: string;
  body: string;
  url: string;
  placeId?: number | null;
  /** What it is a notification of: the account's inbox stores one per key (a retried delivery adds nothing). */
  dedupeKey?: string;
}

/**
 * Adds notifications to their accounts' inboxes (one D1 batch) and trims those inboxes to the
 * newest 200 within 90 days (one statement); each one's id, or null when its account's inbox
 * already holds one with the same `dedupeKey`.
 */
export async function addToInboxes(db: Database, entries: readonly { userId: number; notification: NewConsumerNotification }[], now: number): Promise<(number | null)[]> {
  if (entries.length === 0) return [];
  const inserts = entries.map(({ userId, notification }) =>
    db
      .insert(consumerNotifications)
      .values({ userId, ...notification, placeId: notification.placeId ?? null, dedupeKey: notification.dedupeKey ?? null, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ id: consumerNotifications.id }),
  );
  const results = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  const cutoff = now - INBOX_KEPT_MS;
  // The accounts as one JSON parameter: D1 binds at most 100 per statement.
  const accounts = sql`(SELECT value FROM json_each(${JSON.stringify([...new Set(entries.map((entry) => entry.userId))])}))`;
  await db.run(sql`
    DELETE FROM consumer_notifications WHERE user_id IN ${accounts} AND (created_at < ${cutoff} OR id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS newer FROM consumer_notifications
        WHERE user_id IN ${accounts} AND created_at >= ${cutoff})
      WHERE newer > ${INBOX_KEPT}))`);
  return results.map((rows) => rows[0]?.id ?? null);
}

/** The cron's part: inbox rows past 90 days, in every account (accounts that get nothing new keep none either). */
export async function dropOldInboxRows(db: Database, now: number): Promise<void> {
  await db.delete(consumerNotifications).where(lt(consumerNotifications.createdAt, new Date(now - INBOX_KEPT_MS)));
}

const unreadOf = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(consumerNotifications)
    .where(and(eq(consumerNotifications.userId, userId), isNull(consumerNotifications.readAt)));
  return row?.n ?? 0;
};

/** A page of the inbox, newest first: `limit` rows with ids below `before`. */
export async function inboxOf(db: Database, userId: number, { limit, before }: { limit: number; before: number }): Promise<ConsumerNotificationsAnswer> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(consumerNotifications)
      .where(and(eq(consumerNotifications.userId, userId), lt(consumerNotifications.id, before)))
      .orderBy(desc(consumerNotifications.id))
      .limit(limit + 1),
    unreadOf(db, userId),
  ]);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      url: row.url,
      place_id: row.placeId,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
    unread,
    next_before: rows.length > limit ? page[page.length - 1].id : null,
  };
}

/**
 * Marks the account's notifications read (those of `ids` that are its own, or all); how many were,
 * how many stay unread, and the dedupe keys of those just marked (what they were notifications of).
 */
export async function markInboxRead(
  db: Database,
  userId: number,
  ids: number[] | "all",
  now: number,
): Promise<{ marked: number; unread: number; markedKeys: (string | null)[] }> {
  const mine = and(eq(consumerNotifications.userId, userId), isNull(consumerNotifications.readAt));
  const rows = await db
    .update(consumerNotifications)
    .set({ readAt: new Date(now) })
    .where(ids === "all" ? mine : and(mine, inArray(consumerNotifications.id, ids)))
    .returning({ id: consumerNotifications.id, key: consumerNotifications.dedupeKey });
  return { marked: rows.length, unread: await unreadOf(db, userId), markedKeys: rows.map((row) => row.key) };
}

/** Pushes let through for the account in the 24 hours up to `now` (after now − 24 h); older log rows are deleted first. */
export async function pushesInLastDay(db: Database, userId: number, now: number): Promise<number> {
  await db.delete(pushLog).where(and(eq(pushLog.userId, userId), lte(pushLog.sentAt, new Date(now - DAY_MS))));
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(pushLog).where(eq(pushLog.userId, userId));
  return row?.n ?? 0;
}

/** Counts a push against the daily cap unless it is reached; whether it was. The check is inside the insert, so parallel deliveries cannot pass it. */
export async function claimPush(db: Database, userId: number, now: number): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO push_log (user_id, sent_at)
    SELECT ${userId}, ${now}
    WHERE (SELECT count(*) FROM push_log WHERE user_id = ${userId} AND sent_at > ${now - DAY_MS}) < ${DAILY_PUSH_CAP}
    RETURNING id`);
  return rows.length > 0;
}

export interface PushPrefs {
  timeZone: string;
  quietHours: QuietHours | null;
}

/**
 * The account's time zone and quiet hours, from its users row: `time_zone` (IANA name, from the
 * browser) and `quiet_from` / `quiet_to` ("HH:MM", set by PATCH /api/me; both null = none).
 * An account that is gone gets the defaults; nothing is pushed to it anyway.
 */
export async function pushPrefsOf(db: Database, userId: number): Promise<PushPrefs> {
  const [row] = await db
    .select({ timeZone: users.timeZone, quietFrom: users.quietFrom, quietTo: users.quietTo })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { timeZone: "UTC", quietHours: DEFAULT_QUIET_HOURS };
  const { timeZone, quietFrom, quietTo } = row;
  return { timeZone, quietHours: quietFrom !== null && quietTo !== null ? { start: quietFrom, end: quietTo } : null };
}
