// "When to go" in words, as profiles and the live map say it (docs/when-to-go.md): open or closed,
// live against usual, the busiest hours of a day, the best time and how long it stays busy. Pure
// functions of the API's answers and an explicit `now`, read in the venue's time zone.
import { HOUR_MS, venueDayAt, weekdayOfDay, WEEKDAY_NAMES } from "../../common/local-time";
import { clockText, hourRangeText, wallOf } from "../../common/live-summary";
import type { ForecastHour } from "../../common/schemas/answers";

export {
  BUSIEST_TOLERANCE,
  busiestRun,
  busiestText,
  clockText,
  closedText,
  hourRangeText,
  liveSummary,
  silentText,
  VS_USUAL_TEXT,
  whenText,
  type LiveSummary,
} from "../../common/live-summary";

export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const NOT_ENOUGH_DATA = "Not enough data yet";

/** Said instead of charts when the owners hide counts: the API sends levels only (docs/when-to-go.md#public-counts). */
export const LEVELS_ONLY = "This venue shares how busy it is as a level only, not in numbers.";

/** Whether the owners hide counts: the public place answer then carries no thresholds. */
export const countsHidden = (place: { packed_threshold: number | null }) => place.packed_threshold === null;

/** The weekday of the venue day it is at `now` (at 1 AM Saturday a bar is still in Friday night). */
export function venueWeekday(timeZone: string, dayStartHour: number, now: number): WeekdayName {
  return weekdayOfDay(venueDayAt({ timeZone, dayStartHour }, now));
}

/** Local hour of day (0–23) at `now` in the zone. */
export function localHour(timeZone: string, now: number): number {
  return wallOf(timeZone, now).hour;
}

/** The venue's lively threshold as percent of its packed one: where "busy" starts for it; null when counts are hidden. */
export function livelyPercent(place: { lively_threshold: number | null; packed_threshold: number | null }): number | null {
  if (place.lively_threshold === null || place.packed_threshold === null) return null;
  return place.packed_threshold > 0 ? Math.round((100 * place.lively_threshold) / place.packed_threshold) : 100;
}

/** The forecast hours shown in detail: the current hour and the 11 after it. */
export const FORECAST_HOURS = 12;

const isBusy = (hour: ForecastHour, threshold: number | null) => threshold !== null && !hour.closed && hour.percent !== null && hour.percent >= threshold;

/**
 * "Busy until about 11 PM" while the current hour is forecast at or above `threshold` (the end of
 * that run), "Busy from about 9 PM until about 1 AM" for the first such run later in the next 12
 * hours, or null when none is (or when counts are hidden: no threshold).
 */
export function busyText(hours: readonly ForecastHour[], threshold: number | null, timeZone: string): string | null {
  const ahead = hours.slice(0, FORECAST_HOURS);
  const first = ahead.findIndex((hour) => isBusy(hour, threshold));
  if (first < 0) return null;
  let last = first;
  while (last + 1 < hours.length && isBusy(hours[last + 1], threshold)) last++;
  const end = clockOf(Date.parse(hours[last].start) + HOUR_MS, timeZone);
  return first === 0 ? `Busy until about ${end}` : `Busy from about ${clockOf(Date.parse(hours[first].start), timeZone)} until about ${end}`;
}

function clockOf(instant: number, timeZone: string): string {
  const at = wallOf(timeZone, instant);
  return clockText(at.hour, at.minute);
}

/**
 * "Best time to go tonight: 6–7 PM (quiet)"; "today" before 5 PM. Quiet below the lively percent;
 * without the word when counts are hidden (no percent, no threshold).
 */
export function bestTimeText(
  best: { start: string; end: string; percent: number | null } | null,
  threshold: number | null,
  timeZone: string,
): string | null {
  if (!best) return null;
  const from = wallOf(timeZone, Date.parse(best.start)).hour;
  const to = wallOf(timeZone, Date.parse(best.end)).hour;
  const when = from >= 17 || from < 5 ? "tonight" : "today";
  const range = `Best time to go ${when}: ${hourRangeText(from, to)}`;
  if (best.percent === null || threshold === null) return range;
  return `${range} (${best.percent < threshold ? "quiet" : "busy"})`;
}

/** One forecast hour as a row says it: "9 PM", and "35% (25–45%)", "Closed" or "No estimate". */
export function forecastRow(hour: ForecastHour, timeZone: string): { label: string; value: string } {
  const label = clockOf(Date.parse(hour.start), timeZone);
  if (hour.closed) return { label, value: "Closed" };
  if (hour.percent === null) return { label, value: "No estimate" };
  const range = hour.low !== null && hour.high !== null ? ` (${hour.low}–${hour.high}%)` : "";
  return { label, value: `${hour.percent}%${range}` };
}
