// D1 side of alerts (docs/alerts.md): rules per place, notifications, webhook endpoints and
// their delivery log. Plain functions taking `db`, so routes, the place's object, the cron and
// the queue consumer share them.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alertRules, devices, notifications, places, webhookDeliveries, webhooks } from "../../drizzle/schema";
import { alertRulesSchema, DEFAULT_ALERT_RULES, type AlertRules, type NotificationAnswer, type NotificationType, type WebhookAnswer } from "../../common/schemas/alerts";
import * as v from "valibot";
import { isoOrNull } from "../lib/iso";
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
}

/** Stores notifications; their ids, in order. */
export async function insertNotifications(db: Database, placeId: number, items: readonly NewNotification[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(items.map((item) => ({ placeId, type: item.type, occurredAt: new Date(item.occurredAt), message: item.message, data: item.data })))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
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

export async function createWebhook(db: Database, placeId: number, url: string, secret: string): Promise<number | null> {
  // The cap is checked inside the insert, so parallel posts cannot pass it.
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO webhooks (place_id, url, secret)
    SELECT ${placeId}, ${url}, ${secret}
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

/** The endpoints that still receive alerts. */
export async function activeWebhooksOf(db: Database, placeId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.placeId, placeId), isNull(webhooks.disabledAt)));
}

export async function webhookById(db: Database, webhookId: number) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, webhookId)).limit(1);
  return row;
}

/** A log row per (endpoint, alert), pending until its first attempt. */
export async function insertPendingDeliveries(db: Database, rows: readonly { webhookId: number; notificationId: number; type: string }[]) {
  if (rows.length === 0) return;
  await db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, status: "pending" as const })))
    .onConflictDoNothing();
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
