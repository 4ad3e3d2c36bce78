// Local time of a place: offsets, venue days and DST nights in America/New_York.
import { describe, expect, it } from "vitest";
import { dailySummary, hourlyData, weeklySummary, type HourTotal } from "../../worker/occupancy/hours";
import {
  dateOfDay,
  dayOfDate,
  fromWall,
  HOUR_MS,
  offsetAt,
  offsetSpans,
  toWall,
  venueDayAt,
  venueDayHours,
  venueDayRange,
  weekdayOfDay,
} from "../../common/local-time";

const newYork = { timeZone: "America/New_York", dayStartHour: 5 };
const day = (date: string) => dayOfDate(date)!;

describe("offsets", () => {
  it("follow New York's winter and summer time", () => {
    expect(offsetAt("America/New_York", Date.UTC(2026, 0, 15, 12))).toBe(-5 * HOUR_MS);
    expect(offsetAt("America/New_York", Date.UTC(2026, 6, 15, 12))).toBe(-4 * HOUR_MS);
    expect(offsetAt("Asia/Kolkata", Date.UTC(2026, 6, 15, 12))).toBe(5.5 * HOUR_MS);
  });

  it("split a year at the exact instants of both changes", () => {
    const spans = offsetSpans("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(spans).toEqual([
      { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 2, 8, 7), offset: -5 * HOUR_MS },
      { from: Date.UTC(2026, 2, 8, 7), to: Date.UTC(2026, 10, 1, 6), offset: -4 * HOUR_MS },
      { from: Date.UTC(2026, 10, 1, 6), to: Date.UTC(2027, 0, 1), offset: -5 * HOUR_MS },
    ]);
    expect(offsetSpans("UTC", 0, 10 * 86_400_000)).toEqual([{ from: 0, to: 10 * 86_400_000, offset: 0 }]);
  });

  it("map skipped and repeated wall times the way Temporal's 'compatible' does", () => {
    // 02:30 does not exist on 8 March 2026: it becomes 03:30 EDT.
    expect(fromWall("America/New_York", Date.UTC(2026, 2, 8, 2, 30))).toBe(Date.UTC(2026, 2, 8, 7, 30));
    // 01:30 happens twice on 1 November 2026: the first (EDT) wins.
    expect(fromWall("America/New_York", Date.UTC(2026, 10, 1, 1, 30))).toBe(Date.UTC(2026, 10, 1, 5, 30));
    expect(toWall("America/New_York", Date.UTC(2026, 10, 1, 6, 30))).toBe(Date.UTC(2026, 10, 1, 1, 30));
  });
});

describe("venue days", () => {
  it("run from 05:00 to 04:59, so 01:30 on Saturday belongs to Friday", () => {
    expect(dateOfDay(venueDayAt(newYork, Date.UTC(2026, 4, 16, 5, 30)))).toBe("2026-05-15"); // Sat 01:30 EDT
    expect(dateOfDay(venueDayAt(newYork, Date.UTC(2026, 4, 16, 9, 0)))).toBe("2026-05-16"); // Sat 05:00 EDT
    expect(weekdayOfDay(day("2026-05-15"))).toBe("Friday");
    expect(weekdayOfDay(day("1970-01-01"))).toBe("Thursday");
  });

  it("last 23 hours on the spring-forward night and 25 on the autumn one", () => {
    const length = (date: string) => {
      const { start, end } = venueDayRange(newYork, day(date));
      return (end - start) / HOUR_MS;
    };
    expect(length("2026-03-06")).toBe(24);
    expect(length("2026-03-07")).toBe(23);
    expect(length("2026-10-31")).toBe(25);
    expect(venueDayRange(newYork, day("2026-03-07")).start).toBe(Date.UTC(2026, 2, 7, 10));
  });

  it("list hours from the day start round to the next morning", () => {
    expect(venueDayHours(5)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4]);
    expect(venueDayHours(0)[0]).toBe(0);
  });

  it("accept only real calendar dates", () => {
    expect(dayOfDate("2026-02-28")).not.toBeNull();
    expect(dayOfDate("2026-02-29")).toBeNull();
    expect(dayOfDate("2026-2-28")).toBeNull();
    expect(dayOfDate("2026-13-01")).toBeNull();
  });
});

describe("hour-level numbers", () => {
  const place = { ...newYork, packedThreshold: 100 };
  /** An hour of the given local wall time with `people` in every one of 60 minutes. */
  const hour = (wallIso: string, offsetHours: number, people: number, samples = 60): HourTotal => ({
    wallHour: Date.parse(`${wallIso}Z`) / HOUR_MS,
    offset: offsetHours * HOUR_MS,
    peopleMinutes: people * samples,
    samples,
  });

  it("give a 25-hour autumn night both 01:00 hours, named by their zones", () => {
    const hours = [hour("2026-10-31T23:00", -4, 50), hour("2026-11-01T01:00", -4, 40), hour("2026-11-01T01:00", -5, 30), hour("2026-11-01T04:00", -5, 10)];
    expect(hourlyData(hours, place, day("2026-10-31"))).toEqual([
      { hour: "23:00", population: 50 },
      { hour: "01:00 EDT", population: 40 },
      { hour: "01:00 EST", population: 30 },
      { hour: "04:00", population: 10 },
    ]);
    // The daily summary has one bar per hour of the day: the two 01:00 hours are pooled.
    const summary = dailySummary(hours, place, day("2026-10-31"), []);
    expect(summary).toHaveLength(24);
    expect(summary.find((item) => item.label === "01:00")).toEqual({ label: "01:00", general_avg: 0, last_day_value: 35 });
  });

  it("average the usual days that have data", () => {
    const hours = [
      hour("2026-05-15T21:00", -4, 60), // today (a Friday)
      hour("2026-05-08T21:00", -4, 40),
      hour("2026-05-01T21:00", -4, 51),
      hour("2026-05-01T22:00", -4, 10, 15),
      hour("2026-05-02T02:00", -4, 90), // Friday night, after midnight
    ];
    const summary = dailySummary(hours, place, day("2026-05-15"), [day("2026-05-08"), day("2026-05-01")]);
    expect(summary.find((item) => item.label === "21:00")).toEqual({ label: "21:00", general_avg: 46, last_day_value: 60 });
    expect(summary.find((item) => item.label === "02:00")).toEqual({ label: "02:00", general_avg: 90, last_day_value: 0 });
    // Weekly: every hour here is a Friday night; people weighted by sampled minutes.
    const fridayMean = (60 * 60 + 40 * 60 + 51 * 60 + 10 * 15 + 90 * 60) / (60 * 4 + 15);
    expect(weeklySummary(hours, place)).toEqual({ Friday: Math.round(fridayMean * 10) / 10 });
  });
});
