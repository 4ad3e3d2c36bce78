// GET /api/place/{id}/week-comparison (docs/insights.md#compare-weeks): a week's daily peak and
// mean against the week before and 52 weeks earlier, in venue days (01:00 belongs to the evening before).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WeekComparisonAnswer } from "../../common/schemas/insights";
import { api } from "./helpers";
import { createPlace, errorOf, ownerOf, useFixedClock } from "./occupancy-fixtures";

useFixedClock(Date.UTC(2031, 5, 20));

/** A full local hour (EDT) of `people` on a June 2031 or May 2031 day. */
async function hourOf(placeId: number, month: number, date: number, hour: number, people: number) {
  const start = Date.UTC(2031, month, date, hour + 4);
  await env.DB.batch(
    [0, 1, 2, 3].map((quarter) =>
      env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
        placeId, (start + quarter * 900_000) / 1000, people, people,
      ),
    ),
  );
}

describe("GET /api/place/{id}/week-comparison", () => {
  it("compares the week of the chosen day with the week before and a year earlier", async () => {
    const placeId = await createPlace();
    // Tuesday 3 June: 60 at 20:00, 40 at 21:00, and 10 at 01:00 on Wednesday morning (still Tuesday's venue day).
    await hourOf(placeId, 5, 3, 20, 60);
    await hourOf(placeId, 5, 3, 21, 40);
    await hourOf(placeId, 5, 4, 1, 10);
    // Tuesday 27 May: 30 at 20:00.
    await hourOf(placeId, 4, 27, 20, 30);
    const response = await api(`/api/place/${placeId}/week-comparison?week=2031-06-04`, { headers: await ownerOf(placeId) });
    expect(response.status).toBe(200);
    const { weeks } = await response.json<WeekComparisonAnswer>();
    expect(weeks.map((week) => [week.label, week.start, week.has_data])).toEqual([
      ["This week", "2031-06-02", true],
      ["Week before", "2031-05-26", true],
      ["A year earlier", "2030-06-03", false],
    ]);
    expect(weeks[0].days[1]).toEqual({ date: "2031-06-03", weekday: "Tuesday", peak_percent: 60, mean_percent: 37 });
    expect(weeks[0].days[2]).toEqual({ date: "2031-06-04", weekday: "Wednesday", peak_percent: null, mean_percent: null });
    expect(weeks[1].days[1]).toEqual({ date: "2031-05-27", weekday: "Tuesday", peak_percent: 30, mean_percent: 30 });
    expect(weeks[2].days.every((day) => day.peak_percent === null && day.mean_percent === null)).toBe(true);
  });

  it("needs a calendar date", async () => {
    const placeId = await createPlace();
    const response = await api(`/api/place/${placeId}/week-comparison?week=2031-02-30`, { headers: await ownerOf(placeId) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain("week must be a calendar date written YYYY-MM-DD.");
  });
});
