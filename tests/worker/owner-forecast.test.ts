// GET /api/place/{id}/forecast (docs/insights.md#forecast): the week ahead grouped by venue day
// with expected peaks, and the backtest over the last 4 weeks on a hand-computed case.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OwnerForecastAnswer } from "../../common/schemas/insights";
import { accuracyText, NOT_ENOUGH_ACCURACY } from "../../worker/occupancy/owner-forecast";
import { api } from "./helpers";
import { asAdmin, createPlace, ownerOf, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 10 June 2031, 12:00 in New York (EDT, UTC−4): no hour of today's evening has happened. */
const now = Date.UTC(2031, 5, 10, 16, 0);
const minute = 60_000;
/** Local wall time (EDT; every day used is in summer time) of the day `days` after today. */
const local = (days: number, hour: number) => Date.UTC(2031, 5, 10 + days, hour + 4);

useFixedClock(now);

/** `people(day)` at local 18:00–21:59 of the days [first, −1]. */
async function evenings(placeId: number, first: number, people: (day: number) => number) {
  const statements = [];
  for (let day = first; day < 0; day++) {
    for (let hour = 18; hour <= 21; hour++) {
      for (const quarter of [0, 1, 2, 3]) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
            placeId,
            (local(day, hour) + quarter * 15 * minute) / 1000,
            people(day),
            people(day),
          ),
        );
      }
    }
  }
  await env.DB.batch(statements);
}

async function forecastOf(placeId: number, headers: Record<string, string>, query = "") {
  const response = await api(`/api/place/${placeId}/forecast${query}`, { headers });
  return { status: response.status, body: await response.json<OwnerForecastAnswer & { error?: string }>() };
}

describe("GET /api/place/{id}/forecast", () => {
  it("groups the week by venue day with each day's peak, and measures the last 4 weeks against what happened", async () => {
    const placeId = await createPlace();
    // 12 weeks of 40 people every evening, except yesterday (a Monday) at 60.
    await evenings(placeId, -84, (day) => (day === -1 ? 60 : 40));
    const { status, body } = await forecastOf(placeId, await ownerOf(placeId));
    expect(status).toBe(200);
    expect(body.enough_data).toBe(true);
    expect(body.timezone).toBe("America/New_York");
    expect(body.days.map((day) => day.date)).toEqual(["2031-06-10", "2031-06-11", "2031-06-12", "2031-06-13", "2031-06-14", "2031-06-15", "2031-06-16"]);
    expect(body.days[0].weekday).toBe("Tuesday");
    // The last 6 days ran (20 × 40 + 4 × 60) ÷ (24 × 40) = 1.083 times their usual, and a share of
    // 0.45 of that carries: today the usual 40 × 1.0375 = 41.5, which the floating-point product
    // (0.45 × 1/12) leaves a hair below: 41.
    expect(body.days[0].peak).toEqual({ start: new Date(local(0, 18)).toISOString(), percent: 41 });
    // Next Monday: the Mondays weighted 8, 7, 5, 4, 3, 2, 1, Memorial Day (May 26, weight 6) left out:
    // (8 × 60 + 22 × 40) ÷ 30 = 45.3 people, × 1.0375 = 47.0.
    expect(body.days[6].peak).toEqual({ start: new Date(local(6, 18)).toISOString(), percent: 47 });
    // Every day but yesterday was forecast exactly; yesterday's 4 hours were off by 20: 80 ÷ 112 hours.
    // Forecast again from 18, 19, 20 and 21 h of each day: 9 hours 0–2 ahead and 1 later a day. Yesterday
    // from 18 h: 40 for all 4 hours (off by 20 three times next, once later); from 19 h: 40 again (one
    // hour of today is too few to go by), 3 × 20; from 20 h today ran 120 ÷ 80 = 1.5 times usual:
    // 40 × (1 + 0.8 × 0.5) = 56 and 40 × (1 + 0.8 × 0.95 × 0.5) = 55.2, off by 4 and 5; from 21 h 56 again,
    // off by 4. Next hours: (60 + 60 + 9 + 4) ÷ (28 × 9) = 0.53; later: 20 ÷ 28 = 0.71.
    expect(body.accuracy).toEqual({ mean_abs_error: 0.7, days: 28, hours: 112, next_hours_error: 0.5, later_error: 0.7 });
    expect(body.accuracy_text).toBe("Last 4 weeks: off by 1 point on average; next 3 hours: off by 1 point; later: 1 point");
  });

  it("keeps to ?days= and says when the history is too short to measure", async () => {
    const placeId = await createPlace();
    await evenings(placeId, -10, () => 40);
    const { status, body } = await forecastOf(placeId, await asAdmin(), "?days=2");
    expect(status).toBe(200);
    expect(body.days).toHaveLength(2);
    expect(body.enough_data).toBe(false);
    expect(body.days[0].peak).toBeNull();
    expect(body.accuracy).toBeNull();
    expect(body.accuracy_text).toBe(NOT_ENOUGH_ACCURACY);
  });

  it("is for the place's owners and the admin only, and refuses a bad ?days=", async () => {
    const placeId = await createPlace();
    const other = await createPlace();
    expect((await api(`/api/place/${placeId}/forecast`)).status).toBe(401);
    expect((await forecastOf(placeId, await ownerOf(other))).status).toBe(403);
    for (const days of ["0", "8", "x", "1.5"]) {
      const { status, body } = await forecastOf(placeId, await ownerOf(placeId), `?days=${days}`);
      expect(status).toBe(400);
      expect(body.error).toContain("days must be a whole number from 1 to 7.");
    }
  });
});

describe("accuracyText()", () => {
  it("writes whole points, with the horizon split when there is one", () => {
    const none = { next_hours_error: null, later_error: null };
    expect(accuracyText({ mean_abs_error: 6.4, days: 28, hours: 100, ...none })).toBe("Last 4 weeks: off by 6 points on average");
    expect(accuracyText({ mean_abs_error: 0.3, days: 28, hours: 100, ...none })).toBe("Last 4 weeks: off by under 1 point on average");
    expect(accuracyText({ mean_abs_error: 6.4, days: 28, hours: 100, next_hours_error: 3.8, later_error: 7.2 })).toBe(
      "Last 4 weeks: off by 6 points on average; next 3 hours: off by 4 points; later: 7 points",
    );
    expect(accuracyText(null)).toBe(NOT_ENOUGH_ACCURACY);
  });
});
