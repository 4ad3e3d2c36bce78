// Local time of a place (docs/architecture.md#venue-day-and-local-time): every hour, day and
// weekday is the venue's wall clock, DST-correct, and a "venue day" runs from `day_start_hour` to
// the same hour next morning so a bar's Friday night is one day. Intl is the only source of
// time-zone rules; formatting is slow (~3 µs a call), so bulk work uses offset spans and plain
// arithmetic instead of per-item calls.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone (e.g. "America/New_York"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of local wall time from UTC at an instant, in ms (New York in winter: -5 h). */
export function offsetAt(timeZone: string, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instantMs)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wall - wholeSecond;
}

/**
 * An instant as ISO-8601 local time with the zone's offset then, to the second:
 * "2026-11-27T21:00:00-05:00" (schema.org's Event dates, docs/search-and-previews.md).
 */
export function isoWithOffset(timeZone: string, instantMs: number): string {
  const offsetMinutes = Math.round(offsetAt(timeZone, instantMs) / 60_000);
  const wall = new Date(Math.floor(instantMs / 1000) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Local wall-clock time as if it were UTC (so getUTC* and plain division read local fields). */
export function toWall(timeZone: string, instantMs: number): number {
  return instantMs + offsetAt(timeZone, instantMs);
}

/**
 * The instant a wall-clock time happens. A time that occurs twice (autumn) gives the earlier
 * instant; a time skipped by spring-forward moves forward by the gap (02:30 → 03:30), as
 * Temporal's "compatible" disambiguation does.
 */
export function fromWall(timeZone: string, wallMs: number): number {
  const before = offsetAt(timeZone, wallMs - DAY_MS);
  const after = offsetAt(timeZone, wallMs + DAY_MS);
  const valid = [before, after].map((offset) => wallMs - offset).filter((t) => toWall(timeZone, t) === wallMs);
  return valid.length > 0 ? Math.min(...valid) : wallMs - before;
}

export interface OffsetSpan {
  /** Instants [from, to) during which the zone's offset is `offset` ms. */
  from: number;
  to: number;
  offset: number;
}

/** Splits [fromMs, toMs) where the zone's offset changes; one span for most ranges, a few per year. */
export function offsetSpans(timeZone: string, fromMs: number, toMs: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let spanStart = fromMs;
  let offset = offsetAt(timeZone, fromMs);
  // Zones change offset at most a few times a year, never twice in a day: probe daily, then
  // binary-search the exact second of each change.
  for (let probe = fromMs + DAY_MS; spanStart < toMs; probe += DAY_MS) {
    const end = Math.min(probe, toMs);
    const endOffset = offsetAt(timeZone, end - 1);
    if (endOffset !== offset) {
      // In whole seconds; invariant: the old offset holds at `low`, the new one at `high`.
      let low = Math.floor(Math.max(spanStart, end - DAY_MS) / 1000);
      let high = Math.ceil((end - 1) / 1000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(timeZone, middle * 1000) === offset) low = middle;
        else high = middle;
      }
      const change = high * 1000;
      spans.push({ from: spanStart, to: change, offset });
      spanStart = change;
      offset = endOffset;
    }
    if (end === toMs) break;
  }
  spans.push({ from: spanStart, to: toMs, offset });
  return spans;
}

/** A venue day is named by its calendar date (YYYY-MM-DD) and numbered in days since 1970-01-01. */
export type VenueDay = number;

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Day number of a YYYY-MM-DD date, or null when it is not a real calendar date. */
export function dayOfDate(date: string): VenueDay | null {
  if (!DATE_PATTERN.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

export function dateOfDay(day: VenueDay): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Weekday names as the weekly summary keys them, Monday first. */
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** 0 = Monday … 6 = Sunday for a venue day. */
export function weekdayIndexOfDay(day: VenueDay): number {
  // 1970-01-01 (day 0) was a Thursday.
  return (((day + 3) % 7) + 7) % 7;
}

/** "Monday" … "Sunday" for a venue day. */
export function weekdayOfDay(day: VenueDay): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[weekdayIndexOfDay(day)];
}

/** The venue day that a local wall time (ms, as from toWall) belongs to. */
export function venueDayOfWall(wallMs: number, dayStartHour: number): VenueDay {
  return Math.floor((wallMs - dayStartHour * HOUR_MS) / DAY_MS);
}

/** A place's clock: its zone and the hour its venue day starts. */
export interface PlaceClock {
  timeZone: string;
  dayStartHour: number;
}

export function venueDayAt(clock: PlaceClock, instantMs: number): VenueDay {
  return venueDayOfWall(toWall(clock.timeZone, instantMs), clock.dayStartHour);
}

/** Instants [start, end) of a venue day: 23 hours on spring-forward nights, 25 in autumn. */
export function venueDayRange(clock: PlaceClock, day: VenueDay): { start: number; end: number } {
  const wallStart = day * DAY_MS + clock.dayStartHour * HOUR_MS;
  return {
    start: fromWall(clock.timeZone, wallStart),
    end: fromWall(clock.timeZone, wallStart + DAY_MS),
  };
}

/** "HH:00" of a local hour of the day (0–23). */
export function hourLabel(hourOfDay: number): string {
  return `${String(hourOfDay).padStart(2, "0")}:00`;
}

/** Local hours of a venue day in order: 5 … 23, 0 … 4 for the default day start. */
export function venueDayHours(dayStartHour: number): number[] {
  return Array.from({ length: 24 }, (_, i) => (dayStartHour + i) % 24);
}
