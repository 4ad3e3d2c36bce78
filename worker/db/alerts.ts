// D1 side of alerts (docs/alerts.md): rules per place, notifications, webhook endpoints and
// their delivery log. Plain functions taking `db`, so routes, the place's object, the cron and
// the queue consumer share them.
import { and, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alertRules, devices, notifications, places, webhookDeliveries, webhooks } from "../../drizzle/schema";
import { alertRulesSchema, DEFAULT_ALERT_RULES, type AlertRules, type NotificationAnswer, type NotificationType, type WebhookAnswer } from "../../common/schemas/alerts";
import * as v from "valibot";
import { isoOrNull } from "../lib/iso";
import { DAY_MS } from "../../common/local-time";
import type { Database } from "./client";
import { hourColumns, hoursOfRow } from "./when-to-go";
import type { PlaceHours } from "../../common/schemas/answers";

/** Notifications a place's list shows. */
export const NOTIFICATIONS_SHOWN = 50;
/** Deliveries shown per endpoint. */
export const DELIVERIES_SHOWN = 20;
/** Endpoints a place may have: each alert is one queue message per endpoint. */
export const MAX_WEBHOOKS_PER_PLACE = 5;

/** The place's rules, or the defaults when its owners never saved any (a stored set is read leniently: a bad one means defaults). */
export async function alertRulesOf(db: Database, placeId: number): Promise<AlertRules> {
  const [row] = await db.select({ rules: alertRules.rules }).from(alertRules).where(eq(alertRules.placeId, placeId)).limit(1);
  if (!row) return DEFAULT_ALERT_RULES;
  const parsed = v.safeParse(alertRulesSchema, row.rules);
  return parsed.success ? parsed.output : DEFAULT_ALERT_RULES;
}

export async function saveAlertRules(db: Database, placeId: number, rules: AlertRules, now: number) {
  await db
    .insert(alertRules)
    .values({ placeId, rules, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: alertRules.placeId, set: { rules, updatedAt: new Date(now) } });
}

export interface NewNotification {
  type: NotificationType;
  occurredAt: number;
  message: string;
  data: Record<string, unknown>;
  /** Names the alert at its place: written a second time, it is skipped. */
  key?: string;
}

/**
 * Notifications kept per place, and for how long (docs/architecture.md#webhooks-and-alerts):
 * every write of alerts deletes older ones, with their delivery rows, in the same batch.
 */
export const NOTIFICATIONS_KEPT = 200;
export const NOTIFICATIONS_KEPT_MS = 90 * DAY_MS;

/**
 * Inserts notifications from one JSON parameter (json_each), so any number of them is one bound
 * parameter and never meets D1's limit of 100 per statement. One whose key the place already has
 * is skipped. A D1 statement: Drizzle's batch cannot bind raw SQL.
 */
function insertNotificationsStatement(db: Database, placeId: number, items: readonly NewNotification[]): D1PreparedStatement {
  const rows = JSON.stringify(items.map((item) => ({ type: item.type, occurred_at: item.occurredAt, message: item.message, data: item.data, key: item.key ?? null })));
  // The WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
  return db.$client
    .prepare(
      `INSERT INTO notifications (place_id, type, occurred_at, message, data, alert_key)
       SELECT ?1, json_extract(value, '$.type'), json_extract(value, '$.occurred_at'), json_extract(value, '$.message'),
         json_extract(value, '$.data'), json_extract(value, '$.key')
       FROM json_each(?2) WHERE true
       ON CONFLICT (place_id, alert_key) DO NOTHING`,
    )
    .bind(placeId, rows);
}

/** Stores a notice such as a disabled webhook's. */
export async function insertNotifications(db: Database, placeId: number, items: readonly NewNotification[]) {
  if (items.length > 0) await insertNotificationsStatement(db, placeId, items).run();
}

/** A notification written by writeAlerts and an active endpoint it is still to be posted to (null: none). */
export interface WrittenAlert {
  notificationId: number;
  key: string;
  webhookId: number | null;
}

/** This batch's notifications (?1 the place, ?2 the keys as a JSON array) and their place's active endpoints (w). */
const OURS = "n.place_id = ?1 AND n.alert_key IN (SELECT value FROM json_each(?2))";
const ACTIVE = "w.place_id = n.place_id AND w.disabled_at IS NULL";

/**
 * Writes keyed alerts in one D1 batch (one transaction): their notifications, a pending delivery
 * row per active endpoint, and the retention cut (NOTIFICATIONS_KEPT, NOTIFICATIONS_KEPT_MS before
 * `now`). Written again with the same keys it adds nothing. Answers each notification with every
 * endpoint not yet attempted, by notification id then endpoint id.
 */
export async function writeAlerts(db: Database, placeId: number, alerts: readonly (NewNotification & { key: string })[], now: number): Promise<WrittenAlert[]> {
  const keys = JSON.stringify(alerts.map((alert) => alert.key));
  const d1 = db.$client;
  const results = await d1.batch([
    insertNotificationsStatement(db, placeId, alerts),
    d1
      .prepare(
        `INSERT INTO webhook_deliveries (webhook_id, notification_id, type, status)
         SELECT w.id, n.id, n.type, 'pending' FROM notifications n JOIN webhooks w ON ${ACTIVE} WHERE ${OURS}
         ON CONFLICT DO NOTHING`,
      )
      .bind(placeId, keys),
    d1
      .prepare(
        `DELETE FROM notifications WHERE place_id = ?1 AND (occurred_at < ?2
           OR id <= (SELECT id FROM notifications WHERE place_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?3))`,
      )
      .bind(placeId, now - NOTIFICATIONS_KEPT_MS, NOTIFICATIONS_KEPT),
    d1
      .prepare(
        `DELETE FROM webhook_deliveries WHERE webhook_id IN (SELECT id FROM webhooks WHERE place_id = ?1)
           AND notification_id NOT IN (SELECT id FROM notifications WHERE place_id = ?1)`,
      )
      .bind(placeId),
    d1
      .prepare(
        `SELECT n.id AS notification_id, n.alert_key AS key, w.id AS webhook_id FROM notifications n
         LEFT JOIN webhooks w ON ${ACTIVE}
           AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.notification_id = n.id AND d.attempts = 0)
         WHERE ${OURS} ORDER BY n.id, w.id`,
      )
      .bind(placeId, keys),
  ]);
  const written = results[4].results as { notification_id: number; key: string; webhook_id: number | null }[];
  return written.map((row) => ({ notificationId: row.notification_id, key: row.key, webhookId: row.webhook_id }));
}

export async function notificationsOf(db: Database, placeId: number): Promise<{ notifications: NotificationAnswer[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.placeId, placeId)).orderBy(desc(notifications.id)).limit(NOTIFICATIONS_SHOWN),
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.placeId, placeId), isNull(notifications.readAt))),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type as NotificationType,
      occurred_at: row.occurredAt.toISOString(),
      message: row.message,
      data: row.data as Record<string, unknown>,
      read: row.readAt !== null,
    })),
    unread: unread?.n ?? 0,
  };
}

/** Marks every unread notification of the place read; how many were. */
export async function markNotificationsRead(db: Database, placeId: number, now: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date(now) })
    .where(and(eq(notifications.placeId, placeId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Adds an endpoint `createdBy` the owner (null: the admin); null when the place has its 5 already. */
export async function createWebhook(db: Database, placeId: number, url: string, secret: string, createdBy: number | null): Promise<number | null> {
  // The cap is checked inside the insert, so parallel posts cannot pass it.
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO webhooks (place_id, url, secret, created_by)
    SELECT ${placeId}, ${url}, ${secret}, ${createdBy}
    WHERE (SELECT count(*) FROM webhooks WHERE place_id = ${placeId}) < ${MAX_WEBHOOKS_PER_PLACE}
    RETURNING id`);
  return rows[0]?.id ?? null;
}

export async function deleteWebhook(db: Database, placeId: number, webhookId: number): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.placeId, placeId), eq(webhooks.id, webhookId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export async function webhooksOf(db: Database, placeId: number): Promise<WebhookAnswer[]> {
  const endpoints = await db.select().from(webhooks).where(eq(webhooks.placeId, placeId)).orderBy(webhooks.id);
  const logs = await Promise.all(
    endpoints.map((endpoint) =>
      db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, endpoint.id)).orderBy(desc(webhookDeliveries.id)).limit(DELIVERIES_SHOWN),
    ),
  );
  return endpoints.map((endpoint, i) => ({
    id: endpoint.id,
    url: endpoint.url,
    created_at: endpoint.createdAt.toISOString(),
    disabled_at: isoOrNull(endpoint.disabledAt),
    failing_since: isoOrNull(endpoint.failingSince),
    deliveries: logs[i].map((delivery) => ({
      id: delivery.id,
      notification_id: delivery.notificationId,
      type: delivery.type,
      status: delivery.status,
      http_status: delivery.httpStatus,
      error: delivery.error,
      attempts: delivery.attempts,
      last_attempt_at: isoOrNull(delivery.lastAttemptAt),
    })),
  }));
}

export async function webhookById(db: Database, webhookId: number) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, webhookId)).limit(1);
  return row;
}

export interface AttemptOutcome {
  webhookId: number;
  notificationId: number;
  status: "pending" | "delivered" | "failed";
  httpStatus: number | null;
  error: string | null;
  attempts: number;
  at: number;
}

export async function recordAttempt(db: Database, outcome: AttemptOutcome) {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      httpStatus: outcome.httpStatus,
      error: outcome.error,
      attempts: outcome.attempts,
      lastAttemptAt: new Date(outcome.at),
    })
    .where(and(eq(webhookDeliveries.webhookId, outcome.webhookId), eq(webhookDeliveries.notificationId, outcome.notificationId)));
}

/** A success ends the endpoint's run of failures. */
export async function webhookSucceeded(db: Database, webhookId: number) {
  await db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhookId));
}

/** Since when the endpoint has been failing, counting this failure at `now`. */
export async function webhookFailed(db: Database, webhookId: number, now: number): Promise<number> {
  const [row] = await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now})` })
    .where(eq(webhooks.id, webhookId))
    .returning({ failingSince: webhooks.failingSince });
  return row?.failingSince?.getTime() ?? now;
}

/** Disables the endpoint; false when it already was (so the notice is written once). */
export async function disableWebhook(db: Database, webhookId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ disabledAt: new Date(now) })
    .where(and(eq(webhooks.id, webhookId), isNull(webhooks.disabledAt)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * Switches off, where `when` holds, the place's endpoints that `userId` added and those with no
 * recorded creator (the admin's, and any added before creators were recorded: nobody can say they
 * were not that owner's). A statement for the owner removal's batch.
 */
export function disableWebhooksOfOwner(db: Database, placeId: number, userId: number, when: SQL | undefined, now: Date) {
  return db
    .update(webhooks)
    .set({ disabledAt: now })
    .where(and(eq(webhooks.placeId, placeId), isNull(webhooks.disabledAt), or(eq(webhooks.createdBy, userId), isNull(webhooks.createdBy)), when));
}

/** Active devices grouped by place, with what sensor health needs: what the offline cron asks about. */
export interface PlaceSensors {
  placeId: number;
  timeZone: string;
  hours: PlaceHours;
  devices: { id: number; name: string; lorawan: boolean }[];
}

export async function placesWithDevices(db: Database): Promise<PlaceSensors[]> {
  const rows = await db
    .select({ placeId: places.id, timeZone: places.timezone, ...hourColumns, deviceId: devices.id, name: devices.name, devEui: devices.devEui })
    .from(devices)
    .innerJoin(places, eq(places.id, devices.placeId))
    .where(isNull(devices.revokedAt))
    .orderBy(places.id, devices.id);
  const byPlace = new Map<number, PlaceSensors>();
  for (const row of rows) {
    let place = byPlace.get(row.placeId);
    if (!place) {
      place = { placeId: row.placeId, timeZone: row.timeZone, hours: hoursOfRow(row), devices: [] };
      byPlace.set(row.placeId, place);
    }
    place.devices.push({ id: row.deviceId, name: row.name, lorawan: row.devEui !== null });
  }
  return [...byPlace.values()];
}
