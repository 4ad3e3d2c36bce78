// Calibration maths on hand-computed cases: the closed-hours baseline, the headcount
// factor and calibrated people.
import { describe, expect, it } from "vitest";
import { BAR_CLOSED_SUNDAY } from "./hours-fixtures";
import { NO_HOURS } from "../../common/schemas/place";
import {
  baselineFromClosedHours,
  calibratedMean,
  calibratedPeople,
  calibrationFrom,
  UNCALIBRATED,
  calibrationFactor,
  type Headcount,
} from "../../worker/occupancy/calibration";

const zone = "America/New_York";
const barHours = BAR_CLOSED_SUNDAY;
/** Wall time in New York in May 2026 (EDT, UTC−4) as an instant. */
const may = (day: number, hour: number, minute = 0) => Date.UTC(2026, 4, day, hour + 4, minute);

describe("baseline from closed hours", () => {
  it("is the lower quartile of the raw counts while closed", () => {
    const samples = [
      { ts: may(12, 1, 30), count: 30 }, // open: Monday's night
      { ts: may(12, 3, 0), count: 5 },
      { ts: may(12, 6, 0), count: 4 },
      { ts: may(12, 10, 0), count: 6 },
      { ts: may(12, 12, 0), count: 3 },
      { ts: may(12, 16, 59), count: 9 }, // staff arriving
      { ts: may(12, 17, 0), count: 20 }, // open
      { ts: may(12, 23, 0), count: 50 }, // open
    ];
    // Closed: 3, 4, 5, 6, 9; nearest rank ⌈0.25 × 5⌉ = 2 → 4.
    expect(baselineFromClosedHours(samples, barHours, zone)).toEqual({ devices: 4, closedSamples: 5 });
  });

  it("reads each sample on the venue's clock across a DST change", () => {
    // Sunday 8 March 2026: 01:30 EST is still Saturday's night; 03:30 EDT is closed.
    const samples = [
      { ts: Date.UTC(2026, 2, 8, 6, 30), count: 40 },
      { ts: Date.UTC(2026, 2, 8, 7, 30), count: 2 },
    ];
    expect(baselineFromClosedHours(samples, barHours, zone)).toEqual({ devices: 2, closedSamples: 1 });
  });

  it("has no estimate without samples, without closed samples or without any opening hours", () => {
    expect(baselineFromClosedHours([], barHours, zone)).toEqual({ devices: 0, closedSamples: 0 });
    expect(baselineFromClosedHours([{ ts: may(12, 20, 0), count: 30 }], barHours, zone)).toEqual({ devices: 0, closedSamples: 0 });
    expect(baselineFromClosedHours([{ ts: may(12, 10, 0), count: 3 }], NO_HOURS, zone)).toEqual({ devices: 0, closedSamples: 0 });
  });
});

describe("calibration factor", () => {
  const tap = (people: number, raw: number, baseline = 4): Headcount => ({ people, raw, baseline });

  it("shrugs off one bad tap among five headcounts (the median)", () => {
    // Ratios 40/20 = 2, 30/15 = 2, 18/10 = 1.8, 44/20 = 2.2 and a mistyped 400/20 = 20: the mean would be 5.6.
    expect(calibrationFactor([tap(40, 24), tap(30, 19), tap(18, 14), tap(44, 24), tap(400, 24)])).toBe(2);
  });

  it("applies a single headcount at once and averages the middle two of an even number", () => {
    expect(calibrationFactor([tap(25, 12, 2)])).toBe(2.5);
    expect(calibrationFactor([tap(20, 14), tap(30, 14)])).toBe(2.5);
  });

  it("is 1 without headcounts, leaves out a count of 0 people and divides by at least one device", () => {
    expect(calibrationFactor([])).toBe(1);
    expect(calibrationFactor([tap(0, 10)])).toBe(1);
    expect(calibrationFactor([tap(6, 3)])).toBe(6);
  });
});

describe("calibrated people", () => {
  it("is max(0, raw − baseline) × factor in whole people, halves up", () => {
    expect(calibratedPeople(24, { baseline: 4, factor: 1.8 })).toBe(36);
    expect(calibratedPeople(5, { baseline: 4, factor: 1.8 })).toBe(2);
    expect(calibratedPeople(5, { baseline: 4, factor: 2.5 })).toBe(3);
    expect(calibratedPeople(3, { baseline: 4, factor: 2 })).toBe(0);
    expect(calibratedPeople(17, { baseline: 0, factor: 1 })).toBe(17);
  });
});

describe("calibrated means and the calibration a headcount makes", () => {
  it("keeps a mean's decimals and never goes below zero", () => {
    expect(calibratedMean(7.5, { baseline: 4, factor: 1.8 })).toBeCloseTo(6.3, 10);
    expect(calibratedMean(3.2, { baseline: 4, factor: 1.8 })).toBe(0);
    expect(calibratedMean(7.5, UNCALIBRATED)).toBe(7.5);
  });

  it("takes the newest ten headcounts, each with its own baseline", () => {
    const tap = (people: number, raw: number): Headcount => ({ people, raw, baseline: 4 });
    // Newest first: ten of ratio 2, then an old one of ratio 9 that no longer counts.
    const recent = [...Array.from({ length: 10 }, () => tap(40, 24)), tap(180, 24)];
    expect(calibrationFrom(5, recent)).toEqual({ baseline: 5, factor: 2 });
    expect(calibrationFrom(5, [tap(180, 24), ...recent.slice(0, 9)]).factor).toBe(2);
    expect(calibrationFrom(0, [])).toEqual(UNCALIBRATED);
  });
});
