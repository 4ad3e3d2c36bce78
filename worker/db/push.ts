// Web Push subscriptions, people's inboxes and the push log behind the daily cap (docs/push.md).
// Every list here is bounded: 10 subscriptions and 200 inbox rows per account, inbox rows at most
// 90 days old, and push log rows at most a day old.
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { consumerNotifications, pushLog, pushSubscriptions, users } from "../../drizzle/schema";
import type { ConsumerNotificationsAnswer } from "../../common/schemas/push";
import { DAY_MS } from "../../common/local-time";
import { DAILY_PUSH_CAP, type QuietHours } from "../push/quiet-hours";
import { d1Statement, type Database } from "./client";

export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;
export const INBOX_KEPT = 200;
export const INBOX_KEPT_MS = 90 * DAY_MS;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores the browser's subscription for the account; its id. The account's own endpoint again (the
 * same browser subscribing again) takes the new keys. An endpoint another account holds stays
 * theirs, untouched: null (docs/push.md#endpoints-never-move; issue 37: whoever learnt an endpoint
 * could take a person's pushes by registering it). Past 10, the account's oldest subscriptions are
 * removed.
 */
export async function savePushSubscription(db: Database, userId: number, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<number | null> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: subscription.p256dh, auth: subscription.auth, createdAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
      where: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (!row) return null;
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
  /** The account it names ("Maya is at …"): deleting that account deletes it (docs/accounts.md#deleting-an-account). */
  aboutUserId?: number;
  /** With a dedupeKey: this one replaces the stored one (as the newest row, unread) instead of being dropped. */
  replaces?: boolean;
}

/**
 * A delivery to store: its account, its inbox row, and whether to count a push against the
 * account's daily cap: a push of `tag`, and with `gapMs` only when no push of that tag went to the
 * account within that long.
 */
export interface InboxEntry {
  userId: number;
  notification: NewConsumerNotification;
  claimPush: { tag: string; gapMs?: number } | null;
}

/** The accounts as one JSON parameter: D1 binds at most 100 per statement. */
const accountsIn = (userIds: readonly number[]) => sql`(SELECT value FROM json_each(${JSON.stringify([...new Set(userIds)])}))`;

/**
 * Stores deliveries in one D1 batch (one transaction): the push log's rows past a day for the
 * accounts that may be pushed to, then for each entry its push claim (when asked) and its inbox
 * row, then the trim of those inboxes to the newest 200 within 90 days. For each entry: its inbox
 * row's id, or null when the account's inbox already holds one with the same `dedupeKey`; and
 * whether a push was counted. A claim counts a push only while the account has had fewer than
 * DAILY_PUSH_CAP in the 24 hours up to `now`, and only when the inbox row is new: it goes before
 * the insert and asks whether the key is there yet, in the same transaction, so a retried page (or
 * two deliveries at once) counts no push twice and never passes the cap. A notification that
 * `replaces` deletes the row of its key before its insert, so a stream of them keeps one row and
 * only the claim's gap (no push of its tag to the account within it) holds its pushes back.
 */
export async function storeDeliveries(db: Database, entries: readonly InboxEntry[], now: number): Promise<{ id: number | null; claimed: boolean }[]> {
  if (entries.length === 0) return [];
  const dayAgo = now - DAY_MS;
  const claiming = entries.filter((entry) => entry.claimPush !== null).map((entry) => entry.userId);
  const statements: D1PreparedStatement[] = [];
  if (claiming.length > 0) statements.push(d1Statement(db, sql`DELETE FROM push_log WHERE user_id IN ${accountsIn(claiming)} AND sent_at <= ${dayAgo}`));
  /** Per entry: the index of its claim's statement (or null) and of its insert's. */
  const at: { claim: number | null; insert: number }[] = [];
  for (const { userId, notification, claimPush } of entries) {
    const dedupeKey = notification.dedupeKey ?? null;
    const replaces = notification.replaces === true && dedupeKey !== null;
    let claim: number | null = null;
    if (claimPush) {
      const notStored = replaces ? sql`1` : sql`NOT EXISTS (SELECT 1 FROM consumer_notifications WHERE user_id = ${userId} AND dedupe_key = ${dedupeKey})`;
      const gapPassed =
        claimPush.gapMs === undefined ? sql`1` : sql`NOT EXISTS (SELECT 1 FROM push_log WHERE user_id = ${userId} AND tag = ${claimPush.tag} AND sent_at > ${now - claimPush.gapMs})`;
      claim = statements.push(
        d1Statement(
          db,
          sql`
          INSERT INTO push_log (user_id, sent_at, tag)
          SELECT ${userId}, ${now}, ${claimPush.tag}
          WHERE (SELECT count(*) FROM push_log WHERE user_id = ${userId} AND sent_at > ${dayAgo}) < ${DAILY_PUSH_CAP}
            AND ${notStored} AND ${gapPassed}
          RETURNING id`,
        ),
      ) - 1;
    }
    if (replaces) {
      statements.push(d1Statement(db, sql`DELETE FROM consumer_notifications WHERE user_id = ${userId} AND dedupe_key = ${dedupeKey}`));
    }
    const { replaces: _replaces, ...stored } = notification;
    const insert =
      statements.push(
        d1Statement(
          db,
          db
            .insert(consumerNotifications)
            .values({ userId, ...stored, placeId: notification.placeId ?? null, dedupeKey, createdAt: new Date(now) })
            .onConflictDoNothing()
            .returning({ id: consumerNotifications.id }),
        ),
      ) - 1;
    at.push({ claim, insert });
  }
  const cutoff = now - INBOX_KEPT_MS;
  const accounts = accountsIn(entries.map((entry) => entry.userId));
  statements.push(
    d1Statement(
      db,
      sql`
      DELETE FROM consumer_notifications WHERE user_id IN ${accounts} AND (created_at < ${cutoff} OR id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS newer FROM consumer_notifications
          WHERE user_id IN ${accounts} AND created_at >= ${cutoff})
        WHERE newer > ${INBOX_KEPT}))`,
    ),
  );
  const results = await db.$client.batch<{ id: number }>(statements);
  return at.map(({ claim, insert }) => ({
    id: results[insert].results[0]?.id ?? null,
    claimed: claim !== null && results[claim].results.length > 0,
  }));
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

/** An account that has push subscriptions: its time zone and quiet hours, its pushes in the 24 hours up to `now`, and its subscriptions' ids. */
export interface PushTarget {
  timeZone: string;
  quietHours: QuietHours | null;
  sentToday: number;
  subscriptionIds: number[];
}

/**
 * One read for many accounts: those of `userIds` that have push subscriptions, each with what
 * deciding a push needs. The users row's `time_zone` (IANA name, from the browser) and
 * `quiet_from` / `quiet_to` ("HH:MM", set by PATCH /api/me; both null = none), and the push log's
 * rows after now − 24 h (older ones are deleted when a push is next claimed).
 */
export async function pushTargetsOf(db: Database, userIds: readonly number[], now: number): Promise<Map<number, PushTarget>> {
  const targets = new Map<number, PushTarget>();
  if (userIds.length === 0) return targets;
  const rows = await db.all<{ id: number; user_id: number; time_zone: string; quiet_from: string | null; quiet_to: string | null; sent_today: number }>(sql`
    SELECT s.id, s.user_id, u.time_zone, u.quiet_from, u.quiet_to,
      (SELECT count(*) FROM ${pushLog} WHERE user_id = s.user_id AND sent_at > ${now - DAY_MS}) AS sent_today
    FROM ${pushSubscriptions} s JOIN ${users} u ON u.id = s.user_id
    WHERE s.user_id IN ${accountsIn(userIds)}
    ORDER BY s.id`);
  for (const row of rows) {
    const target = targets.get(row.user_id);
    if (target) target.subscriptionIds.push(row.id);
    else
      targets.set(row.user_id, {
        timeZone: row.time_zone,
        quietHours: row.quiet_from !== null && row.quiet_to !== null ? { start: row.quiet_from, end: row.quiet_to } : null,
        sentToday: row.sent_today,
        subscriptionIds: [row.id],
      });
  }
  return targets;
}
