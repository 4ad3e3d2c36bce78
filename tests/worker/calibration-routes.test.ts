// Calibration through the API with real D1 and the place's object: a headcount stores the raw
// count beside it and recalibrates the place, and every answer (live, key trends, hourly, calendar,
// the live row of the map) then speaks in people. Hand-computed numbers; a fixed clock.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { hoursOn } from "./hours-fixtures";
import { getDb } from "../../worker/db/client";
import { recomputeCalendarPeaks } from "../../worker/db/local-hours";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { NO_LIVE_COUNT_MESSAGE } from "../../worker/routes/calibration";
import type { CalibrationAnswer } from "../../common/schemas/calibration";
import { postJson } from "./helpers";
import { count } from "./fixtures";
import { addDevice, asAdmin, createPlace, errorOf, getAs, ingest, ownerOf, useFixedClock } from "./occupancy-fixtures";

const minute = 60_000;
const hour = 60 * minute;
/** Tuesday 13 May 2031, 21:00 in New York (EDT, UTC−4): the bar is open. */
const T = Date.UTC(2031, 4, 14, 1, 0);
/** 00:00 New York time of the day `daysBefore` days before T's. */
const localMidnight = (daysBefore: number) => Date.UTC(2031, 4, 13, 4, 0) - daysBefore * 24 * hour;

useFixedClock(T);

const barHours = hoursOn("17:00", "02:00");

/**
 * The last 7 days' history in quarter hours: 12:00–16:45 (closed) the sensor hears 3, 4, 4, 8, 5
 * devices in turn, so the lower quartile is 4; 18:00–22:45 (open) it hears 24.
 */
async function seedHistory(placeId: number) {
  const statements = [];
  for (let day = 1; day <= 7; day++) {
    for (let quarter = 0; quarter < 20; quarter++) {
      const closed = localMidnight(day) + 12 * hour + quarter * 15 * minute;
      const open = localMidnight(day) + 18 * hour + quarter * 15 * minute;
      for (const [start, avg] of [[closed, [3, 4, 4, 8, 5][quarter % 5]], [open, 24]]) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
            placeId,
            start / 1000,
            avg,
            avg,
          ),
        );
      }
    }
  }
  await env.DB.batch(statements);
  await recomputeCalendarPeaks(getDb(env), placeId);
}

async function bar() {
  const placeId = await createPlace({ hours: barHours });
  await seedHistory(placeId);
  const owner = await ownerOf(placeId);
  return { placeId, owner, device: await addDevice(placeId) };
}

const headcount = (placeId: number, people: unknown, headers: Record<string, string>) =>
  postJson(`/api/place/${placeId}/headcount`, { people }, headers);

async function calibrationOf(placeId: number, headers: Record<string, string>) {
  const response = await getAs(`/api/place/${placeId}/calibration`, headers);
  expect(response.status).toBe(200);
  return response.json<CalibrationAnswer>();
}

const placeCalibration = (placeId: number) =>
  env.DB.prepare("SELECT calibration_baseline AS baseline, calibration_factor AS factor FROM places WHERE id = ?").bind(placeId).first();

/** Yesterday (a venue day) 18:00–19:00 as the hourly chart shows it. */
async function yesterdayAtSix(placeId: number, headers: Record<string, string>) {
  const answer = await (await getAs(`/api/hourly_data?place_id=${placeId}&date=2031-05-12`, headers)).json<{ hourly_data: { hour: string; population: number }[] }>();
  return answer.hourly_data.find((item) => item.hour === "18:00")?.population;
}

describe("calibration", () => {
  it("is off until the first headcount: raw device counts, said so", async () => {
    const { placeId, owner, device } = await bar();
    await ingest(device.key, { count: 24 });
    expect(await calibrationOf(placeId, owner)).toEqual({
      calibrated: false,
      factor: 1,
      baseline: 0,
      headcounts: [],
      headcounts_total: 0,
      devices_now: 24,
    });
    const trends = await (await getAs(`/api/place/${placeId}/key-trends`, owner)).json<{ currentPopulation: number }>();
    expect(trends.currentPopulation).toBe(24);
    expect(await yesterdayAtSix(placeId, owner)).toBe(24);
  });

  it("takes a headcount beside the live count and turns every number into people", async () => {
    const { placeId, owner, device } = await bar();
    await ingest(device.key, { count: 24 });
    const response = await headcount(placeId, 36, owner);
    expect(response.status).toBe(201);
    // Baseline 4 from the closed hours; factor 36 ÷ (24 − 4) = 1.8.
    const expected: CalibrationAnswer = {
      calibrated: true,
      factor: 1.8,
      baseline: 4,
      headcounts: [{ taken_at: new Date(T).toISOString(), people: 36, devices: 24, baseline: 4 }],
      headcounts_total: 1,
      devices_now: 24,
    };
    expect(await response.json()).toEqual(expected);
    expect(await calibrationOf(placeId, owner)).toEqual(expected);

    // Live: (24 − 4) × 1.8 = 36 people, 36% of the packed threshold of 100.
    const trends = await (await getAs(`/api/place/${placeId}/key-trends`, owner)).json<{ currentPopulation: number; currentCapacity: number }>();
    expect(trends).toMatchObject({ currentPopulation: 36, currentCapacity: 36 });
    // The past too, read with the calibration in force: yesterday 6 PM was 24 devices → 36 people.
    expect(await yesterdayAtSix(placeId, owner)).toBe(36);
    const calendar = await (await getAs(`/api/calendar_data?place_id=${placeId}`, owner)).json<{ calendar_data: { date: string; busyness_score: number }[] }>();
    expect(calendar.calendar_data.find((day) => day.date === "2031-05-12")).toEqual({ date: "2031-05-12", busyness_score: 36 });
    // The live row the map reads, written by the object's next alarm.
    vi.setSystemTime(T + minute);
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    expect(await env.DB.prepare("SELECT people, percent, level FROM place_live WHERE place_id = ?").bind(placeId).first()).toEqual({
      people: 36,
      percent: 36,
      level: "Relaxed",
    });
    // Raw counts stay as they were.
    expect(await env.DB.prepare("SELECT avg_people FROM occupancy_15m WHERE place_id = ? AND bucket_start = ?").bind(placeId, (localMidnight(1) + 18 * hour) / 1000).first()).toEqual({ avg_people: 24 });
  });

  it("counts a double tap once, and one bad tap among five cannot move the factor far", async () => {
    const { placeId, owner, device } = await bar();
    await ingest(device.key, { count: 24 });
    expect((await headcount(placeId, 40, owner)).status).toBe(201);
    expect((await headcount(placeId, 40, owner)).status).toBe(201);
    expect(await count("headcounts", "place_id = ?", placeId)).toBe(1);

    // Four more, a minute apart: 40, 30, 44 and a slip of the thumb, 400 (devices 24, baseline 4).
    for (const [i, people] of [30, 44, 400, 36].entries()) {
      vi.setSystemTime(T + (i + 1) * minute);
      await ingest(device.key, { count: 24 });
      expect((await headcount(placeId, people, owner)).status).toBe(201);
    }
    const calibration = await calibrationOf(placeId, owner);
    // Ratios 1.5, 1.8, 2, 2.2, 20: the median is 2.
    expect(calibration).toMatchObject({ factor: 2, baseline: 4, headcounts_total: 5 });
    expect(calibration.headcounts.map((h) => h.people)).toEqual([36, 400, 44, 30, 40]);
  });

  it("refuses a headcount with no live count to compare with, storing nothing", async () => {
    const { placeId, owner, device } = await bar();
    await ingest(device.key, { count: 24 });
    vi.setSystemTime(T + 6 * minute);
    const response = await headcount(placeId, 36, owner);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(NO_LIVE_COUNT_MESSAGE);
    expect(await count("headcounts", "place_id = ?", placeId)).toBe(0);
    expect(await placeCalibration(placeId)).toEqual({ baseline: 0, factor: 1 });
  });

  it("refuses bad numbers and strangers with the reason, storing nothing", async () => {
    const { placeId, owner, device } = await bar();
    await ingest(device.key, { count: 24 });
    for (const people of [-1, 2.5, "many", 5001, null]) {
      const response = await headcount(placeId, people, owner);
      expect(response.status, String(people)).toBe(400);
      expect(await errorOf(response)).toContain("people must be a whole number from 0 to 5000.");
    }
    expect((await postJson(`/api/place/${placeId}/headcount`, {}, owner)).status).toBe(400);
    expect((await headcount(placeId, 36, {})).status).toBe(401);
    const stranger = await ownerOf(await createPlace());
    expect((await headcount(placeId, 36, stranger)).status).toBe(403);
    expect((await getAs(`/api/place/${placeId}/calibration`, stranger)).status).toBe(403);
    expect(await count("headcounts", "place_id = ?", placeId)).toBe(0);
    expect(await placeCalibration(placeId)).toEqual({ baseline: 0, factor: 1 });
    // The admin may calibrate any place.
    expect((await headcount(placeId, 36, await asAdmin())).status).toBe(201);
  });
});
