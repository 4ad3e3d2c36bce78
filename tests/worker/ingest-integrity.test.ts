// What a sensor can do to stored data (issue 12): late readings against rollups the object holds
// no raw data for, readings stamped ahead, floods of readings within a minute and implausible
// counts. A fixed clock in the future, so no alarm fires on its own.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { PlaceOccupancy, placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { RETENTION_MS } from "../../worker/occupancy/reading-window";
import { addDevice, createPlace, getAs, ingest, isoAt, ownerOf, useFixedClock } from "./occupancy-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0); // a quarter-hour boundary
const minute = 60_000;
const hour = 60 * minute;

useFixedClock(T);

async function rollup(placeId: number, start: number) {
  return env.DB.prepare("SELECT avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ? AND bucket_start = ?")
    .bind(placeId, start / 1000)
    .first<{ avg_people: number; max_people: number; samples: number }>();
}

async function storedReadings(placeId: number) {
  return runInDurableObject(placeOccupancy(env, placeId), (_object, state) =>
    state.storage.sql
      .exec<{ minute: number; device_id: number; ts: number; count: number; sent_ts: number | null; implausible_packed: number | null }>(
        "SELECT minute, device_id, ts, count, sent_ts, implausible_packed FROM readings ORDER BY minute, device_id",
      )
      .toArray(),
  );
}

async function alarmAt(placeId: number, at: number) {
  vi.setSystemTime(at);
  return runDurableObjectAlarm(placeOccupancy(env, placeId));
}

/** One reading a minute for the quarter hour starting at `start`, at 20 s past each minute. */
const quarterHour = (start: number, count: number) => Array.from({ length: 15 }, (_, i) => ({ ts: isoAt(start, i, 20), count }));

describe("late readings and the object's raw coverage", () => {
  it("refuses a late reading for a quarter hour D1 holds from before the object's raw readings, and keeps that rollup", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    // Seeded history: the quarter hour 12 h ago had 70.2 people on average.
    const seeded = T - 12 * hour;
    await env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, 70.2, 81, 15)")
      .bind(placeId, seeded / 1000)
      .run();

    const response = await ingest(device.key, { readings: [{ ts: isoAt(seeded, 1), count: 900 }, { ts: isoAt(T, -1), count: 30 }] });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "1 reading rejected for its time; the other 1 reading was stored.",
      details: [
        {
          field: "readings.0.ts",
          message: `Too late: its quarter hour is final, as this place holds raw readings only from ${new Date(seeded + 15 * minute).toISOString()}.`,
        },
      ],
      accepted: 1,
      duplicates: 0,
      superseded: 0,
      rejected: 1,
      server_time: new Date(T).toISOString(),
    });
    await alarmAt(placeId, T + 16 * minute);
    expect(await rollup(placeId, seeded)).toEqual({ avg_people: 70.2, max_people: 81, samples: 15 });
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([30]);
  });

  it("keeps the readings of a quarter hour at the 7-day edge, so a late reading in it cannot shrink it", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    vi.setSystemTime(T + 15 * minute);
    expect((await ingest(device.key, { readings: quarterHour(T, 10) })).status).toBe(200);
    await alarmAt(placeId, T + 16 * minute);
    expect(await rollup(placeId, T)).toEqual({ avg_people: 10, max_people: 10, samples: 15 });

    // A week later the quarter hour straddles the retention edge: the purge keeps all of it.
    const weekLater = T + RETENTION_MS + 5 * minute;
    vi.setSystemTime(weekLater);
    expect((await ingest(device.key, { count: 4 })).status).toBe(200);
    await alarmAt(placeId, weekLater + 30_000);
    vi.setSystemTime(weekLater + minute);
    // Inside the 7 days, in that quarter hour: the same reading again plus a new one replacing minute 10's.
    const late = await ingest(device.key, { readings: [{ ts: isoAt(T, 10, 40), count: 16 }] });
    expect(await late.json()).toMatchObject({ accepted: 1, rejected: 0 });
    await alarmAt(placeId, weekLater + 2 * minute);
    // 14 minutes of 10 and one of 16: all 15 minutes still sampled.
    expect(await rollup(placeId, T)).toEqual({ avg_people: 10.4, max_people: 16, samples: 15 });

    // Once the whole quarter hour is past the edge it is final.
    vi.setSystemTime(T + RETENTION_MS + 16 * minute);
    await alarmAt(placeId, T + RETENTION_MS + 16 * minute);
    const refused = await ingest(device.key, { readings: [{ ts: isoAt(T, 14, 50), count: 99 }] });
    expect(refused.status).toBe(422);
    expect(await rollup(placeId, T)).toEqual({ avg_people: 10.4, max_people: 16, samples: 15 });
  });
});

describe("readings stamped ahead of the server", () => {
  it("count from their arrival, so the sensor's next reading replaces them, and stay duplicates when resent", async () => {
    const placeId = await createPlace({ packedThreshold: 1000 });
    const device = await addDevice(placeId);
    const ahead = { readings: [{ ts: new Date(T + 290_000).toISOString(), count: 9_999 }] };
    expect(await (await ingest(device.key, ahead)).json()).toMatchObject({ accepted: 1, rejected: 0 });
    expect(await placeOccupancy(env, placeId).live(placeId)).toMatchObject({ people: 9_999 });

    vi.setSystemTime(T + minute);
    expect(await (await ingest(device.key, { count: 5 })).json()).toMatchObject({ accepted: 1 });
    expect(await placeOccupancy(env, placeId).live(placeId)).toMatchObject({ people: 5, updatedAt: T + minute });

    // The sensor resends its batch (its request timed out): nothing changes.
    vi.setSystemTime(T + 90_000);
    expect(await (await ingest(device.key, ahead)).json()).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await placeOccupancy(env, placeId).live(placeId)).toMatchObject({ people: 5 });
    expect((await storedReadings(placeId)).map(({ ts, count, sent_ts }) => ({ ts, count, sent_ts }))).toEqual([
      { ts: T, count: 9_999, sent_ts: T + 290_000 },
      { ts: T + minute, count: 5, sent_ts: null },
    ]);
  });
});

describe("one reading per sensor and minute", () => {
  it("stores only the last of 1,000 readings a millisecond apart, and counts a resent batch as a duplicate", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const flood = { readings: Array.from({ length: 1000 }, (_, i) => ({ ts: (T - minute + i) / 1000, count: i % 50 })) };
    const first = await ingest(device.key, flood);
    expect(await first.json()).toEqual({ accepted: 1, duplicates: 0, superseded: 999, rejected: 0, server_time: new Date(T).toISOString() });
    expect(await storedReadings(placeId)).toEqual([
      { minute: T - minute, device_id: device.id, ts: T - minute + 999, count: 999 % 50, sent_ts: null, implausible_packed: null },
    ]);
    const again = await ingest(device.key, flood);
    expect(await again.json()).toMatchObject({ accepted: 0, duplicates: 1, superseded: 999 });
    // A reading later in that minute replaces it; an earlier one does not.
    expect(await (await ingest(device.key, { readings: [{ ts: isoAt(T, -1, 30), count: 7 }] })).json()).toMatchObject({ accepted: 1 });
    expect(await (await ingest(device.key, { readings: [{ ts: isoAt(T, -1, 10), count: 8 }] })).json()).toMatchObject({ accepted: 0, superseded: 1 });
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([7]);
  });

  it("upgrades an object that stored readings by (ts, device), keeping each minute's last", async () => {
    const placeId = await createPlace();
    const stub = placeOccupancy(env, placeId);
    const rows = await runInDurableObject(stub, (_object, state) => {
      state.storage.sql.exec(`
        DROP TABLE readings;
        CREATE TABLE readings (ts INTEGER NOT NULL, device_id INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (ts, device_id)) WITHOUT ROWID;
        INSERT INTO readings VALUES (${T}, 1, 3), (${T + 30_000}, 1, 4), (${T + 10_000}, 2, 5), (${T + minute}, 1, 6);
      `);
      new PlaceOccupancy(state, env);
      return state.storage.sql.exec("SELECT minute, device_id, ts, count FROM readings ORDER BY minute, device_id").toArray();
    });
    expect(rows).toEqual([
      { minute: T, device_id: 1, ts: T + 30_000, count: 4 },
      { minute: T, device_id: 2, ts: T + 10_000, count: 5 },
      { minute: T + minute, device_id: 1, ts: T + minute, count: 6 },
    ]);
  });
});

describe("implausible counts", () => {
  it("are stored but kept out of live and rollup numbers, and the devices list says why the sensor is flagged", async () => {
    const placeId = await createPlace({ livelyThreshold: 20, packedThreshold: 40 });
    const device = await addDevice(placeId, "Front bar");
    vi.setSystemTime(T + 14 * minute + 30_000);
    expect(await (await ingest(device.key, { readings: quarterHour(T, 12).slice(0, 14) })).json()).toMatchObject({ accepted: 14 });
    expect(await (await ingest(device.key, { count: 9_999 })).json()).toMatchObject({ accepted: 1 });
    expect(await placeOccupancy(env, placeId).live(placeId)).toMatchObject({ people: 12 });
    expect(implausibleCount(await storedReadings(placeId))).toEqual([{ count: 9_999, implausible_packed: 40 }]);

    await alarmAt(placeId, T + 16 * minute);
    // Minute 14 keeps minute 13's 12 people: the 9,999 is not a sample.
    expect(await rollup(placeId, T)).toEqual({ avg_people: 12, max_people: 12, samples: 15 });

    const answer = await (await getAs(`/api/place/${placeId}/devices`, await ownerOf(placeId))).json<{ devices: { flagged: unknown; last_count: number }[] }>();
    expect(answer.devices[0]).toMatchObject({
      last_count: 12,
      flagged: {
        implausible_readings_24h: 1,
        latest_count: 9_999,
        latest_at: new Date(T + 14 * minute + 30_000).toISOString(),
        reason: "more than 10 × the packed threshold of 40",
      },
    });

    // A day later the flag is gone.
    vi.setSystemTime(T + 24 * hour + 15 * minute);
    const dayLater = await (await getAs(`/api/place/${placeId}/devices`, await ownerOf(placeId))).json<{ devices: { flagged: unknown }[] }>();
    expect(dayLater.devices[0].flagged).toBeNull();
  });
});

const implausibleCount = (rows: { count: number; implausible_packed: number | null }[]) =>
  rows.filter((row) => row.implausible_packed !== null).map(({ count, implausible_packed }) => ({ count, implausible_packed }));
