// Alerts in bulk (issue 25 item 2, docs/architecture.md#webhooks-and-alerts): a power cut that
// takes five sensors offline at a place with five webhooks writes 25 delivery rows, more than
// D1's 100 bound parameters in one statement allow when written row by row. Through the cron and
// the place's object against the real local D1 (which enforces that limit), with a fixed clock.
import { createScheduledController, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { dispatchAlerts, type DeliveryMessage } from "../../worker/alerts/delivery";
import { PENDING_ALERTS_KEPT, queuePendingAlerts } from "../../worker/alerts/pending-alerts";
import { NOTIFICATIONS_KEPT, NOTIFICATIONS_KEPT_MS } from "../../worker/db/alerts";
import type { NotificationsAnswer, WebhooksAnswer } from "../../common/schemas/alerts";
import { hoursOn } from "./hours-fixtures";
import { postJson } from "./helpers";
import { count } from "./fixtures";
import { addDevice, asAdmin, createPlace, getAs, ingest, useFixedClock } from "./occupancy-fixtures";

const minute = 60_000;
/** Tuesday 13 May 2031, 21:00 in New York (EDT). */
const T = Date.UTC(2031, 4, 14, 1, 0);

useFixedClock(T);

async function runCron(at: number) {
  vi.setSystemTime(at);
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
}

async function pendingAlertsOf(placeId: number): Promise<number> {
  return runInDurableObject(placeOccupancy(env, placeId), (_, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM pending_alerts").one().n);
}

/** A place open at T with `sensors` devices that each posted once at T, and `hooks` webhooks. */
async function placeWith(sensors: number, hooks: number) {
  const placeId = await createPlace({ hours: hoursOn("17:00", "02:00"), maxDevices: Math.max(1, sensors) });
  const admin = await asAdmin();
  for (let i = 0; i < hooks; i++) {
    expect((await postJson(`/api/place/${placeId}/webhooks`, { url: `https://hooks.example.com/${i}` }, admin)).status).toBe(201);
  }
  vi.setSystemTime(T);
  for (let i = 0; i < sensors; i++) expect((await ingest((await addDevice(placeId, `Door ${i}`)).key, { count: 10 })).status).toBe(200);
  return placeId;
}

describe("issue 25 item 2 (alerts stop and notifications repeat once a batch needs over 100 D1 parameters)", () => {
  it("five sensors offline at a place with five webhooks: 5 notifications and 25 deliveries, written once, pending alerts cleared", async () => {
    const placeId = await placeWith(5, 5);
    await runCron(T + 30 * minute);
    expect(await count("notifications", "place_id = ?", placeId)).toBe(5);
    expect(await count("webhook_deliveries", "webhook_id IN (SELECT id FROM webhooks WHERE place_id = ?)", placeId)).toBe(25);
    expect(await pendingAlertsOf(placeId)).toBe(0);

    // The next runs fire nothing new and insert nothing again.
    await runCron(T + 35 * minute);
    await runCron(T + 40 * minute);
    expect(await count("notifications", "place_id = ?", placeId)).toBe(5);
    const listed = (await (await getAs(`/api/place/${placeId}/webhooks`, await asAdmin())).json<WebhooksAnswer>()).webhooks;
    expect(listed.map((hook) => hook.deliveries.length)).toEqual([5, 5, 5, 5, 5]);
    const notes = (await (await getAs(`/api/place/${placeId}/notifications`, await asAdmin())).json<NotificationsAnswer>()).notifications;
    expect(notes.map((note) => note.type)).toEqual(Array(5).fill("sensor_offline"));
  });

  it("a flush repeated after the queue failed writes nothing twice and queues again what was never attempted", async () => {
    const placeId = await placeWith(0, 2);
    const alerts = [1, 2, 3].map((i) => ({ type: "sensor_offline" as const, occurredAt: T, message: `Sensor ${i} offline.`, data: { i }, key: `k${i}` }));
    const failing = { ...env, WEBHOOK_QUEUE: { sendBatch: () => Promise.reject(new Error("queue down")) } as unknown as Queue };
    await expect(dispatchAlerts(failing, placeId, alerts, T)).rejects.toThrow("queue down");
    const sent: DeliveryMessage[] = [];
    const working = { ...env, WEBHOOK_QUEUE: { sendBatch: async (batch: { body: DeliveryMessage }[]) => void sent.push(...batch.map((m) => m.body)) } as unknown as Queue };
    const ids = await dispatchAlerts(working, placeId, alerts, T + minute);
    expect(ids).toHaveLength(3);
    expect(await count("notifications", "place_id = ?", placeId)).toBe(3);
    expect(await count("webhook_deliveries", "notification_id IN (SELECT id FROM notifications WHERE place_id = ?)", placeId)).toBe(6);
    expect(sent.map((m) => m.event.id)).toEqual([ids[0], ids[0], ids[1], ids[1], ids[2], ids[2]]);
    expect(sent[0].event).toEqual({ id: ids[0], type: "sensor_offline", place_id: placeId, occurred_at: new Date(T).toISOString(), data: { i: 1 } });
  });

  it(`keeps the newest ${NOTIFICATIONS_KEPT} notifications of a place, none older than 90 days, and their delivery rows only`, async () => {
    const placeId = await placeWith(0, 1);
    const [hook] = (await env.DB.prepare("SELECT id FROM webhooks WHERE place_id = ?").bind(placeId).all<{ id: number }>()).results;
    const insert = env.DB.prepare("INSERT INTO notifications (place_id, type, occurred_at, message, data) VALUES (?, 'sensor_offline', ?, 'old', '{}') RETURNING id");
    const [ancient] = (await insert.bind(placeId, T - NOTIFICATIONS_KEPT_MS - 1).all<{ id: number }>()).results;
    const recent = await env.DB.batch(Array.from({ length: NOTIFICATIONS_KEPT + 4 }, () => insert.bind(placeId, T - minute)));
    await env.DB.prepare("INSERT INTO webhook_deliveries (webhook_id, notification_id, type, status) VALUES (?, ?, 'sensor_offline', 'delivered')").bind(hook.id, ancient.id).run();
    const other = await placeWith(0, 0);
    await insert.bind(other, T - NOTIFICATIONS_KEPT_MS - 1).run();

    const [newest] = await dispatchAlerts(env, placeId, [{ type: "sensor_offline", occurredAt: T, message: "new", data: {} }], T);
    const kept = (await env.DB.prepare("SELECT id FROM notifications WHERE place_id = ? ORDER BY id").bind(placeId).all<{ id: number }>()).results.map((r) => r.id);
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT);
    expect(kept.at(-1)).toBe(newest);
    // The oldest go: the 90-day-old one and the 5 beyond the newest 200.
    expect(kept[0]).toBe((recent[5].results[0] as { id: number }).id);
    expect(await count("webhook_deliveries", "webhook_id = ?", hook.id)).toBe(1);
    // Another place's are its own business.
    expect(await count("notifications", "place_id = ?", other)).toBe(1);
  });

  it(`a place's object keeps at most ${PENDING_ALERTS_KEPT} pending alerts, the newest`, async () => {
    const placeId = await createPlace();
    const fired = Array.from({ length: PENDING_ALERTS_KEPT + 20 }, (_, i) => ({ type: "sensor_offline" as const, occurredAt: T, message: `alert ${i}`, data: {} }));
    const kept = await runInDurableObject(placeOccupancy(env, placeId), (_, state) => {
      const sql = state.storage.sql;
      queuePendingAlerts(sql, fired.slice(0, 60));
      queuePendingAlerts(sql, fired.slice(60));
      return sql.exec<{ alert: string }>("SELECT alert FROM pending_alerts ORDER BY id").toArray().map((row) => JSON.parse(row.alert));
    });
    expect(kept).toHaveLength(PENDING_ALERTS_KEPT);
    expect(kept[0].message).toBe("alert 20");
    expect(kept.at(-1).message).toBe(`alert ${PENDING_ALERTS_KEPT + 19}`);
    expect(new Set(kept.map((alert) => alert.key)).size).toBe(PENDING_ALERTS_KEPT);
  });
});
