// A plan's forecast and, when it looks bad, a suggestion (docs/friends.md#plans): the forecast of
// the plan's hour at its place ("Lively, 60–75 %"), a quieter open place nearby at the same hour, or
// a better hour at the same place within three hours of it. Pure.
import { HOUR_MS, venueDayAt } from "../../common/local-time";
import type { Level } from "../../common/schemas/answers";
import { forecastHours } from "./forecast";
import { hasHours, isOpenAt } from "../../common/opening-hours";
import { rankSuggestions, type NowPlace, type PlaceAt } from "./place-now";
import { levelOfPercent, livelyEdge, settledHour } from "../../common/venue-hour";
import type { History } from "./popular-times";

/** A better hour is looked for this many hours before and after the plan's. */
export const BETTER_TIME_HOURS = 3;
/** Places nearby: within this many metres of the plan's place. */
export const NEARBY_M = 1000;

export interface PlanForecast {
  level: Level | null;
  percent: number | null;
  low: number | null;
  high: number | null;
  open: boolean | null;
}

const LEVEL_RANK: Record<Level, number> = { Relaxed: 0, Lively: 1, Packed: 2 };

/** The forecast of the hour `at` falls in; null when that hour is outside the forecast's week or before now's hour. */
export function planForecast(place: NowPlace, history: History, now: number, at: number): PlanForecast | null {
  const hours = forecastHours(history, place, now, [], venueDayAt(place, at) - venueDayAt(place, now) + 1);
  const hour = hours.find((item) => {
    const start = Date.parse(item.start);
    return start <= at && at < start + HOUR_MS;
  });
  if (!hour) return null;
  // Closed wins: no level or numbers for a closed hour (docs/when-to-go.md#closed-wins).
  const open = hasHours(place.hours) ? isOpenAt(place.hours, place.timeZone, at) : null;
  if (open === false) return { level: null, percent: null, low: null, high: null, open };
  // The range kept inside the level's band (docs/when-to-go.md#one-number-one-word).
  const settled = settledHour(hour, livelyEdge(place));
  const hide = (value: number | null) => (place.publicCounts ? value : null);
  return { level: settled.level, percent: hide(settled.percent), low: hide(settled.low), high: hide(settled.high), open };
}

/** A plan looks bad when its place is forecast Packed or closed at its hour. */
export const looksBad = (forecast: PlanForecast | null) => forecast !== null && (forecast.level === "Packed" || forecast.open === false);

/** True when `level` is quieter than the plan's forecast (any level is, when the place is closed then). */
const quieter = (level: Level | null, than: PlanForecast) =>
  level !== null && (than.open === false || than.level === null || LEVEL_RANK[level] < LEVEL_RANK[than.level]);

/**
 * The nearest hour within three of `at`, open and quieter than the plan's, at the same place (the
 * earlier on a tie); null when none is.
 */
export function betterTime(place: NowPlace, history: History, now: number, at: number, than: PlanForecast) {
  const days = venueDayAt(place, at + BETTER_TIME_HOURS * HOUR_MS) - venueDayAt(place, now) + 1;
  let best: { starts_at: string; level: Level; percent: number | null; distance: number } | null = null;
  for (const hour of forecastHours(history, place, now, [], days)) {
    const start = Date.parse(hour.start);
    const distance = Math.abs(start - at);
    const sameHour = start <= at && at < start + HOUR_MS;
    if (start <= now || sameHour || distance > BETTER_TIME_HOURS * HOUR_MS || hour.closed || hour.percent === null) continue;
    const level = levelOfPercent(hour.percent, livelyEdge(place));
    if (!quieter(level, than)) continue;
    if (best === null || distance < best.distance) best = { starts_at: hour.start, level, percent: place.publicCounts ? hour.percent : null, distance };
  }
  return best && { starts_at: best.starts_at, level: best.level, percent: best.percent };
}

export interface NearbyCandidate extends PlaceAt {
  id: number;
  name: string;
  slug: string;
  distance_m: number;
}

/** The best quieter place open at the plan's hour among candidates (the suggestions' ranking); null when none is. */
export function betterPlace(candidates: readonly NearbyCandidate[], than: PlanForecast) {
  const fitting = candidates.filter((candidate) => candidate.open !== false && quieter(candidate.level, than));
  const [best] = rankSuggestions(fitting, undefined);
  return best ? { id: best.id, name: best.name, slug: best.slug, level: best.level!, percent: best.percent, distance_m: Math.round(best.distance_m) } : null;
}
