// Popular events (docs/insights.md#popular-events) on hand-computed cases: an event over midnight,
// a recurring event compared occurrence by occurrence (its own earlier nights left out of the
// usual), an occurrence without sensor data; then GET /api/place/{id}/event-insights from D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../common/local-time";
import type { EventInsightsAnswer } from "../../common/schemas/insights";
import { eventInsights, hoursOfWeekNeeded, NO_SENSOR_DATA, occurrencesOf, type InsightEvent } from "../../worker/occupancy/event-insights";
import type { HourTotal } from "../../worker/occupancy/hours";
import { insertCategory, insertEvent } from "./fixtures";
import { api } from "./helpers";
import { asAdmin, createPlace, ownerOf, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 10 June 2031, 12:00 in New York (EDT, UTC−4; every day used is in summer time). */
const now = Date.UTC(2031, 5, 10, 16, 0);
const place = { timeZone: "America/New_York", dayStartHour: 5, packedThreshold: 100 };
/** The instant of local `hour` on the day `days` after today. */
const at = (days: number, hour: number) => Date.UTC(2031, 5, 10 + days, hour + 4);
/** A full hour of `people` at local `hour` of the day `days` after today. */
const hour = (days: number, localHour: number, people: number): HourTotal => ({
  wallHour: Date.UTC(2031, 5, 10 + days, localHour) / HOUR_MS,
  offset: -4 * HOUR_MS,
  peopleMinutes: people * 60,
  samples: 60,
});

const party: InsightEvent = {
  id: 1, name: "Friday Late", categoryId: 7, categoryName: "Live Music", recurring: false, repeatingDays: [],
  // Friday 6 June, 22:00 to 01:00 on Saturday.
  start: at(-4, 22), end: at(-3, 1),
};
const trivia: InsightEvent = {
  id: 2, name: "Quiz", categoryId: 8, categoryName: "Trivia", recurring: true, repeatingDays: ["Tuesday"],
  // From Tuesday 20 May, 20:00–22:00 every Tuesday.
  start: at(-21, 20), end: at(-21, 22),
};

const hours: HourTotal[] = [
  // The party: 80, 90, then 70 after midnight; the four Fridays before: 40, 50, 30.
  hour(-4, 22, 80), hour(-4, 23, 90), hour(-3, 0, 70),
  ...[-11, -18, -25, -32].flatMap((day) => [hour(day, 22, 40), hour(day, 23, 50), hour(day + 1, 0, 30)]),
  // Tuesdays before the quiz began: 30 at 20:00 and 21:00; quiz nights 60 and 45; the last one unrecorded.
  ...[-28, -35, -42, -49].flatMap((day) => [hour(day, 20, 30), hour(day, 21, 30)]),
  hour(-21, 20, 60), hour(-21, 21, 60),
  hour(-14, 20, 45), hour(-14, 21, 45),
];

describe("eventInsights()", () => {
  const answer = eventInsights([party, trivia], hours, place, now);
  const of = (start: number) => answer.occurrences.find((item) => item.start === new Date(start).toISOString())!;

  it("measures an event over midnight by all its hours, against the four Fridays before", () => {
    expect(of(at(-4, 22))).toMatchObject({
      event_id: 1,
      weekday: "Friday",
      end: new Date(at(-3, 1)).toISOString(),
      // (80 + 90 + 70) ÷ 3 = 80 against (40 + 50 + 30) ÷ 3 = 40.
      mean_percent: 80,
      peak_percent: 90,
      mean_people: 80,
      usual_mean_percent: 40,
      usual_peak_percent: 50,
      usual_weeks: 4,
      lift_points: 40,
      lift_percent: 100,
      note: null,
    });
  });

  it("compares a recurring event occurrence by occurrence, leaving its own earlier nights out of the usual", () => {
    expect(answer.occurrences.filter((item) => item.event_id === 2).map((item) => item.start)).toEqual(
      [at(-21, 20), at(-14, 20), at(-7, 20)].map((start) => new Date(start).toISOString()),
    );
    // Both measured against the four Tuesdays before the quiz began (30): 20 May's quiz is not usual for 27 May.
    expect(of(at(-21, 20))).toMatchObject({ mean_percent: 60, usual_mean_percent: 30, usual_weeks: 4, lift_points: 30, lift_percent: 100 });
    expect(of(at(-14, 20))).toMatchObject({ mean_percent: 45, usual_mean_percent: 30, usual_weeks: 4, lift_points: 15, lift_percent: 50 });
  });

  it("says an occurrence without sensor data has none, never 0 %", () => {
    expect(of(at(-7, 20))).toMatchObject({
      mean_percent: null,
      peak_percent: null,
      mean_people: null,
      lift_points: null,
      lift_percent: null,
      note: NO_SENSOR_DATA,
    });
  });

  it("ranks by lift (newest first on a tie, no lift last) and averages each category", () => {
    expect(answer.occurrences.map((item) => [item.event_id, item.lift_percent])).toEqual([
      [1, 100],
      [2, 100],
      [2, 50],
      [2, null],
    ]);
    expect(answer.categories).toEqual([
      { category_id: 7, name: "Live Music", events: 1, lift_percent: 100, lift_points: 40, weekday: "Friday", sentence: "Live Music: +100% over a usual Friday, 1 event" },
      // (100 + 50) ÷ 2 and (30 + 15) ÷ 2, over the two occurrences with data.
      { category_id: 8, name: "Trivia", events: 2, lift_percent: 75, lift_points: 23, weekday: "Tuesday", sentence: "Trivia: +75% over a usual Tuesday, 2 events" },
    ]);
  });
});

describe("hoursOfWeekNeeded()", () => {
  // The route reads only these hours of the year; a usual is the same hours whole weeks earlier.
  it("is the events' hours of the week, wall hour 0 being Thursday 00:00", () => {
    // Friday 22:00, 23:00 and Saturday 00:00 (the party); Tuesday 20:00 and 21:00 (the quiz).
    expect(hoursOfWeekNeeded([party, trivia], place, now)).toEqual([24 + 22, 24 + 23, 48, 5 * 24 + 20, 5 * 24 + 21]);
    expect(hoursOfWeekNeeded([], place, now)).toEqual([]);
  });
});

describe("occurrencesOf()", () => {
  it("keeps the local start time across a change of UTC offset and stops at now", () => {
    // Every Sunday at 21:00 from 26 October 2031 (EDT); clocks go back on 2 November.
    const sunday: InsightEvent = { ...trivia, repeatingDays: ["Sunday"], start: Date.UTC(2031, 9, 27, 1), end: Date.UTC(2031, 9, 27, 3) };
    const starts = occurrencesOf(sunday, place.timeZone, 0, Date.UTC(2031, 10, 10, 3), Date.UTC(2031, 10, 10, 3)).map((item) => item.start);
    // 21:00 EDT is 01:00Z, 21:00 EST 02:00Z; 9 November's occurrence ends after now.
    expect(starts).toEqual([Date.UTC(2031, 9, 27, 1), Date.UTC(2031, 10, 3, 2)]);
  });
});

describe("GET /api/place/{id}/event-insights", () => {
  useFixedClock(now);

  it("answers from D1 for the owners and the admin, others refused", async () => {
    const placeId = await createPlace();
    const category = await insertCategory(`Trivia ${placeId}`);
    await insertEvent({ place_id: placeId, name: "Quiz", start_time: new Date(at(-7, 20)).toISOString(), end_time: new Date(at(-7, 22)).toISOString(), category_id: category });
    await insertEvent({ place_id: placeId, name: "Unrecorded", start_time: new Date(at(-3, 20)).toISOString(), category_id: category });
    const statements = [];
    for (const [day, people] of [[-7, 70], [-14, 35], [-21, 35]] as const) {
      for (let quarter = 0; quarter < 8; quarter++) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
            placeId, (at(day, 20) + quarter * 15 * 60_000) / 1000, people, people,
          ),
        );
      }
    }
    await env.DB.batch(statements);
    const response = await api(`/api/place/${placeId}/event-insights`, { headers: await ownerOf(placeId) });
    expect(response.status).toBe(200);
    const body = await response.json<EventInsightsAnswer>();
    expect(body.window_days).toBe(365);
    expect(body.occurrences.map((item) => [item.name, item.mean_percent, item.usual_mean_percent, item.lift_percent, item.note])).toEqual([
      ["Quiz", 70, 35, 100, null],
      ["Unrecorded", null, null, null, NO_SENSOR_DATA],
    ]);
    expect(body.categories.map((item) => item.sentence)).toEqual([`Trivia ${placeId}: +100% over a usual Tuesday, 1 event`]);

    expect((await api(`/api/place/${placeId}/event-insights`, { headers: await asAdmin() })).status).toBe(200);
    expect((await api(`/api/place/${placeId}/event-insights`, { headers: await ownerOf(await createPlace()) })).status).toBe(403);
    expect((await api(`/api/place/${placeId}/event-insights`)).status).toBe(401);
  });
});
