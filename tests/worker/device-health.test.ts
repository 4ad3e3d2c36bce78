// Sensor health through the API, with the real object and fixed clocks: each problem appears in
// GET /api/place/{id}/devices with its reason, and offline and stuck only while the venue is open.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { hoursOn } from "./hours-fixtures";
import { PlaceOccupancy, placeOccupancy } from "../../worker/occupancy/place-occupancy";
import type { DeviceAnswer } from "../../common/schemas/answers";
import { postJson } from "./helpers";
import { addDevice, asAdmin, createPlace, getAs, ingest, isoAt, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 13 May 2031, 17:00 in New York (EDT, UTC−4): the bar opens. */
const opening = Date.UTC(2031, 4, 13, 21, 0);
const minute = 60_000;
const hour = 60 * minute;

useFixedClock(opening);

/** Open every day 17:00–02:00. */
const barHours = hoursOn("17:00", "02:00");

async function bar() {
  const placeId = await createPlace({ hours: barHours });
  return { placeId, device: await addDevice(placeId, "Bar") };
}

/** The device's problems now; a fresh token each time, as the tests move the clock past its expiry. */
async function healthOf(placeId: number) {
  const answer = await (await getAs(`/api/place/${placeId}/devices`, await asAdmin())).json<{ devices: DeviceAnswer[] }>();
  return answer.devices[0].health;
}

/** The same count every 10 minutes from `from` for `hours` hours, the clock following. */
async function steadyCount(key: string, from: number, hours: number, count = 12) {
  for (let at = from; at <= from + hours * hour; at += 10 * minute) {
    vi.setSystemTime(at);
    expect((await ingest(key, { count })).status).toBe(200);
  }
}

describe("sensor health in GET /api/place/{id}/devices", () => {
  it("flags a count unchanged for 2 hours while open, and not one that moved", async () => {
    const { placeId, device } = await bar();
    await steadyCount(device.key, opening, 2);
    expect(await healthOf(placeId)).toEqual([
      { code: "stuck", message: "Stuck: the count has been 12 since Tue, May 13, 5:00 PM, over 2 hours while open" },
    ]);
    // One different count ends it.
    vi.setSystemTime(opening + 2 * hour + minute);
    await ingest(device.key, { count: 13 });
    expect(await healthOf(placeId)).toEqual([]);
  });

  it("does not call a count stuck while the venue is closed", async () => {
    const { placeId, device } = await bar();
    // 12:00 to 16:50: the same count all afternoon, before opening.
    await steadyCount(device.key, opening - 5 * hour, 4 + 5 / 6);
    expect(await healthOf(placeId)).toEqual([]);
  });

  it("flags a reading stamped 3 minutes ahead as clock drift, and not a buffered old one", async () => {
    const { placeId, device } = await bar();
    const auth = { authorization: `Bearer ${device.key}` };
    // A heartbeat keeps it online while it uploads what it buffered half an hour ago.
    expect((await postJson("/api/ingest/heartbeat", {}, auth)).status).toBe(200);
    expect((await ingest(device.key, { readings: [{ ts: isoAt(opening, -30), count: 8 }] })).status).toBe(200);
    expect(await healthOf(placeId)).toEqual([]);
    expect((await ingest(device.key, { readings: [{ ts: isoAt(opening, 3), count: 9 }] })).status).toBe(200);
    expect(await healthOf(placeId)).toEqual([{ code: "clock_drift", message: "Clock drift: its clock is 180 s ahead" }]);
  });

  it("flags weak signal from a heartbeat's rssi", async () => {
    const { placeId, device } = await bar();
    expect((await postJson("/api/ingest/heartbeat", { rssi: -90 }, { authorization: `Bearer ${device.key}` })).status).toBe(200);
    expect(await healthOf(placeId)).toEqual([{ code: "weak_signal", message: "Weak signal: -90 dBm (below -80 dBm)" }]);
  });

  it("flags a silent sensor as offline while open, with the time it was last heard", async () => {
    const { placeId, device } = await bar();
    vi.setSystemTime(opening + hour);
    await ingest(device.key, { count: 20 });
    vi.setSystemTime(opening + hour + 5 * minute);
    expect(await healthOf(placeId)).toEqual([]);
    vi.setSystemTime(opening + hour + 6 * minute);
    expect(await healthOf(placeId)).toEqual([{ code: "offline", message: "Offline since Tue, May 13, 6:00 PM" }]);
    // 03:00: closed, so silence is expected.
    vi.setSystemTime(opening + 10 * hour);
    expect(await healthOf(placeId)).toEqual([]);
  });

  it("dates an unchanged count from the first of a batch's last run of equal counts", async () => {
    const { placeId, device } = await bar();
    vi.setSystemTime(opening + 2 * hour);
    // Buffered: 9 at opening, then 12 from 17:10 to 19:00, sent at once.
    const readings = [{ ts: isoAt(opening, 0), count: 9 }];
    for (let m = 10; m <= 120; m += 10) readings.push({ ts: isoAt(opening, m), count: 12 });
    expect((await ingest(device.key, { readings })).status).toBe(200);
    expect(await healthOf(placeId)).toEqual([]);
    vi.setSystemTime(opening + 2 * hour + 10 * minute);
    await ingest(device.key, { count: 12 });
    expect(await healthOf(placeId)).toEqual([
      { code: "stuck", message: "Stuck: the count has been 12 since Tue, May 13, 5:10 PM, over 2 hours while open" },
    ]);
  });

  it("gives an object made before sensor health its columns, empty until the next reading", async () => {
    const placeId = await createPlace();
    const columns = await runInDurableObject(placeOccupancy(env, placeId), (_object, state) => {
      state.storage.sql.exec("ALTER TABLE devices DROP COLUMN count_since; ALTER TABLE devices DROP COLUMN drift_ms");
      new PlaceOccupancy(state, env);
      return state.storage.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('devices')").toArray().map((column) => column.name);
    });
    expect(columns).toEqual(expect.arrayContaining(["count_since", "drift_ms"]));
  });
});
