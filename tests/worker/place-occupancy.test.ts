// The PlaceOccupancy object end to end: readings in through POST /api/ingest, quarter hours and
// live numbers out to D1 through its alarm. Hand-computed expectations; a fixed clock in the
// future, so no alarm fires on its own while a test drives them.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { addDevice, createPlace, ingest, isoAt, useFixedClock } from "./occupancy-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0); // a quarter-hour boundary
const minute = 60_000;
const seconds = (ms: number) => ms / 1000;

useFixedClock(T);

/** Readings of one device at `second` past each minute in [from, to), all with `count`. */
function everyMinute(from: number, to: number, count: number, second = 0) {
  return Array.from({ length: to - from }, (_, i) => ({ ts: isoAt(T, from + i, second), count }));
}

async function rollups(placeId: number) {
  const { results } = await env.DB.prepare(
    "SELECT bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ? ORDER BY bucket_start",
  )
    .bind(placeId)
    .all<{ bucket_start: number; avg_people: number; max_people: number; samples: number }>();
  return results.map((row) => ({ ...row, avg_people: Math.round(row.avg_people * 1000) / 1000 }));
}

/** The calendar's day peaks of a place: venue day (days since 1970) and its busiest hour's mean people. */
async function dayPeaks(placeId: number) {
  const { results } = await env.DB.prepare("SELECT day, peak_people FROM occupancy_day_peaks WHERE place_id = ? ORDER BY day")
    .bind(placeId)
    .all<{ day: number; peak_people: number }>();
  return results;
}

async function liveRow(placeId: number) {
  return env.DB.prepare("SELECT people, percent, level, devices_online, updated_at FROM place_live WHERE place_id = ?")
    .bind(placeId)
    .first();
}

/** Moves the clock to `minutes` past T and posts, as a device sending its readings then would. */
async function postAt(minutes: number, key: string, body: unknown) {
  vi.setSystemTime(T + minutes * minute);
  return ingest(key, body);
}

/** Moves the clock to `minutes` past T and runs the object's alarm. */
async function alarmAt(placeId: number, minutes: number) {
  vi.setSystemTime(T + minutes * minute);
  return runDurableObjectAlarm(placeOccupancy(env, placeId));
}

describe("quarter-hour rollups", () => {
  it("sum two devices minute by minute and write a quarter hour once it has closed", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    expect((await postAt(15, a.key, { readings: everyMinute(0, 15, 10) })).status).toBe(200);
    expect((await postAt(15, b.key, { readings: everyMinute(0, 15, 5, 30) })).status).toBe(200);

    expect(await alarmAt(placeId, 16)).toBe(true);
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 15, max_people: 15, samples: 15 }]);

    // The last readings of 16:14 still count for 16:15–16:18; that quarter closes at 16:30.
    await alarmAt(placeId, 31);
    expect(await rollups(placeId)).toEqual([
      { bucket_start: seconds(T), avg_people: 15, max_people: 15, samples: 15 },
      { bucket_start: seconds(T + 15 * minute), avg_people: 15, max_people: 15, samples: 4 },
    ]);
  });

  it("let a silent device drop out after 5 minutes and invent nothing for a silent venue", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    await postAt(15, a.key, { readings: everyMinute(0, 6, 8) }); // silent after 16:05
    await postAt(15, b.key, { readings: everyMinute(0, 15, 2) });
    await postAt(46, b.key, { readings: everyMinute(45, 46, 4) }); // 16:15–16:44 nobody reports

    await alarmAt(placeId, 61);
    // 16:00–16:09: 8 + 2 (A's 16:05 reading lasts to 16:09); 16:10–16:14: 2.
    expect(await rollups(placeId)).toEqual([
      { bucket_start: seconds(T), avg_people: Math.round((110 / 15) * 1000) / 1000, max_people: 10, samples: 15 },
      { bucket_start: seconds(T + 15 * minute), avg_people: 2, max_people: 2, samples: 4 },
      { bucket_start: seconds(T + 45 * minute), avg_people: 4, max_people: 4, samples: 5 },
    ]);
  });

  it("recompute a past quarter hour when a device uploads its buffer late", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    await postAt(11, a.key, { readings: everyMinute(0, 11, 10) });
    await alarmAt(placeId, 16);
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 10, max_people: 10, samples: 15 }]);
    // 12:00 EDT on Tuesday 13 May 2031 is venue day 13 May: its busiest (only) hour had 10 people.
    const day = Date.UTC(2031, 4, 13) / 86_400_000;
    expect(await dayPeaks(placeId)).toEqual([{ day, peak_people: 10 }]);

    // B was offline and now sends what it buffered for 16:00–16:10, twenty minutes late.
    const response = await postAt(20, b.key, { readings: everyMinute(0, 11, 6, 20) });
    expect(await response.json()).toMatchObject({ accepted: 11, duplicates: 0, rejected: 0 });
    await alarmAt(placeId, 21);
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 16, max_people: 16, samples: 15 }]);
    expect(await dayPeaks(placeId)).toEqual([{ day, peak_people: 16 }]);
  });

  it("give the same rollups when a batch is posted twice", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const batch = { readings: [...everyMinute(0, 10, 7), { ts: seconds(T + 10 * minute), count: 9 }] };
    expect(await (await postAt(11, a.key, batch)).json()).toMatchObject({ accepted: 11, duplicates: 0 });
    await alarmAt(placeId, 31);
    const first = await rollups(placeId);
    expect(first).toHaveLength(1);

    expect(await (await postAt(32, a.key, batch)).json()).toMatchObject({ accepted: 0, duplicates: 11 });
    await alarmAt(placeId, 33);
    expect(await rollups(placeId)).toEqual(first);
  });

  it("count each reading once when 20 sensors post overlapping, repeated batches at the same time", async () => {
    const placeId = await createPlace({ maxDevices: 20, packedThreshold: 1000 });
    const sensors = await Promise.all(Array.from({ length: 20 }, () => addDevice(placeId)));
    // Sensor i (1…20) counts i × (1, 2, 3, 1, 2, 3, …) people in minutes 0…14, at its own second.
    const readings = (i: number, from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => ({ ts: isoAt(T, from + k, i), count: i * (((from + k) % 3) + 1) }));
    vi.setSystemTime(T + 15 * minute);
    const answers = await Promise.all(
      sensors.flatMap((sensor, index) => {
        const i = index + 1;
        const early = { readings: readings(i, 0, 10) };
        const late = { readings: readings(i, 5, 15) }; // minutes 5…9 again
        return [early, late, early, late].map((batch) => ingest(sensor.key, batch));
      }),
    );
    const totals = { accepted: 0, duplicates: 0 };
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const { accepted, duplicates } = await answer.json<{ accepted: number; duplicates: number }>();
      totals.accepted += accepted;
      totals.duplicates += duplicates;
    }
    // 15 distinct readings per sensor; 40 were sent.
    expect(totals).toEqual({ accepted: 20 * 15, duplicates: 20 * 25 });

    await alarmAt(placeId, 16);
    // By hand: minute m holds Σ i = 210 sensors' worth × (m mod 3 + 1) → 210, 420, 630, five times each.
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 420, max_people: 630, samples: 15 }]);
    // Posting the same batches again after the write changes nothing.
    await Promise.all(sensors.map((sensor, index) => ingest(sensor.key, { readings: readings(index + 1, 0, 15) })));
    await alarmAt(placeId, 17);
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 420, max_people: 630, samples: 15 }]);
  });
});

describe("the alarm", () => {
  it("retries a flush whose D1 write failed on the next alarm, and each quarter hour lands once", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    await postAt(30, a.key, { readings: everyMinute(0, 30, 12) });
    const outage = vi.spyOn(env.DB, "batch").mockRejectedValueOnce(new Error("D1 is unavailable"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await alarmAt(placeId, 46);
      expect(outage).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("retrying in 30 s"), expect.any(Error));
    } finally {
      outage.mockRestore();
      log.mockRestore();
    }
    expect(await rollups(placeId)).toEqual([]);
    const retryAt = await runInDurableObject(placeOccupancy(env, placeId), (_object, state) => state.storage.getAlarm());
    expect(retryAt).toBe(T + 46.5 * minute);

    await alarmAt(placeId, 46.5);
    const expected = [
      { bucket_start: seconds(T), avg_people: 12, max_people: 12, samples: 15 },
      { bucket_start: seconds(T + 15 * minute), avg_people: 12, max_people: 12, samples: 15 },
      { bucket_start: seconds(T + 30 * minute), avg_people: 12, max_people: 12, samples: 4 },
    ];
    expect(await rollups(placeId)).toEqual(expected);
    // Alarms are at-least-once: a repeated run finds nothing pending and writes nothing, so each
    // quarter hour landed once.
    await runInDurableObject(placeOccupancy(env, placeId), (_object, state) => state.storage.setAlarm(T + 48 * minute));
    const writes = vi.spyOn(env.DB, "batch");
    try {
      await alarmAt(placeId, 48);
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
    }
    expect(await rollups(placeId)).toEqual(expected);
  });

  it("keeps a quarter hour pending when late readings for it arrive while its flush waits for D1", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    await postAt(15, a.key, { readings: everyMinute(0, 15, 10) });
    // B's buffered readings for 16:00–16:10 arrive while the alarm is waiting on its D1 write.
    const realBatch = env.DB.batch.bind(env.DB);
    const writes = vi.spyOn(env.DB, "batch").mockImplementationOnce(async (statements) => {
      const response = await ingest(b.key, { readings: everyMinute(0, 11, 6, 20) });
      expect(await response.json()).toMatchObject({ accepted: 11 });
      return realBatch(statements);
    });
    try {
      await alarmAt(placeId, 16);
    } finally {
      writes.mockRestore();
    }
    // That flush was computed before B's readings: the quarter hour must be written again.
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 10, max_people: 10, samples: 15 }]);
    await alarmAt(placeId, 17);
    expect(await rollups(placeId)).toEqual([{ bucket_start: seconds(T), avg_people: 16, max_people: 16, samples: 15 }]);
  });

  it("writes D1 at most every 30 seconds however often readings arrive", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    await ingest(a.key, { count: 3 });
    await alarmAt(placeId, 0);
    expect(await liveRow(placeId)).toMatchObject({ people: 3 });

    vi.setSystemTime(T + 10_000);
    await ingest(a.key, { count: 4 });
    const next = await runInDurableObject(placeOccupancy(env, placeId), (_object, state) => state.storage.getAlarm());
    expect(next).toBe(T + 30_000);
    expect(await liveRow(placeId)).toMatchObject({ people: 3 });
  });

  it("keeps place_live current: percent capped at 100, levels at the thresholds, offline after 5 minutes", async () => {
    const placeId = await createPlace({ livelyThreshold: 10, packedThreshold: 20 });
    const a = await addDevice(placeId);
    const steps: [number, object][] = [
      [9, { people: 9, percent: 45, level: "Relaxed" }],
      [10, { people: 10, percent: 50, level: "Lively" }],
      [19, { people: 19, percent: 95, level: "Lively" }],
      [20, { people: 20, percent: 100, level: "Packed" }],
      [45, { people: 45, percent: 100, level: "Packed" }],
    ];
    for (const [i, [count, expected]] of steps.entries()) {
      vi.setSystemTime(T + i * minute);
      await ingest(a.key, { count });
      await alarmAt(placeId, i);
      expect(await liveRow(placeId)).toMatchObject({ ...expected, devices_online: 1, updated_at: T + i * minute });
    }
    // The last reading was at T+4 min: at T+9 min 1 s it is more than 5 minutes old.
    vi.setSystemTime(T + 9 * minute + 1000);
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    expect(await liveRow(placeId)).toEqual({ people: null, percent: null, level: null, devices_online: 0, updated_at: T + 4 * minute });
  });
});
