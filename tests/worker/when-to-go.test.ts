// When to go through the API (docs/when-to-go.md): popular times and the forecast from D1's
// quarter hours, calibrated (a missing week, a past-midnight close, the autumn DST night, an event, too little
// history), their caching and kept means, /api/live's open now, filters and live against usual, and
// public_counts.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { hoursOn } from "./hours-fixtures";
import type { ForecastAnswer, LiveAnswer, PopularTimesAnswer } from "../../common/schemas/answers";
import { api, postJson } from "./helpers";
import { createPlace, ownerOf, useFixedClock } from "./occupancy-fixtures";
import { venueDayAt, venueDayRange } from "../../common/local-time";
import { getDb } from "../../worker/db/client";
import { dayRollupWrites } from "../../worker/db/local-hours";
import { historyBeforeToday, KEPT_PER_RUN, keepUsualHistories } from "../../worker/db/usual-history";
import { findWhenPlace, historyBefore } from "../../worker/db/when-to-go";

/** Tuesday 10 June 2031, 21:10 in New York (EDT, UTC−4); in the future, so no alarm fires by itself. */
const now = Date.UTC(2031, 5, 11, 1, 10);
const minute = 60_000;
/** Local wall time (EDT) of the day `days` after Tuesday 10 June 2031 as an instant. */
const local = (days: number, hour: number, minutes = 0) => Date.UTC(2031, 5, 10 + days, hour + 4, minutes);

useFixedClock(now);
beforeEach(async () => {
  await caches.default.delete("https://third-place.test/api/live");
});

const everyDay = (open: string, close: string) => hoursOn(open, close);

/** A full local hour starting at `start` with `people` in each of its quarter hours (15 sampled minutes each). */
async function hourOf(placeId: number, start: number, people: number) {
  await env.DB.batch(
    [0, 1, 2, 3].map((quarter) =>
      env.DB.prepare(
        `INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)
         ON CONFLICT (place_id, bucket_start) DO UPDATE SET avg_people = excluded.avg_people`,
      ).bind(placeId, (start + quarter * 15 * minute) / 1000, people, Math.ceil(people)),
    ),
  );
}

/** `people(day, hour)` at local hours 17–23 of the 28 days before today (day −28 … −1); null skips. */
async function evenings(placeId: number, people: (day: number, hour: number) => number | null) {
  const statements = [];
  for (let day = -28; day < 0; day++) {
    for (let hour = 17; hour <= 23; hour++) {
      const value = people(day, hour);
      if (value === null) continue;
      for (const quarter of [0, 1, 2, 3]) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
            placeId,
            (local(day, hour) + quarter * 15 * minute) / 1000,
            value,
            value,
          ),
        );
      }
    }
  }
  await env.DB.batch(statements);
}

async function writeLive(placeId: number, people: number, percent: number, level: string, updatedAt: number) {
  await env.DB.prepare("INSERT INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES (?, ?, ?, ?, 1, ?)")
    .bind(placeId, people, percent, level, updatedAt)
    .run();
}

async function slugOf(placeId: number) {
  return (await env.DB.prepare("SELECT slug FROM places WHERE id = ?").bind(placeId).first<{ slug: string }>())!.slug;
}

async function popularTimes(key: number | string) {
  const response = await api(`/api/places/${key}/popular-times`);
  expect(response.status).toBe(200);
  return { body: await response.json<PopularTimesAnswer>(), cacheControl: response.headers.get("cache-control") };
}

async function forecast(key: number | string) {
  const response = await api(`/api/places/${key}/forecast`);
  expect(response.status).toBe(200);
  return { body: await response.json<ForecastAnswer>(), cacheControl: response.headers.get("cache-control") };
}

const usual = (answer: PopularTimesAnswer, weekday: string, hour: number) =>
  answer.days.find((day) => day.weekday === weekday)!.hours.find((item) => item.hour === hour);

describe("GET /api/places/{id}/popular-times", () => {
  it("weighs the last weeks' same weekdays, leaves a missing week out and marks closed hours", async () => {
    // Open 17:00–02:00 every day but Sunday.
    const placeId = await createPlace({ hours: { ...everyDay("17:00", "02:00"), sunday_open: "", sunday_close: "" } });
    // Tuesdays at 21:00: 60 last week, 40 two weeks ago, none three weeks ago, 20 four weeks ago.
    await hourOf(placeId, local(-7, 21), 60);
    await hourOf(placeId, local(-14, 21), 40);
    await hourOf(placeId, local(-28, 21), 20);
    // Filler at noon (closed) on every day but the missing week's Tuesday: 27 days with data.
    for (let day = -28; day < 0; day++) if (day !== -21) await hourOf(placeId, local(day, 12), 10);

    const { body, cacheControl } = await popularTimes(placeId);
    expect(cacheControl).toBe("public, max-age=60, s-maxage=60");
    expect(body).toMatchObject({ timezone: "America/New_York", day_start_hour: 5, enough_data: true, live: null });
    expect(body.days.map((day) => day.hours.length)).toEqual([24, 24, 24, 24, 24, 24, 24]);
    expect(body.days[1].hours[0]).toEqual({ hour: 5, usual: null, closed: true });
    // (8 × 60 + 7 × 40 + 5 × 20) ÷ (8 + 7 + 5) = 43.
    expect(usual(body, "Tuesday", 21)).toEqual({ hour: 21, usual: 43, closed: false });
    expect(usual(body, "Tuesday", 12)).toEqual({ hour: 12, usual: null, closed: true }); // data, but closed
    expect(usual(body, "Tuesday", 1)).toEqual({ hour: 1, usual: null, closed: false }); // Wednesday 01:00: open, no data
    expect(usual(body, "Tuesday", 2)?.closed).toBe(true);
    expect(usual(body, "Saturday", 1)?.closed).toBe(false); // into Sunday morning
    expect(usual(body, "Sunday", 21)?.closed).toBe(true);
  });

  it("answers by slug, puts live against usual, and serves a minute from the cache", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    await writeLive(placeId, 50, 50, "Lively", now - minute);
    const slug = await slugOf(placeId);

    const { body } = await popularTimes(slug);
    expect(usual(body, "Tuesday", 21)?.usual).toBe(30);
    // 50 against a usual 30: beyond 10 points.
    expect(body.live).toEqual({ percent: 50, level: "Lively", vs_usual: "busier", updated_at: new Date(now - minute).toISOString() });

    await env.DB.prepare("UPDATE place_live SET percent = 31 WHERE place_id = ?").bind(placeId).run();
    expect((await popularTimes(slug)).body.live?.percent).toBe(50);
    await caches.default.delete(`https://third-place.test/api/places/${slug}/popular-times`);
    expect((await popularTimes(`${slug}`)).body.live).toMatchObject({ percent: 31, vs_usual: "usual" });
  });

  it("reads history in people by the place's calibration in force", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    // 30 devices: max(0, 30 − 10) × 2 = 40 people.
    await env.DB.prepare("UPDATE places SET calibration_baseline = 10, calibration_factor = 2 WHERE id = ?").bind(placeId).run();
    expect(usual((await popularTimes(placeId)).body, "Tuesday", 21)?.usual).toBe(40);
    expect((await forecast(placeId)).body.hours[0].percent).toBe(40);
  });

  it("is cached no longer than the live numbers stay fresh", async () => {
    const placeId = await createPlace();
    await writeLive(placeId, 10, 10, "Relaxed", now - 5 * minute + 20_000);
    expect((await popularTimes(placeId)).cacheControl).toBe("public, max-age=20, s-maxage=20");
  });

  it("pools the two 01:00 hours of the autumn night", async () => {
    // Saturday 8 November 2031, noon EST; New York fell back at 02:00 EDT on Sunday 2 November.
    vi.setSystemTime(Date.UTC(2031, 10, 8, 17));
    const placeId = await createPlace();
    await hourOf(placeId, Date.UTC(2031, 10, 2, 5), 30); // Saturday night, 01:00 EDT
    await hourOf(placeId, Date.UTC(2031, 10, 2, 6), 50); // 01:00 EST
    await hourOf(placeId, Date.UTC(2031, 9, 26, 5), 25); // the Saturday before, 01:00 EDT
    for (let day = 1; day <= 28; day++) await hourOf(placeId, Date.UTC(2031, 10, 8 - day, 17), 10);
    const { body } = await popularTimes(placeId);
    // (8 × (30 + 50) ÷ 2 + 7 × 25) ÷ 15 = 33.
    expect(usual(body, "Saturday", 1)).toEqual({ hour: 1, usual: 33, closed: false });
    expect(body.days.every((day) => day.hours.length === 24)).toBe(true);
  });

  it("says not enough data with under two weeks of history", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, (day) => (day >= -10 ? 30 : null));
    const { body } = await popularTimes(placeId);
    expect(body.enough_data).toBe(false);
    expect(body.days.flatMap((day) => day.hours).every((hour) => hour.usual === null)).toBe(true);
    const { body: ahead } = await forecast(placeId);
    expect(ahead.hours.every((hour) => hour.percent === null)).toBe(true);
    expect(ahead.best_time).toBeNull();
  });

  it("answers 404 for an unknown place", async () => {
    for (const key of ["999999", "no-such-bar", "Not%20A%20Slug"]) {
      expect((await api(`/api/places/${key}/popular-times`)).status).toBe(404);
      expect((await api(`/api/places/${key}/forecast`)).status).toBe(404);
    }
  });
});

describe("GET /api/places/{id}/forecast", () => {
  async function category(name: string) {
    return (await env.DB.prepare("INSERT INTO event_categories (name) VALUES (?) RETURNING id").bind(name).first<{ id: number }>())!.id;
  }
  async function event(placeId: number, start: number, end: number, categoryId: number) {
    await env.DB.prepare("INSERT INTO events (place_id, name, start_time, end_time, category_id) VALUES (?, 'Quiz', ?, ?, ?)")
      .bind(placeId, new Date(start).toISOString(), new Date(end).toISOString(), categoryId)
      .run();
  }

  it("forecasts the usual without events, with the learnt lift of the category with one, and the quietest open hour", async () => {
    const quiz = await category(`Quiz ${now}`);
    const plain = await createPlace({ hours: everyDay("17:00", "00:00") });
    const withEvents = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(plain, () => 30);
    // Last Tuesday's quiz, 20:00–22:00, drew 60 where 30 is usual.
    await evenings(withEvents, (day, hour) => (day === -7 && (hour === 20 || hour === 21) ? 60 : 30));
    await event(withEvents, local(-7, 20), local(-7, 22), quiz);
    await event(withEvents, local(1, 20), local(1, 22), quiz); // tomorrow

    const at = (answer: ForecastAnswer, days: number, hour: number) => answer.hours.find((item) => item.start === new Date(local(days, hour)).toISOString());
    const { body: without, cacheControl } = await forecast(plain);
    expect(cacheControl).toBe("public, max-age=60, s-maxage=60");
    expect(without.generated_at).toBe(new Date(now).toISOString());
    // From 21:00 today to 05:00 next Tuesday.
    expect(without.hours).toHaveLength(6 * 24 + 8);
    expect(without.hours[0]).toEqual({ start: new Date(local(0, 21)).toISOString(), percent: 30, low: 30, high: 30, closed: false });
    expect(at(without, 1, 20)).toMatchObject({ percent: 30 });
    expect(at(without, 1, 3)).toEqual({ start: new Date(local(1, 3)).toISOString(), percent: null, low: null, high: null, closed: true });
    // 22:00 and 23:00 are the open hours ahead tonight, equally quiet: the earlier wins.
    expect(without.best_time).toEqual({ start: new Date(local(0, 22)).toISOString(), end: new Date(local(0, 23)).toISOString(), percent: 30 });

    // Lift (60 + 60) ÷ (30 + 30) = 2, the quiz night left out of its own usual.
    const { body: lifted } = await forecast(withEvents);
    expect(at(lifted, 1, 20)).toMatchObject({ percent: 60, low: 60, high: 60 });
    expect(at(lifted, 1, 21)).toMatchObject({ percent: 60 });
    expect(at(lifted, 1, 22)).toMatchObject({ percent: 30 });
    expect(lifted.hours.length).toBe(without.hours.length);
  });

  it("forecasts a public holiday of the venue's country like its Sundays", async () => {
    // 30 every evening, 12 on Sundays (day −2 is Sunday 8 June 2031), at two places that differ
    // only by their address: New York, and Russia, whose Russia Day is Thursday 12 June (day 2).
    const sundays = (day: number) => (day + 2) % 7 === 0;
    const newYork = await createPlace({ hours: everyDay("17:00", "00:00") });
    const russia = await createPlace({ hours: everyDay("17:00", "00:00") });
    await env.DB.prepare("UPDATE places SET country = 'Russia', state = '' WHERE id = ?").bind(russia).run();
    for (const placeId of [newYork, russia]) await evenings(placeId, (day) => (sundays(day) ? 12 : 30));
    const at = (answer: ForecastAnswer, days: number, hour: number) => answer.hours.find((item) => item.start === new Date(local(days, hour)).toISOString());
    expect(at((await forecast(newYork)).body, 2, 21)).toMatchObject({ percent: 30 });
    const holiday = (await forecast(russia)).body;
    expect(at(holiday, 2, 21)).toMatchObject({ percent: 12, low: 12, high: 12 });
    expect(at(holiday, 1, 21)).toMatchObject({ percent: 30 });
  });

  it("is served from the cache for a minute", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    const first = (await forecast(placeId)).body;
    await env.DB.prepare("UPDATE occupancy_15m SET avg_people = 90 WHERE place_id = ?").bind(placeId).run();
    expect((await forecast(placeId)).body).toEqual(first);
  });
});

describe("kept usual means (usual_histories)", () => {
  const db = () => getDb(env);
  const whenPlace = async (placeId: number) => (await findWhenPlace(db(), placeId, Date.now()))!;
  /** historyBeforeToday as the routes call it, its write to usual_histories awaited. */
  async function historyNow(placeId: number) {
    const writes: (() => Promise<unknown>)[] = [];
    const history = await historyBeforeToday(db(), await whenPlace(placeId), Date.now(), (write) => writes.push(write));
    await Promise.all(writes.map((write) => write()));
    return history;
  }
  const clock = { timeZone: "America/New_York", dayStartHour: 5 };
  /** What the place object's flush, a history import and the seed run after writing quarter hours of these days. */
  async function rollUp(placeId: number, first: number, last = first) {
    const [statement, ...rest] = dayRollupWrites(db(), placeId, clock, first, last, Date.now());
    await db().batch([statement, ...rest]);
  }
  const keptRow = (placeId: number) => env.DB.prepare("SELECT until, settings, generation FROM usual_histories WHERE place_id = ?").bind(placeId).first();
  const freshForecast = async (placeId: number) => {
    await caches.default.delete(`https://third-place.test/api/places/${placeId}/forecast`);
    return (await forecast(placeId)).body;
  };

  it("are read instead of the quarter hours until a write of a day they cover or new settings", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    const history = await historyNow(placeId);
    expect(await keptRow(placeId)).toMatchObject({ until: local(0, 5) });
    expect(history.means.size).toBe(28);
    expect((await freshForecast(placeId)).hours[0].percent).toBe(30);

    // A quarter-hour change that bypassed the write path is not seen: the kept means answer.
    await env.DB.prepare("UPDATE occupancy_15m SET avg_people = 60 WHERE place_id = ?").bind(placeId).run();
    expect((await freshForecast(placeId)).hours[0].percent).toBe(30);
    // A write of today's quarter hours (the flush every 30 s) leaves the means of the days before alone...
    const today = venueDayAt(clock, now);
    const before = await keptRow(placeId);
    await rollUp(placeId, today);
    expect(await keptRow(placeId)).toEqual(before);
    expect((await freshForecast(placeId)).hours[0].percent).toBe(30);
    // ...a write of a day they include voids them.
    await rollUp(placeId, today - 3);
    expect(await keptRow(placeId)).toMatchObject({ until: 0 });
    expect((await freshForecast(placeId)).hours[0].percent).toBe(60);

    // Kept again, then a new calibration: the means are read anew under it.
    await historyNow(placeId);
    await env.DB.prepare("UPDATE places SET calibration_baseline = 10, calibration_factor = 2 WHERE id = ?").bind(placeId).run();
    expect((await freshForecast(placeId)).hours[0].percent).toBe(100); // max(0, 60 − 10) × 2
    await historyNow(placeId);
    expect(await keptRow(placeId)).toMatchObject({ until: local(0, 5), settings: JSON.stringify(["America/New_York", 5, 10, 2]) });
  });

  it("are never kept from a read that a write of quarter hours overtook", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    const today = venueDayAt(clock, now);
    // A reader reads the history; a late reading of yesterday lands before the reader's write.
    const writes: (() => Promise<unknown>)[] = [];
    await historyBeforeToday(db(), await whenPlace(placeId), now, (write) => writes.push(write));
    await hourOf(placeId, local(-1, 21), 90);
    await rollUp(placeId, today - 1);
    await Promise.all(writes.map((write) => write()));
    expect(await keptRow(placeId)).toMatchObject({ until: 0 });
    // The next reader reads the late hour and keeps it.
    const history = await historyNow(placeId);
    expect(history.means.get(today - 1)?.get(21)).toBe(90);
    expect(await keptRow(placeId)).toMatchObject({ until: local(0, 5) });
  });

  it("hold exactly what the quarter hours say, the pooled autumn 01:00 included", async () => {
    vi.setSystemTime(Date.UTC(2031, 10, 8, 17)); // Saturday 8 November 2031, noon EST
    const placeId = await createPlace();
    await hourOf(placeId, Date.UTC(2031, 10, 2, 5), 30); // Sunday 2 November, 01:00 EDT
    await hourOf(placeId, Date.UTC(2031, 10, 2, 6), 50); // 01:00 EST
    for (let day = 1; day <= 28; day++) await hourOf(placeId, Date.UTC(2031, 10, 8 - day, 17), 10 + day / 3);
    const place = await whenPlace(placeId);
    const today = venueDayAt(place, Date.now());
    const read = await historyBefore(db(), place, today, venueDayRange(place, today).start);
    await historyNow(placeId);
    const kept = await historyNow(placeId);
    expect(await keptRow(placeId)).not.toBeNull();
    expect(kept).toEqual(read);
    expect(kept.means.get(today - 7)?.get(1)).toBe(40);
  });

  it("are not kept in a venue day's first 10 minutes, when yesterday's last quarter hour may still be on its way", async () => {
    const placeId = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(placeId, () => 30);
    vi.setSystemTime(local(1, 5, 9)); // Wednesday 05:09: the venue day began 9 minutes ago
    await historyNow(placeId);
    expect(await keptRow(placeId)).toBeNull();
    await keepUsualHistories(db(), Date.now());
    expect(await keptRow(placeId)).toBeNull();
    vi.setSystemTime(local(1, 5, 10));
    await historyNow(placeId);
    expect(await keptRow(placeId)).toMatchObject({ until: local(1, 5) });
  });

  it("are kept by the cron for places without today's, at most 50 a run, and the forecast adds today so far", async () => {
    const places = [];
    for (let i = 0; i < KEPT_PER_RUN + 1; i++) places.push(await createPlace({ hours: everyDay("17:00", "00:00") }));
    const [placeId] = places;
    await evenings(placeId, () => 30);
    await env.DB.prepare("DELETE FROM usual_histories").run();
    expect(await keepUsualHistories(db(), now)).toBe(KEPT_PER_RUN);
    expect(await keepUsualHistories(db(), now)).toBeGreaterThanOrEqual(1);
    const missing = await env.DB.prepare(`SELECT count(*) AS n FROM places WHERE id NOT IN (SELECT place_id FROM usual_histories)`).first<{ n: number }>();
    expect(missing!.n).toBe(0);
    // Kept ones are left alone until the next venue day.
    expect(await keepUsualHistories(db(), now)).toBe(0);
    expect(await keptRow(placeId)).toMatchObject({ until: local(0, 5) });

    // Tonight so far, 17:00–20:00, at twice the usual: the current hour's factor is
    // 1 + 0.8 × (2 − 1) = 1.8 (the six days before ran as usual), so 30 becomes 54.
    for (const hour of [17, 18, 19]) await hourOf(placeId, local(0, hour), 60);
    expect((await freshForecast(placeId)).hours[0].percent).toBe(54);
  });
});

describe("GET /api/live: open now, live against usual, filters", () => {
  it("says open now or when it opens, compares with the usual and filters by open now and level", async () => {
    const open = await createPlace({ hours: everyDay("17:00", "00:00") });
    await evenings(open, () => 30);
    await writeLive(open, 50, 50, "Lively", now - minute);
    // Open on Wednesdays only, 16:00–22:00.
    const closed = await createPlace({ hours: { wednesday_open: "16:00", wednesday_close: "22:00" } });
    await writeLive(closed, 3, 3, "Relaxed", now - minute);
    const noHours = await createPlace();

    const response = await api("/api/live");
    const places = new Map((await response.json<LiveAnswer>()).places.map((place) => [place.id, place]));
    expect(places.get(open)).toMatchObject({ open_now: true, opens_at: null, vs_usual: "busier", people: 50, level: "Lively" });
    // Closed wins over its fresh count (docs/when-to-go.md#closed-wins).
    expect(places.get(closed)).toMatchObject({ open_now: false, opens_at: new Date(local(1, 16)).toISOString(), vs_usual: null, level: null, people: null, percent: null });
    expect(places.get(noHours)).toMatchObject({ open_now: null, opens_at: null, vs_usual: null, level: null });

    // Only this test's places (earlier tests of the file made others).
    const ids = async (path: string) =>
      (await (await api(path)).json<LiveAnswer>()).places.map((place) => place.id).filter((id) => [open, closed, noHours].includes(id));
    expect(await ids("/api/live?open_now=1")).toEqual([open]);
    expect(await ids("/api/live?open_now=0")).toEqual([closed]);
    expect(await ids("/api/live?level=Lively")).toEqual([open]);
    expect(await ids("/api/live?open_now=1&level=Relaxed")).toEqual([]);
    expect(await ids("/api/live?level=Relaxed")).toEqual([]);
    expect((await api("/api/live?open_now=yes")).status).toBe(400);
    expect((await api("/api/live?level=Busy")).status).toBe(400);
  });

  it("hides people and percent where the owners turned public counts off, leaving the level", async () => {
    const placeId = await createPlace();
    await writeLive(placeId, 42, 42, "Lively", now - minute);
    const owner = await ownerOf(placeId);
    const update = await postJson(`/api/place/update/${placeId}`, { public_counts: false }, owner);
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ public_counts: false });

    const [place] = (await (await api("/api/live")).json<LiveAnswer>()).places.filter((entry) => entry.id === placeId);
    expect(place).toMatchObject({ people: null, percent: null, level: "Lively" });
    expect((await postJson(`/api/place/update/${placeId}`, { public_counts: "maybe" }, owner)).status).toBe(400);
  });
});
