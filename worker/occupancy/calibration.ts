// Calibration: from the devices a sensor hears to people. Two corrections: devices
// that never leave (tills, speakers, a phone in the office) are a baseline to subtract, and the
// rest are scaled by a factor learned from headcounts, since one person may carry several devices
// or none the sensor hears.
import { offsetSpans } from "../../common/local-time";
import type { PlaceHours } from "../../common/schemas/answers";
import { hasHours, isOpenAtWall } from "../../common/opening-hours";
import type { TimedCount } from "./reading-window";

/**
 * The share of closed-hours counts at or below the baseline: the lower quartile. Not the median:
 * closed hours still hold cleaners, deliveries and passers-by, and a baseline set too high
 * erases a quiet open hour (max(0, raw − baseline)), while one set too low only leaves a few
 * devices for the factor to absorb. Not the minimum: one reading of a rebooting sensor would set it.
 */
export const BASELINE_QUANTILE = 0.25;

export interface Baseline {
  /** Devices present even when the venue is closed. */
  devices: number;
  /** Closed-hours samples it was read from; 0 means no estimate (no samples, or no hours known). */
  closedSamples: number;
}

/**
 * Devices that never leave, from the place's raw counts (summed over its sensors, e.g. one per
 * minute) at times its hours table says it is closed: the lower quartile, by nearest rank, so it
 * is a count that was seen. A place without any opening hours (all days "") has no closed hours
 * to tell apart, so no baseline.
 */
export function baselineFromClosedHours(samples: readonly TimedCount[], hours: PlaceHours, timeZone: string): Baseline {
  if (samples.length === 0 || !hasHours(hours)) return { devices: 0, closedSamples: 0 };
  let from = Infinity;
  let to = -Infinity;
  for (const sample of samples) {
    from = Math.min(from, sample.ts);
    to = Math.max(to, sample.ts);
  }
  // One Intl look-up per offset change rather than per sample.
  const spans = offsetSpans(timeZone, from, to + 1);
  const closed: number[] = [];
  for (const sample of samples) {
    const offset = spans.find((span) => sample.ts < span.to)!.offset;
    if (!isOpenAtWall(hours, sample.ts + offset)) closed.push(sample.count);
  }
  if (closed.length === 0) return { devices: 0, closedSamples: 0 };
  closed.sort((a, b) => a - b);
  return { devices: closed[Math.ceil(BASELINE_QUANTILE * closed.length) - 1], closedSamples: closed.length };
}

/** "I count 42 people right now", stored beside the raw count and the baseline of that moment. */
export interface Headcount {
  people: number;
  raw: number;
  baseline: number;
}

/**
 * People per device above the baseline: the median of each headcount's people ÷ max(1, raw −
 * baseline), so one bad tap among three or more cannot move it far, and a single headcount
 * applies at once. A headcount of 0 people says nothing of the ratio (it would make every later
 * number 0) and is left out; without any, the factor is 1 (uncalibrated).
 */
export function calibrationFactor(headcounts: readonly Headcount[]): number {
  const ratios = headcounts
    .filter((headcount) => headcount.people > 0)
    .map((headcount) => headcount.people / Math.max(1, headcount.raw - headcount.baseline))
    .sort((a, b) => a - b);
  if (ratios.length === 0) return 1;
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2;
}

export interface Calibration {
  /** Devices subtracted from every raw count. */
  baseline: number;
  factor: number;
}

/** Raw device counts as they are: the calibration before any headcount. */
export const UNCALIBRATED: Calibration = { baseline: 0, factor: 1 };

/** The newest headcounts make the factor, so a sensor moved or re-aimed is re-learnt within a few. */
export const HEADCOUNTS_USED = 10;

/** The baseline is read from this many days of quarter hours before a headcount. */
export const BASELINE_DAYS = 28;

/**
 * People from a mean of raw counts (a quarter hour's, an hour's): max(0, mean − baseline) ×
 * factor, decimals kept. The stored rollups are means of per-minute device counts, and every
 * answer applies the calibration in force when it is read (docs/architecture.md#calibration); it
 * equals the mean of calibrated minutes unless some minutes fell below the baseline.
 */
export function calibratedMean(raw: number, calibration: Calibration): number {
  return Math.max(0, raw - calibration.baseline) * calibration.factor;
}

/** People from one raw count, rounded to a whole person (halves up) as a headcount is whole. */
export function calibratedPeople(raw: number, calibration: Calibration): number {
  return Math.round(calibratedMean(raw, calibration));
}

/**
 * The calibration a new headcount makes: the baseline estimated now, and the factor of the
 * newest HEADCOUNTS_USED of `headcounts` (given newest first, each with the baseline of its own moment).
 */
export function calibrationFrom(baseline: number, headcounts: readonly Headcount[]): Calibration {
  return { baseline, factor: calibrationFactor(headcounts.slice(0, HEADCOUNTS_USED)) };
}
