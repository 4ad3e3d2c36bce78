// Alerts through the API with real D1, the place's object and the cron (docs/alerts.md): rules
// (defaults, validation, who may), episodes evaluated by the object as readings arrive and
// delivered by its alarm, offline sensors from the cron, notifications read and marked.
// A fixed clock in the future, so no alarm fires on its own.
import { createScheduledController, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { hoursOn } from "./hours-fixtures";
import worker from "../../worker/index";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { DEFAULT_ALERT_RULES, type AlertRules, type NotificationsAnswer } from "../../common/schemas/alerts";
import { api, postJson } from "./helpers";
import { addDevice, asAdmin, createPlace, errorOf, getAs, ingest, ownerOf, useFixedClock } from "./occupancy-fixtures";

const minute = 60_000;
/** Tuesday 13 May 2031, 21:00 in New York (EDT). */
const T = Date.UTC(2031, 4, 14, 1, 0);

useFixedClock(T);


function putRules(placeId: number, rules: unknown, headers: Record<string, string>) {
  return api(`/api/place/${placeId}/alert-rules`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(rules),
  });
}

const immediate: AlertRules = { ...DEFAULT_ALERT_RULES, near_capacity: { enabled: true, percent: 90, minutes: 0 } };

async function notificationsOf(placeId: number, headers: Record<string, string>) {
  const response = await getAs(`/api/place/${placeId}/notifications`, headers);
  expect(response.status).toBe(200);
  return response.json<NotificationsAnswer>();
}

/** Moves the clock to `minutes` past T, posts one count, and runs the object's alarm. */
async function countAt(placeId: number, key: string, minutes: number, count: number) {
  vi.setSystemTime(T + minutes * minute);
  expect((await ingest(key, { count })).status).toBe(200);
  await runDurableObjectAlarm(placeOccupancy(env, placeId));
}

describe("GET/PUT /api/place/{id}/alert-rules", () => {
  it("answers the defaults for a place that never saved any, and what was saved afterwards", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const before = await getAs(`/api/place/${placeId}/alert-rules`, owner);
    expect(await before.json()).toEqual({
      near_capacity: { enabled: true, percent: 90, minutes: 10 },
      busier_than_usual: { enabled: true, points: 20, minutes: 30 },
      sensor_offline: { enabled: true, minutes: 30 },
      sensor_flagged: { enabled: true },
    });
    const rules: AlertRules = { ...DEFAULT_ALERT_RULES, near_capacity: { enabled: false, percent: 75, minutes: 0 } };
    const put = await putRules(placeId, rules, owner);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(rules);
    expect(await (await getAs(`/api/place/${placeId}/alert-rules`, owner)).json()).toEqual(rules);
  });

  it.each([
    [{ ...DEFAULT_ALERT_RULES, near_capacity: { enabled: true, percent: 0, minutes: 10 } }, "near_capacity.percent must be a whole number from 1 to 100."],
    [{ ...DEFAULT_ALERT_RULES, near_capacity: { enabled: true, percent: 90, minutes: -1 } }, "near_capacity.minutes must be a whole number from 0 to 1440."],
    [{ ...DEFAULT_ALERT_RULES, busier_than_usual: { enabled: true, points: 20.5, minutes: 30 } }, "busier_than_usual.points must be a whole number from 1 to 100."],
    [{ ...DEFAULT_ALERT_RULES, sensor_offline: { enabled: true, minutes: 2 } }, "sensor_offline.minutes must be a whole number from 5 to 1440."],
    [{ ...DEFAULT_ALERT_RULES, sensor_flagged: { enabled: "yes" } }, "sensor_flagged.enabled must be true or false."],
    [{ ...DEFAULT_ALERT_RULES, sensor_flagged: { enabled: true, extra: 1 } }, "sensor_flagged must be an object with only enabled."],
    [{ near_capacity: DEFAULT_ALERT_RULES.near_capacity }, "busier_than_usual"],
    [{ ...DEFAULT_ALERT_RULES, surprise: true }, "and nothing else"],
  ])("refuses %j with a 400 naming the field", async (body, words) => {
    const placeId = await createPlace();
    const response = await putRules(placeId, body, await ownerOf(placeId));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(words);
  });

  it.each([
    ["no token", 401, async () => ({})],
    ["the owner of another place", 403, async () => ownerOf(await createPlace())],
    ["the owner", 200, async (placeId: number) => ownerOf(placeId)],
    ["the admin", 200, async () => asAdmin()],
  ] as const)("%s: rules, notifications and webhooks answer %i", async (_who, status, headersFor) => {
    const placeId = await createPlace();
    const headers = await headersFor(placeId);
    expect((await getAs(`/api/place/${placeId}/alert-rules`, headers)).status).toBe(status);
    expect((await putRules(placeId, DEFAULT_ALERT_RULES, headers)).status).toBe(status);
    expect((await getAs(`/api/place/${placeId}/notifications`, headers)).status).toBe(status);
    expect((await getAs(`/api/place/${placeId}/webhooks`, headers)).status).toBe(status);
  });
});

describe("near capacity, evaluated by the place's object", () => {
  it("fires once per episode and re-arms after the room empties; notifications newest first, then read", async () => {
    const placeId = await createPlace({ packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    expect((await putRules(placeId, immediate, owner)).status).toBe(200);
    const device = await addDevice(placeId);

    await countAt(placeId, device.key, 0, 95);
    await countAt(placeId, device.key, 1, 97);
    await countAt(placeId, device.key, 2, 99);
    let answer = await notificationsOf(placeId, owner);
    expect(answer.unread).toBe(1);
    expect(answer.notifications).toEqual([
      {
        id: expect.any(Number),
        type: "near_capacity",
        occurred_at: new Date(T).toISOString(),
        message: "Near capacity: 95% full (alert at 90%).",
        data: { percent: 95, people: 95, threshold_percent: 90, minutes: 0 },
        read: false,
      },
    ]);

    await countAt(placeId, device.key, 3, 40);
    await countAt(placeId, device.key, 4, 92);
    answer = await notificationsOf(placeId, owner);
    expect(answer.notifications.map((n) => [n.type, n.occurred_at])).toEqual([
      ["near_capacity", new Date(T + 4 * minute).toISOString()],
      ["near_capacity", new Date(T).toISOString()],
    ]);
    expect(answer.unread).toBe(2);

    const read = await postJson(`/api/place/${placeId}/notifications/read`, {}, owner);
    expect(await read.json()).toEqual({ marked: 2, unread: 0 });
    answer = await notificationsOf(placeId, owner);
    expect(answer.unread).toBe(0);
    expect(answer.notifications.every((n) => n.read)).toBe(true);
  });

  it("waits for the rule's minutes, counted by the alarm even between readings", async () => {
    const placeId = await createPlace({ packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    await putRules(placeId, { ...DEFAULT_ALERT_RULES, near_capacity: { enabled: true, percent: 90, minutes: 2 } }, owner);
    const device = await addDevice(placeId);
    await countAt(placeId, device.key, 0, 95);
    await countAt(placeId, device.key, 1, 95);
    expect((await notificationsOf(placeId, owner)).notifications).toEqual([]);
    // No new reading: the alarm alone sees 2 minutes held.
    vi.setSystemTime(T + 2 * minute);
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    expect((await notificationsOf(placeId, owner)).notifications.map((n) => n.type)).toEqual(["near_capacity"]);
  });

  it("fires on the reading that crosses the rule, from every device's latest count, without a revoked device's", async () => {
    const placeId = await createPlace({ packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    await putRules(placeId, immediate, owner);
    const door = await addDevice(placeId, "Door");
    const bar = await addDevice(placeId, "Bar");
    // The alarm loads the rules; after that only readings step the episode until it runs again.
    await countAt(placeId, door.key, 0, 50);
    const countNow = async (key: string, minutes: number, count: number) => {
      vi.setSystemTime(T + minutes * minute);
      expect((await ingest(key, { count })).status).toBe(200);
    };
    await countNow(bar.key, 1, 30); // 80 %
    await countNow(door.key, 2, 55); // 85 %
    await countNow(bar.key, 3, 40); // 95 %: fires
    await countNow(door.key, 4, 10); // 50 %: the episode ends
    expect(
      (await api(`/api/place/${placeId}/devices/${bar.id}`, { method: "DELETE", headers: await asAdmin() })).status,
    ).toBe(200);
    // Bar's 40 no longer counts: 60 % and no second alert.
    await countNow(door.key, 5, 60);
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    const fired = (await notificationsOf(placeId, owner)).notifications;
    expect(fired.map((n) => [n.type, n.occurred_at, n.data])).toEqual([
      ["near_capacity", new Date(T + 3 * minute).toISOString(), { percent: 95, people: 95, threshold_percent: 90, minutes: 0 }],
    ]);
  });

  it("a rule switched off does not fire", async () => {
    const placeId = await createPlace({ packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    await putRules(placeId, { ...immediate, near_capacity: { enabled: false, percent: 90, minutes: 0 } }, owner);
    const device = await addDevice(placeId);
    await countAt(placeId, device.key, 0, 100);
    expect((await notificationsOf(placeId, owner)).notifications).toEqual([]);
  });
});

describe("sensor offline, from the cron", () => {
  async function runCron(at: number) {
    vi.setSystemTime(at);
    await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
  }

  it("fires once for a sensor silent 30 minutes while open, never while closed", async () => {
    const open = await createPlace({ hours: hoursOn("17:00", "02:00") }); // open at 21:00
    const closed = await createPlace({ hours: hoursOn("08:00", "12:00") }); // closed at 21:00
    const a = await addDevice(open, "Door");
    const b = await addDevice(closed, "Door");
    vi.setSystemTime(T);
    await ingest(a.key, { count: 10 });
    await ingest(b.key, { count: 10 });

    await runCron(T + 25 * minute);
    expect((await notificationsOf(open, await asAdmin())).notifications).toEqual([]);
    await runCron(T + 30 * minute);
    await runCron(T + 35 * minute);
    const fired = (await notificationsOf(open, await asAdmin())).notifications;
    expect(fired.map((n) => [n.type, n.message])).toEqual([["sensor_offline", "Sensor offline: Door has sent nothing for 30 min while the venue is open."]]);
    expect(fired[0].data).toEqual({ device_id: a.id, device_name: "Door", last_seen_at: new Date(T).toISOString(), minutes: 30 });

    await runCron(T + 3 * 60 * minute);
    expect((await notificationsOf(closed, await asAdmin())).notifications).toEqual([]);
  });
});
