// One number, one word (docs/when-to-go.md#one-number-one-word): a venue-hour as people read it,
// the same on the profile, in the app ("where can I go at 9"), on a plan and in a notification:
// a level word (Relaxed, Lively or Packed only) and one percent; "Closed" wins over both. A
// forecast's likely range, where it is drawn, never passes its level's edges. Pure.
import { LEVELS, type Level } from "./vocabulary";

/** A venue at an hour: live numbers (a percent) or a forecast (a percent and its likely range). */
export interface VenueHour {
  /** Closed then by its hours: wins over any number. */
  closed?: boolean;
  /** The level when the caller knows it without thresholds (a live level, an answer's level). */
  level?: Level | null;
  percent: number | null;
  low?: number | null;
  high?: number | null;
}

/** What is read: the word, the one number ("62%") and both together ("Lively · 62%"); all null without a level. */
export interface HourReading {
  word: Level | "Closed" | null;
  number: string | null;
  text: string | null;
}

/**
 * The percent of capacity at which a place turns Lively: 100 × lively_threshold ÷ packed_threshold
 * (percent is of the packed threshold, so Packed is 100 %), unrounded, so a percent's level here is
 * the level of its people by the thresholds (worker/occupancy/levels.ts).
 */
export const livelyEdge = (thresholds: { livelyThreshold: number; packedThreshold: number }): number =>
  thresholds.packedThreshold > 0 ? (100 * thresholds.livelyThreshold) / thresholds.packedThreshold : 100;

/** The level of a percent at a place whose lively edge is `edge`: Relaxed below it, Lively from it, Packed at 100. */
export function levelOfPercent(percent: number, edge: number): Level {
  if (percent >= 100) return "Packed";
  return percent >= edge ? "Lively" : "Relaxed";
}

/** The whole percents a level covers at a place: Relaxed 0 to just below the edge, Lively from it to 99, Packed 100. */
export function levelBand(level: Level, edge: number): { min: number; max: number } {
  if (level === "Packed") return { min: 100, max: 100 };
  if (level === "Lively") return { min: Math.min(Math.ceil(edge), 99), max: 99 };
  return { min: 0, max: Math.max(0, Math.ceil(edge) - 1) };
}

/**
 * The hour with its level settled and its range kept inside that level's band ("Lively, 74–100 %"
 * becomes 74–99 %); a range that shrinks to one number is dropped. Without an edge, the level and
 * range are taken as given (the server clamped them, knowing the thresholds).
 */
export function settledHour(hour: VenueHour, edge: number | null): { level: Level | null; percent: number | null; low: number | null; high: number | null } {
  const percent = hour.percent;
  const level = hour.level ?? (percent !== null && edge !== null ? levelOfPercent(percent, edge) : null);
  let low = hour.low ?? null;
  let high = hour.high ?? null;
  if (level !== null && edge !== null && low !== null && high !== null) {
    const band = levelBand(level, edge);
    low = Math.min(Math.max(low, band.min), band.max);
    high = Math.max(Math.min(high, band.max), band.min);
  }
  if (low !== null && high !== null && low >= high) [low, high] = [null, null];
  return { level, percent, low, high };
}

/**
 * The venue-hour in words: "Closed", "Relaxed" (counts hidden), "Lively · 62%". One number, never a
 * range beside it: the likely range is drawn (the profile's forecast), not said.
 */
export function readVenueHour(hour: VenueHour, edge: number | null): HourReading {
  if (hour.closed) return { word: "Closed", number: null, text: "Closed" };
  const { level, percent } = settledHour(hour, edge);
  if (level === null || !LEVELS.includes(level)) return { word: null, number: null, text: null };
  const number = percent === null ? null : `${percent}%`;
  return { word: level, number, text: number === null ? level : `${level} · ${number}` };
}
