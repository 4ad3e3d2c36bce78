// A special's lift against the usual (worker/occupancy/special-lift.ts; docs/menus-and-specials.md#lift):
// the popular-events method over its runs, shown once it has run for 2 weeks.
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../common/local-time";
import type { HourTotal } from "../../worker/occupancy/hours";
import { specialLifts, type LiftSpecial } from "../../worker/occupancy/special-lift";

// Tuesday 10 June 2031, 12:00 EDT.
const now = Date.UTC(2031, 5, 10, 16, 0);
const place = { timeZone: "America/New_York", dayStartHour: 5, packedThreshold: 100 };
const at = (days: number, hour: number) => Date.UTC(2031, 5, 10 + days, hour + 4);
const hour = (days: number, localHour: number, people: number): HourTotal => ({
  wallHour: Date.UTC(2031, 5, 10 + days, localHour) / HOUR_MS,
  offset: -4 * HOUR_MS,
  peopleMinutes: people * 60,
  samples: 60,
});

// Tuesdays 17–19 from Tuesday 20 May (set that noon): 30 people on its three runs, 20 on the Tuesdays before.
const happyHour: LiftSpecial = { id: 1, title: "Happy hour", schedule: { kind: "weekly", days: ["Tuesday"], from: "17:00", to: "19:00" }, scheduleSince: at(-21, 12) };
const hours = [
  ...[-28, -35, -42, -49].flatMap((day) => [hour(day, 17, 20), hour(day, 18, 20)]),
  ...[-21, -14, -7].flatMap((day) => [hour(day, 17, 30), hour(day, 18, 30)]),
];

describe("specialLifts()", () => {
  it("measures each run against the same hours of the weeks before it began", () => {
    expect(specialLifts([happyHour], hours, place, now).get(1)).toEqual({ percent: 50, runs: 3, text: "+50% against usual across 3 runs" });
  });

  it("says when a younger special's lift will show", () => {
    const young = { ...happyHour, id: 2, scheduleSince: at(-7, 12) };
    expect(specialLifts([young], hours, place, now).get(2)).toEqual({ percent: null, runs: 0, text: "Lift shows from Jun 17, after 2 weeks of runs." });
  });

  it("says when its runs had no sensor data, never 0 %", () => {
    const lift = specialLifts([happyHour], hours.filter((item) => item.wallHour < Date.UTC(2031, 4, 20) / HOUR_MS), place, now).get(1);
    expect(lift).toEqual({ percent: null, runs: 0, text: "No sensor data during its runs." });
  });
});
