// POST /api/place/{id}/history with real D1 and the place's object: old readings become quarter
// hours and day peaks the charts read, recent ones go to the object, a bad file stores nothing.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { MAX_HISTORY_BYTES } from "../../worker/routes/history";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import type { HistoryImport, HistoryPreview, HistoryRefusal } from "../../common/schemas/history";
import type { CalendarDataAnswer, HourlyDataAnswer } from "../../common/schemas/answers";
import { api } from "./helpers";
import { addDevice, asAdmin, createPlace, errorOf, getAs, ingest, isoAt, ownerOf, useFixedClock } from "./occupancy-fixtures";

// In the future, so no alarm fires on its own.
const T = Date.UTC(2027, 0, 15, 12, 0);
const MINUTE = 60_000;
useFixedClock(T);

const postHistory = (placeId: number, body: string, headers: Record<string, string>, query = "") =>
  api(`/api/place/${placeId}/history${query}`, { method: "POST", headers: { "content-type": "text/csv", ...headers }, body });

/** `ts,count` lines, one a minute from `start` for `minutes`. */
const plainCsv = (start: number, minutes: number, count: (i: number) => number) =>
  ["ts,count", ...Array.from({ length: minutes }, (_, i) => `${new Date(start + i * MINUTE).toISOString()},${count(i)}`)].join("\n");

async function rollups(placeId: number) {
  const { results } = await env.DB.prepare(
    "SELECT bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ? ORDER BY bucket_start",
  )
    .bind(placeId)
    .all<{ bucket_start: number; avg_people: number; max_people: number; samples: number }>();
  return results;
}

async function stored(placeId: number) {
  const peaks = await env.DB.prepare("SELECT day, peak_people FROM occupancy_day_peaks WHERE place_id = ? ORDER BY day").bind(placeId).all();
  const devices = await env.DB.prepare("SELECT id, name FROM devices WHERE place_id = ? ORDER BY id").bind(placeId).all();
  return { rollups: await rollups(placeId), peaks: peaks.results, devices: devices.results };
}

describe("importing a plain ts,count file", () => {
  it("turns readings older than the raw window into quarter hours the hourly chart and calendar show", async () => {
    const placeId = await createPlace({ timezone: "America/New_York" });
    const owner = await ownerOf(placeId);
    // 20:00–20:59 in New York on 1 October 2026 (EDT): 30 people, then 2 people at 21:00.
    const csv = `${plainCsv(Date.UTC(2026, 9, 2, 0, 0), 60, () => 30)}\n2026-10-02T01:00:00Z,2\n`;

    const response = await postHistory(placeId, csv, owner);
    expect(response.status).toBe(200);
    const answer = await response.json<HistoryImport>();
    expect(answer).toMatchObject({ readings: 61, from: "2026-10-02T00:00:00.000Z", to: "2026-10-02T01:00:00.000Z", problems: [] });
    expect(answer.quarter_hours_written).toBe(5);
    // Nothing recent: no device was needed.
    expect(answer.device_id).toBeNull();

    const hourly = await getAs(`/api/hourly_data?date=2026-10-01&place_id=${placeId}`, owner).then((r) => r.json<HourlyDataAnswer>());
    expect(hourly.hourly_data.map((item) => item.population)).toEqual([30, 2]);
    const calendar = await getAs(`/api/calendar_data?place_id=${placeId}`, owner).then((r) => r.json<CalendarDataAnswer>());
    expect(calendar.calendar_data.map((item) => item.date)).toEqual(["2026-10-01"]);
  });

  it("changes nothing when the same file comes again", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const csv = `${plainCsv(Date.UTC(2026, 9, 2, 0, 0), 45, (i) => 10 + (i % 7))}\n${plainCsv(T - 30 * MINUTE, 20, () => 4).split("\n").slice(1).join("\n")}`;
    const first = await postHistory(placeId, csv, owner).then((r) => r.json<HistoryImport>());
    // Three quarter hours, and the fourth that the last reading still counts in for 4 minutes.
    expect(first.quarter_hours_written).toBe(4);
    expect(first.raw.accepted).toBe(20);
    const before = await stored(placeId);

    const again = await postHistory(placeId, csv, owner).then((r) => r.json<HistoryImport>());
    expect(again.quarter_hours_written).toBe(0);
    expect(again.raw).toEqual({ accepted: 0, duplicates: 20, superseded: 0, covered: 0 });
    expect(await stored(placeId)).toEqual(before);
  });

  it("fills only quarter hours D1 lacks: a stored one, the sum of every sensor, is never replaced by one log", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const start = Date.UTC(2026, 9, 2, 0, 0);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO occupancy_15m VALUES (?, ?, 50, 50, 15)").bind(placeId, start / 1000),
      env.DB.prepare("INSERT INTO occupancy_15m VALUES (?, ?, 50, 50, 3)").bind(placeId, (start + 15 * MINUTE) / 1000),
    ]);
    const answer = await postHistory(placeId, plainCsv(start, 30, () => 8), owner).then((r) => r.json<HistoryImport>());
    expect(answer.quarter_hours_written).toBe(1);
    expect((await rollups(placeId)).map((row) => [row.avg_people, row.samples])).toEqual([
      [50, 15],
      [50, 3],
      [8, 4],
    ]);
  });
});

describe("importing a Paxcounter SD-card log", () => {
  it("reads the current firmware's timestamp,wifi,ble rows (UTC, extra columns ignored) as wifi + ble", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const rows = Array.from({ length: 15 }, (_, i) => `2026-11-21T22:${String(i).padStart(2, "0")}:00Z,17,8,4.12`);
    const response = await postHistory(placeId, ["timestamp,wifi,ble,voltage", ...rows].join("\n"), owner);
    expect(response.status).toBe(200);
    expect((await response.json<HistoryImport>()).readings).toBe(15);
    const start = Date.UTC(2026, 10, 21, 22, 0) / 1000;
    expect(await rollups(placeId)).toEqual([
      { bucket_start: start, avg_people: 25, max_people: 25, samples: 15 },
      { bucket_start: start + 900, avg_people: 25, max_people: 25, samples: 4 },
    ]);
  });

  it("places the old local-time log on the right instants through a DST night, both 1 a.m. hours kept", async () => {
    const placeId = await createPlace({ timezone: "America/New_York" });
    const owner = await ownerOf(placeId);
    // 1 November 2026: clocks go back at 2:00 EDT, so a log written through the night repeats 01:xx.
    const wall = (hour: number) => Array.from({ length: 60 }, (_, m) => `01.11.2026,${String(hour).padStart(2, "0")}:${String(m).padStart(2, "0")}:00,5,1`);
    const log = ["date, time, wifi, bluet", ...wall(0), ...wall(1), ...wall(1), ...wall(2)].join("\n");
    const answer = await postHistory(placeId, log, owner).then((r) => r.json<HistoryImport>());
    expect(answer).toMatchObject({ readings: 240, from: "2026-11-01T04:00:00.000Z", to: "2026-11-01T07:59:00.000Z" });
    const rows = await rollups(placeId);
    // 04:00Z to 08:00Z without a gap or an overlap, then the last reading's 4 minutes.
    expect(rows.map((row) => row.samples)).toEqual([...Array<number>(16).fill(15), 4]);
    expect(rows.every((row) => row.avg_people === 6)).toBe(true);
    expect(rows[0].bucket_start).toBe(Date.UTC(2026, 10, 1, 4, 0) / 1000);
  });
});

describe("refusals and dry runs", () => {
  it("answers 422 with every bad line and stores nothing of the file", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const csv = "ts,count\n2026-10-02T00:00:00Z,3\nyesterday,4\n2026-10-02T00:02:00Z,-1\n2026-10-02T00:03:00Z,5\n" + `${new Date(T - MINUTE).toISOString()},6\n`;
    const response = await postHistory(placeId, csv, owner);
    expect(response.status).toBe(422);
    const refusal = await response.json<HistoryRefusal>();
    expect(refusal.error).toMatch(/nothing was imported/);
    expect(refusal.problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(refusal.problems[0].message).toMatch(/"yesterday" is not a time/);
    expect(await stored(placeId)).toEqual({ rollups: [], peaks: [], devices: [] });
  });

  it("answers what would be imported on a dry run and stores nothing", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const csv = `${plainCsv(Date.UTC(2026, 9, 2, 0, 0), 30, () => 3)}\n${new Date(T - MINUTE).toISOString()},4\n`;
    const response = await postHistory(placeId, csv, owner, "?dry_run=1");
    expect(response.status).toBe(200);
    expect(await response.json<HistoryPreview>()).toEqual({
      readings: 31,
      from: "2026-10-02T00:00:00.000Z",
      to: new Date(T - MINUTE).toISOString(),
      problems: [],
    });
    expect(await stored(placeId)).toEqual({ rollups: [], peaks: [], devices: [] });
  });

  it("refuses more than 4 MB with 413 and says to send the log in parts, storing nothing", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const line = `${new Date(Date.UTC(2026, 9, 2)).toISOString()},5\n`;
    const response = await postHistory(placeId, line.repeat(Math.ceil(MAX_HISTORY_BYTES / line.length) + 1), owner);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatch(/split a longer log into parts/);
    expect(await rollups(placeId)).toEqual([]);
  });

  it("refuses a body that is not text/csv or text/plain (415) and an unknown device (404)", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const json = await api(`/api/place/${placeId}/history`, { method: "POST", headers: { "content-type": "application/json", ...owner }, body: "{}" });
    expect(json.status).toBe(415);
    const other = await createPlace();
    const foreign = await addDevice(other);
    expect((await postHistory(placeId, "ts,count\n1790000000,3\n", owner, `?device_id=${foreign.id}`)).status).toBe(404);
  });
});

describe("readings within the raw window", () => {
  it("go to the place's object, yielding to a live sensor's minutes under the Imported history device", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const sensor = await addDevice(placeId);
    const start = T - 60 * MINUTE;
    // The live sensor counted 12 people from start+0 to start+14; the log covers start+0 to start+29.
    expect((await ingest(sensor.key, { readings: Array.from({ length: 15 }, (_, i) => ({ ts: isoAt(start, i, 10), count: 12 })) })).status).toBe(200);
    const answer = await postHistory(placeId, plainCsv(start, 30, () => 20), owner).then((r) => r.json<HistoryImport>());
    // Minutes up to start+18 are still counted by the sensor's last reading (5-minute window).
    expect(answer.raw).toEqual({ accepted: 11, duplicates: 0, superseded: 0, covered: 19 });
    const devices = await stored(placeId).then((s) => s.devices);
    expect(devices).toContainEqual({ id: answer.device_id, name: "Imported history" });

    vi.setSystemTime(T + 30 * MINUTE);
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    expect((await rollups(placeId)).map((row) => row.avg_people)).toEqual([12, (4 * 12 + 11 * 20) / 15, 20]);
  });

  it("count once when the sensor's buffered upload of the same minutes comes after the log or before it (issue 25, item 9)", async () => {
    const start = T - 60 * MINUTE;
    const liveReadings = { readings: Array.from({ length: 15 }, (_, i) => ({ ts: isoAt(start, i, 10), count: 12 })) };
    const log = plainCsv(start, 30, () => 20);
    const rollupsAfter = async (importFirst: boolean) => {
      const placeId = await createPlace();
      const owner = await ownerOf(placeId);
      const sensor = await addDevice(placeId);
      if (importFirst) expect((await postHistory(placeId, log, owner)).status).toBe(200);
      // The sensor was offline and uploads what it buffered, stamped with the minutes the log covers.
      expect((await ingest(sensor.key, liveReadings)).status).toBe(200);
      if (!importFirst) expect((await postHistory(placeId, log, owner)).status).toBe(200);
      vi.setSystemTime(T + 30 * MINUTE);
      await runDurableObjectAlarm(placeOccupancy(env, placeId));
      vi.setSystemTime(T);
      return stored(placeId);
    };
    const peaks = [];
    for (const importFirst of [true, false]) {
      const after = await rollupsAfter(importFirst);
      // The sensor's minutes (and the 4 its last reading still covers) are its own; the log fills the rest.
      expect(after.rollups.map((row) => [row.avg_people, row.max_people]), `import first: ${importFirst}`).toEqual([
        [12, 12],
        [(4 * 12 + 11 * 20) / 15, 20],
        [20, 20],
      ]);
      peaks.push(after.peaks.map((row) => row.peak_people));
    }
    // The day's peak is made from those quarter hours, so it is the same either way.
    expect(peaks[0]).toEqual(peaks[1]);
  });

  it("count once in the live numbers when the log reaches the last minutes a live sensor counts, in either order", async () => {
    for (const importFirst of [true, false]) {
      const placeId = await createPlace();
      const owner = await ownerOf(placeId);
      const sensor = await addDevice(placeId);
      const log = plainCsv(T - 10 * MINUTE, 10, () => 20);
      if (importFirst) expect((await postHistory(placeId, log, owner)).status).toBe(200);
      expect((await ingest(sensor.key, { readings: [{ ts: isoAt(T - MINUTE, 0, 30), count: 12 }] })).status).toBe(200);
      if (!importFirst) expect((await postHistory(placeId, log, owner)).status).toBe(200);
      const trends = await getAs(`/api/place/${placeId}/key-trends`, owner).then((r) => r.json<{ currentPopulation: number | null }>());
      expect(trends.currentPopulation, `import first: ${importFirst}`).toBe(12);
    }
  });

  it("of a named sensor keep one reading per minute with what it sent live", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const sensor = await addDevice(placeId);
    const start = T - 60 * MINUTE;
    await ingest(sensor.key, { readings: Array.from({ length: 15 }, (_, i) => ({ ts: isoAt(start, i, 10), count: 12 })) });
    // Its SD card wrote at the start of each minute: the live reading, later in the minute, stays.
    const answer = await postHistory(placeId, plainCsv(start, 15, () => 12), owner, `?device_id=${sensor.id}`).then((r) =>
      r.json<HistoryImport>(),
    );
    expect(answer.raw).toEqual({ accepted: 0, duplicates: 0, superseded: 15, covered: 0 });
  });
});

describe("who may import", () => {
  it("is the place's owner or the admin: another owner gets 403, no token 401", async () => {
    const placeId = await createPlace();
    await ownerOf(placeId);
    const other = await ownerOf(await createPlace());
    const csv = "ts,count\n2026-10-02T00:00:00Z,3\n";
    expect((await postHistory(placeId, csv, other)).status).toBe(403);
    expect((await postHistory(placeId, csv, {})).status).toBe(401);
    expect((await postHistory(placeId, csv, await asAdmin(), "?dry_run=1")).status).toBe(200);
    expect(await rollups(placeId)).toEqual([]);
  });
});
