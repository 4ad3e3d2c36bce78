// The dashboard's analytics endpoints: answer shapes, access rules and the numbers in the place's
// local time across New York's DST changes. Rollup rows are written straight to D1 here (the
// rollups themselves, and the day peaks the object keeps, are tested in place-occupancy.test.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import { dayRollupWrites, recomputeCalendarPeaks } from "../../worker/db/local-hours";
import { occupancyConfig } from "../../worker/db/occupancy";
import { venueDayAt } from "../../common/local-time";
import { api } from "./helpers";
import { addDevice, asAdmin, createPlace, errorOf, getAs, ingest, ownerOf, useFixedClock } from "./occupancy-fixtures";

const quarter = 15 * 60_000;
const hour = 3_600_000;

useFixedClock();

/** Writes quarter hours [from, to) with `people(start)` people over all 15 minutes. */
async function fillBuckets(placeId: number, from: number, to: number, people: (start: number) => number) {
  const statements = [];
  for (let start = from; start < to; start += quarter) {
    statements.push(
      env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
        placeId,
        start / 1000,
        people(start),
        Math.ceil(people(start)),
      ),
    );
  }
  await env.DB.batch(statements);
}

/** One quarter hour at `start` with `people`. */
const fillOne = (placeId: number, start: number, people: number) => fillBuckets(placeId, start, start + quarter, () => people);

async function getJson<T>(path: string, headers: Record<string, string>): Promise<T> {
  const response = await getAs(path, headers);
  expect(response.status).toBe(200);
  return response.json<T>();
}

describe("access to every analytics endpoint", () => {
  const endpoints = (id: number) => [
    `/api/place/${id}/key-trends`,
    `/api/place/${id}/weekly_population_summary?device_name=Pico%201`,
    `/api/place/${id}/daily_population_summary`,
    `/api/place/${id}/agg_15_device_counts`,
    `/api/place/people/${id}/agg_15_device_counts`,
    `/api/peak_hourly_data?date=2026-05-15&place_id=${id}`,
    `/api/calendar_data?place_id=${id}`,
    `/api/hourly_data?date=2026-05-15&place_id=${id}`,
    `/api/check_pico/${id}`,
  ];

  it("is given to the place's owners and the administrator, refused to other owners (403) and visitors (401)", async () => {
    vi.setSystemTime(Date.UTC(2026, 4, 16, 2, 30));
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const admin = await asAdmin();
    const stranger = await ownerOf(await createPlace());
    for (const path of endpoints(placeId)) {
      expect([path, (await getAs(path, owner)).status]).toEqual([path, 200]);
      expect([path, (await getAs(path, admin)).status]).toEqual([path, 200]);
      const refused = await getAs(path, stranger);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(await errorOf(refused)).toBe("You do not manage this place.");
      expect([path, (await api(path)).status]).toEqual([path, 401]);
    }
  });

  it("answers 400 for bad ids and dates and 404 for an unknown place", async () => {
    const admin = await asAdmin();
    const placeId = await createPlace();
    const bad: [string, string][] = [
      ["/api/place/0/key-trends", "Place id must be a positive whole number."],
      ["/api/place/abc/agg_15_device_counts", "Place id must be a positive whole number."],
      ["/api/check_pico/-1", "Place id must be a positive whole number."],
      [`/api/hourly_data?date=2026-02-30&place_id=${placeId}`, "date: date must be a calendar date written YYYY-MM-DD."],
      [`/api/hourly_data?date=15/05/2026&place_id=${placeId}`, "date: date must be a calendar date written YYYY-MM-DD."],
      [`/api/peak_hourly_data?place_id=${placeId}`, "date: date must be a calendar date written YYYY-MM-DD."],
      ["/api/hourly_data?date=2026-05-15", "place_id: Place id must be a positive whole number."],
      ["/api/calendar_data?place_id=1.5", "place_id: Place id must be a positive whole number."],
      [`/api/place/${placeId}/weekly_population_summary?device_name=${"x".repeat(101)}`, "device_name: device_name must be at most 100 characters."],
    ];
    for (const [path, message] of bad) {
      const response = await getAs(path, admin);
      expect([path, response.status, await errorOf(response)]).toEqual([path, 400, message]);
    }
    expect((await getAs("/api/place/999999/key-trends", admin)).status).toBe(404);
    expect((await getAs("/api/calendar_data?place_id=999999", admin)).status).toBe(404);
  });
});

describe("GET /api/place/{id}/key-trends and /api/check_pico/{id}", () => {
  // Thursday 15 May 2031, 22:07 in New York; in the future so no alarm fires by itself.
  const now = Date.UTC(2031, 4, 16, 2, 7);

  it("give live people, percent and status plus today's busiest hour so far", async () => {
    vi.setSystemTime(now);
    const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 90 });
    const owner = await ownerOf(placeId);
    await fillBuckets(placeId, Date.UTC(2031, 4, 15, 23), Date.UTC(2031, 4, 16, 0), () => 27); // 19:00
    await fillBuckets(placeId, Date.UTC(2031, 4, 16, 1), Date.UTC(2031, 4, 16, 2), () => 63); // 21:00
    await fillOne(placeId, Date.UTC(2031, 4, 15, 8, 45), 90); // 04:45: yesterday's venue day
    const device = await addDevice(placeId);
    await ingest(device.key, { count: 45 });

    expect(await getJson(`/api/place/${placeId}/key-trends`, owner)).toEqual({
      currentCapacity: 50,
      currentPopulation: 45,
      currentStatus: "Lively",
      peakHour: "21:00",
      peakHourUtilization: 70,
    });
    expect(await getJson(`/api/check_pico/${placeId}`, owner)).toEqual({ exists: true });

    vi.setSystemTime(now + 5 * 60_000 + 1000);
    expect(await getJson(`/api/place/${placeId}/key-trends`, owner)).toEqual({
      currentCapacity: null,
      currentPopulation: null,
      currentStatus: null,
      peakHour: "21:00",
      peakHourUtilization: 70,
    });
    expect(await getJson(`/api/check_pico/${placeId}`, owner)).toEqual({ exists: false });
  });

  it("use new thresholds as soon as the administrator changes them", async () => {
    vi.setSystemTime(now);
    const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    await ingest((await addDevice(placeId)).key, { count: 30 });
    expect(await getJson(`/api/place/${placeId}/key-trends`, owner)).toMatchObject({ currentCapacity: 30, currentStatus: "Relaxed" });
    const form = new FormData();
    form.set("lively_threshold", "10");
    form.set("packed_threshold", "25");
    const update = await api(`/api/place/update/${placeId}`, { method: "POST", headers: await asAdmin(), body: form });
    expect(update.status).toBe(200);
    expect(await getJson(`/api/place/${placeId}/key-trends`, owner)).toMatchObject({ currentCapacity: 100, currentStatus: "Packed" });
  });

  it("count a heartbeat as a sign of life for check_pico but not as a live count", async () => {
    vi.setSystemTime(now);
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    expect(await getJson(`/api/check_pico/${placeId}`, owner)).toEqual({ exists: false });
    const device = await addDevice(placeId);
    await api("/api/ingest/heartbeat", { method: "POST", headers: { authorization: `Bearer ${device.key}` } });
    expect(await getJson(`/api/check_pico/${placeId}`, owner)).toEqual({ exists: true });
    expect(await getJson(`/api/place/${placeId}/key-trends`, owner)).toMatchObject({ currentCapacity: null, peakHour: null });
  });
});

describe("GET …/agg_15_device_counts", () => {
  it("lists the last 24 hours of quarter hours as percent, or people in the /people/ variant", async () => {
    vi.setSystemTime(Date.UTC(2026, 4, 16, 2, 37));
    const placeId = await createPlace({ packedThreshold: 80 });
    const owner = await ownerOf(placeId);
    await fillOne(placeId, Date.UTC(2026, 4, 15, 2, 30), 10); // starts 24 h 7 min ago: too old
    await fillOne(placeId, Date.UTC(2026, 4, 15, 2, 45), 12.34);
    await fillOne(placeId, Date.UTC(2026, 4, 16, 2, 15), 200);
    expect(await getJson(`/api/place/${placeId}/agg_15_device_counts`, owner)).toEqual({
      intervals: ["2026-05-15T02:45:00.000Z", "2026-05-16T02:15:00.000Z"],
      relative_fullness: [15, 100],
    });
    expect(await getJson(`/api/place/people/${placeId}/agg_15_device_counts`, owner)).toEqual({
      intervals: ["2026-05-15T02:45:00.000Z", "2026-05-16T02:15:00.000Z"],
      relative_fullness: [12.3, 200],
    });
  });
});

describe("GET /api/place/{id}/daily_population_summary", () => {
  it("compares today's hours with the previous four same weekdays that have data", async () => {
    vi.setSystemTime(Date.UTC(2026, 4, 16, 2, 30)); // Friday 15 May, 22:30 EDT
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const ninePm = (day: number) => Date.UTC(2026, 4, day + 1, 1); // 21:00 EDT that day
    await fillBuckets(placeId, ninePm(15), ninePm(15) + hour, () => 60);
    await fillBuckets(placeId, ninePm(8), ninePm(8) + hour, () => 40);
    await fillBuckets(placeId, ninePm(1), ninePm(1) + hour, () => 50);
    await fillBuckets(placeId, Date.UTC(2026, 3, 18, 1), Date.UTC(2026, 3, 18, 2), () => 20); // Fri 17 April
    await fillBuckets(placeId, ninePm(14), ninePm(14) + hour, () => 99); // a Thursday: not usual for Friday
    const summary = await getJson<{ label: string; general_avg: number; last_day_value: number }[]>(
      `/api/place/${placeId}/daily_population_summary`,
      owner,
    );
    expect(summary).toHaveLength(24);
    expect(summary[0]).toEqual({ label: "05:00", general_avg: 0, last_day_value: 0 });
    expect(summary[23].label).toBe("04:00");
    expect(summary.find((item) => item.label === "21:00")).toEqual({ label: "21:00", general_avg: 37, last_day_value: 60 });
  });
});

describe("New York across the DST changes", () => {
  // Venue day Saturday 7 March 2026: 05:00 EST (10:00Z) to 05:00 EDT on Sunday (09:00Z), 23 hours.
  const springStart = Date.UTC(2026, 2, 7, 10);
  const springEnd = Date.UTC(2026, 2, 8, 9);
  // Venue day Saturday 31 October 2026: 05:00 EDT (09:00Z) to 05:00 EST on Sunday (10:00Z), 25 hours.
  const autumnStart = Date.UTC(2026, 9, 31, 9);
  const autumnEnd = Date.UTC(2026, 10, 1, 10);
  /** The k-th hour of the venue day has 10 + k people. */
  const rising = (dayStart: number) => (start: number) => 10 + Math.floor((start - dayStart) / hour);

  async function placeWithDstNights() {
    const placeId = await createPlace({ packedThreshold: 100 });
    await fillBuckets(placeId, springStart, springEnd, rising(springStart));
    await fillBuckets(placeId, autumnStart, autumnEnd, rising(autumnStart));
    await fillOne(placeId, springStart - quarter, 77); // 04:45 EST: Friday's venue day
    await fillOne(placeId, springEnd, 88); // 05:00 EDT Sunday
    return { placeId, owner: await ownerOf(placeId) };
  }

  it("hourly_data lists 23 hours on the spring night and 25 in autumn, and peak_hourly_data finds the busiest", async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 2, 12));
    const { placeId, owner } = await placeWithDstNights();
    const spring = await getJson<{ hourly_data: { hour: string; population: number }[] }>(
      `/api/hourly_data?date=2026-03-07&place_id=${placeId}`,
      owner,
    );
    expect(spring.hourly_data.map((item) => item.hour)).toEqual([
      "05:00", "06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00",
      "17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00", "00:00", "01:00", "03:00", "04:00",
    ]);
    expect(spring.hourly_data.map((item) => item.population)).toEqual(Array.from({ length: 23 }, (_, k) => 10 + k));

    const autumn = await getJson<{ hourly_data: { hour: string; population: number }[] }>(
      `/api/hourly_data?date=2026-10-31&place_id=${placeId}`,
      owner,
    );
    expect(autumn.hourly_data.map((item) => item.hour)).toEqual([
      "05:00", "06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00",
      "17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00", "00:00", "01:00 EDT", "01:00 EST", "02:00", "03:00", "04:00",
    ]);
    expect(autumn.hourly_data.map((item) => item.population)).toEqual(Array.from({ length: 25 }, (_, k) => 10 + k));

    expect(await getJson(`/api/peak_hourly_data?date=2026-03-07&place_id=${placeId}`, owner)).toEqual({ peakHour: "04:00", peakHourUtilization: 32 });
    expect(await getJson(`/api/peak_hourly_data?date=2026-10-31&place_id=${placeId}`, owner)).toEqual({ peakHour: "04:00", peakHourUtilization: 34 });
    expect(await getJson(`/api/hourly_data?date=2026-06-01&place_id=${placeId}`, owner)).toEqual({ hourly_data: [] });
    expect(await getJson(`/api/peak_hourly_data?date=2026-06-01&place_id=${placeId}`, owner)).toEqual({ peakHour: null, peakHourUtilization: null });
  });

  it("calendar_data scores each venue day of the last 365 days by its peak hour", async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 2, 12)); // Monday 2 November, 07:00 EST
    const { placeId, owner } = await placeWithDstNights();
    await fillOne(placeId, Date.UTC(2025, 10, 2, 20), 40); // 2 Nov 2025: 365 days ago, outside
    await fillOne(placeId, Date.UTC(2025, 10, 3, 20), 41); // 3 Nov 2025: the first day inside
    // The day peaks, as the seed and the place's object keep them beside the quarter hours.
    const clock = (await occupancyConfig(getDb(env), placeId))!;
    const today = venueDayAt(clock, Date.now());
    const [clear, ...inserts] = dayRollupWrites(getDb(env), placeId, clock, today - 400, today, Date.now());
    await getDb(env).batch([clear, ...inserts]);
    expect(await getJson(`/api/calendar_data?place_id=${placeId}`, owner)).toEqual({
      calendar_data: [
        { date: "2025-11-03", busyness_score: 41 },
        { date: "2026-03-06", busyness_score: 77 },
        { date: "2026-03-07", busyness_score: 32 },
        { date: "2026-03-08", busyness_score: 88 },
        { date: "2026-10-31", busyness_score: 34 },
      ],
    });
  });

  it("calendar_data follows the place to another time zone", async () => {
    vi.setSystemTime(Date.UTC(2026, 4, 20, 12));
    const placeId = await createPlace({ packedThreshold: 100 });
    const owner = await ownerOf(placeId);
    await fillOne(placeId, Date.UTC(2026, 4, 15, 3), 50); // 23:00 EDT on 14 May, 12:00 JST on 15 May
    await recomputeCalendarPeaks(getDb(env), placeId);
    expect(await getJson(`/api/calendar_data?place_id=${placeId}`, owner)).toEqual({
      calendar_data: [{ date: "2026-05-14", busyness_score: 50 }],
    });

    const form = new FormData();
    form.set("timezone", "Asia/Tokyo");
    const moved = await api(`/api/place/update/${placeId}`, { method: "POST", body: form, headers: await asAdmin() });
    expect(moved.status).toBe(200);
    expect(await getJson(`/api/calendar_data?place_id=${placeId}`, owner)).toEqual({
      calendar_data: [{ date: "2026-05-15", busyness_score: 50 }],
    });
  });

  it("weekly_population_summary puts each quarter hour on its local venue day's weekday", async () => {
    const { placeId, owner } = await placeWithDstNights();
    // Saturday's 25-hour venue day ends at 10:00Z on 1 November (05:00 EST); 10:15Z is Sunday.
    await fillOne(placeId, Date.UTC(2026, 10, 1, 10, 15), 7);
    await fillOne(placeId, Date.UTC(2026, 10, 2, 9, 45), 9); // 04:45 EST Monday: still Sunday's venue day
    await fillOne(placeId, Date.UTC(2026, 10, 2, 11), 100); // today: not a complete day, left out
    await fillOne(placeId, Date.UTC(2026, 9, 4, 20), 100); // Sunday 4 October: more than four weeks ago

    vi.setSystemTime(Date.UTC(2026, 10, 2, 12));
    // Saturday: the 25 hours 10…34 average 22; Sunday: (7 + 9) / 2.
    expect(await getJson(`/api/place/${placeId}/weekly_population_summary`, owner)).toEqual({ Saturday: 22, Sunday: 8 });

    // Four weeks after the spring change: 09:15Z on 8 March is 05:15 EDT, already Sunday.
    await fillOne(placeId, Date.UTC(2026, 2, 8, 9, 15), 50);
    vi.setSystemTime(Date.UTC(2026, 2, 9, 12));
    expect(await getJson(`/api/place/${placeId}/weekly_population_summary?device_name=Pico`, owner)).toEqual({
      Friday: 77,
      Saturday: 21,
      Sunday: Math.round(((88 + 50) / 2) * 10) / 10,
    });
  });
});
