// "When to go" in words, as profiles and the live map say it (docs/when-to-go.md): open or closed,
// live against usual, the busiest hours of a day, the best time and how long it stays busy. Pure
// functions of the API's answers and an explicit `now`, read in the venue's time zone.
import { HOUR_MS, venueDayAt, weekdayOfDay, WEEKDAY_NAMES } from "../../common/local-time";
import { formatHour } from "../../common/formats";
import { hourRangeText, wallOf } from "../../common/live-summary";
import type { ForecastHour } from "../../common/schemas/answers";
import { levelOfPercent, livelyEdge, readVenueHour, settledHour } from "../../common/venue-hour";

export {
  BUSIEST_TOLERANCE,
  busiestRun,
  busiestText,
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

/** The venue's lively threshold as percent of its packed one, rounded (where it turns Lively); null when counts are hidden. */
export function livelyPercent(place: { lively_threshold: number | null; packed_threshold: number | null }): number | null {
  if (place.lively_threshold === null || place.packed_threshold === null) return null;
  return place.packed_threshold > 0 ? Math.round((100 * place.lively_threshold) / place.packed_threshold) : 100;
}

/** The unrounded lively edge of a public place (common/venue-hour.ts); null when counts are hidden. */
export function placeEdge(place: { lively_threshold: number | null; packed_threshold: number | null }): number | null {
  if (place.lively_threshold === null || place.packed_threshold === null) return null;
  return livelyEdge({ livelyThreshold: place.lively_threshold, packedThreshold: place.packed_threshold });
}

/** The forecast hours shown in detail: the current hour and the 11 after it. */
export const FORECAST_HOURS = 12;

const isBusy = (hour: ForecastHour, threshold: number | null) => threshold !== null && !hour.closed && hour.percent !== null && hour.percent >= threshold;

/**
 * "Lively until about 11 PM" while the current hour is forecast at or above `threshold` (the end of
 * that run), "Lively from about 9 PM until about 1 AM" for the first such run later in the next 12
 * hours ("Lively to Packed" when the run reaches Packed), or null when none is (or when counts are
 * hidden: no threshold). Level words only (docs/when-to-go.md#one-number-one-word).
 */
export function busyText(hours: readonly ForecastHour[], threshold: number | null, timeZone: string, locale: string): string | null {
  const ahead = hours.slice(0, FORECAST_HOURS);
  const first = ahead.findIndex((hour) => isBusy(hour, threshold));
  if (first < 0) return null;
  let last = first;
  while (last + 1 < hours.length && isBusy(hours[last + 1], threshold)) last++;
  const end = clockOf(Date.parse(hours[last].start) + HOUR_MS, timeZone, locale);
  const packed = hours.slice(first, last + 1).some((hour) => hour.percent !== null && hour.percent >= 100);
  const words = packed ? "Lively to Packed" : "Lively";
  return first === 0 ? `${words} until about ${end}` : `${words} from about ${clockOf(Date.parse(hours[first].start), timeZone, locale)} until about ${end}`;
}

function clockOf(instant: number, timeZone: string, locale: string): string {
  const at = wallOf(timeZone, instant);
  return formatHour(at.hour, at.minute, locale);
}

/**
 * "Best time to go tonight: 6–7 PM (quiet)"; "today" before 5 PM. Quiet below the lively percent;
 * without the word when counts are hidden (no percent, no threshold).
 */
export function bestTimeText(
  best: { start: string; end: string; percent: number | null } | null,
  threshold: number | null,
  timeZone: string,
  locale: string,
): string | null {
  if (!best) return null;
  const from = wallOf(timeZone, Date.parse(best.start)).hour;
  const to = wallOf(timeZone, Date.parse(best.end)).hour;
  const when = from >= 17 || from < 5 ? "tonight" : "today";
  const range = `Best time to go ${when}: ${hourRangeText(from, to, locale)}`;
  if (best.percent === null || threshold === null) return range;
  return `${range} (${levelOfPercent(best.percent, threshold)})`;
}

/**
 * One forecast hour as a row says it: "9 PM", and "Lively · 35%" (readVenueHour, as every screen
 * says a venue-hour), "Closed" or "No estimate"; without the edge (the owner's dashboard, whose
 * forecast says numbers only) "35% (25–45%)". The range to draw is kept inside the level's band.
 */
export function forecastRow(hour: ForecastHour, timeZone: string, locale: string, edge: number | null = null): ForecastRow {
  const label = clockOf(Date.parse(hour.start), timeZone, locale);
  const { low, high } = settledHour(hour, edge);
  const range = { low: low ?? hour.percent, high: high ?? hour.percent };
  if (hour.closed) return { label, value: "Closed", ...range };
  if (hour.percent === null) return { label, value: "No estimate", ...range };
  if (edge === null) return { label, value: `${hour.percent}%${hour.low !== null && hour.high !== null ? ` (${hour.low}–${hour.high}%)` : ""}`, ...range };
  return { label, value: readVenueHour(hour, edge).text ?? `${hour.percent}%`, ...range };
}

export interface ForecastRow {
  label: string;
  value: string;
  /** The likely range to draw, inside the level's band (the percent alone without one). */
  low: number | null;
  high: number | null;
}

/**
 * The first `shown` hours as rows, each run of closed hours collapsed into one ("4 AM" … "Closed
 * until 2 PM", the opening looked for in all `hours`; just "Closed" when none follows).
 */
export function forecastRows(
  hours: readonly ForecastHour[],
  timeZone: string,
  locale: string,
  edge: number | null,
  shown = hours.length,
): (ForecastRow & { start: string; closed: boolean })[] {
  const rows: (ForecastRow & { start: string; closed: boolean })[] = [];
  hours.slice(0, shown).forEach((hour, index) => {
    if (hour.closed && index > 0 && hours[index - 1].closed) return;
    const row = { ...forecastRow(hour, timeZone, locale, edge), start: hour.start, closed: hour.closed };
    if (hour.closed) {
      const next = hours.slice(index).find((later) => !later.closed);
      if (next) row.value = `Closed until ${clockOf(Date.parse(next.start), timeZone, locale)}`;
    }
    rows.push(row);
  });
  return rows;
}
