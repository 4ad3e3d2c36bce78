// A place's hours table (fourteen "HH:MM" fields, "" = closed) read in its own wall clock: open
// now, open during an hour, the next opening (docs/when-to-go.md#open-now). A close at or before
// the open runs past midnight into the next morning.
// In common/ because the dashboard reads the hours too (a new event's default start, 'last night').
// Extensions on value imports: the seed loads this module in plain Node (scripts/seed.ts).
import { DAY_MS, fromWall, HOUR_MS, toWall, weekdayIndexOfDay } from "./local-time.ts";
import type { PlaceHours } from "./schemas/answers";
import { WEEKDAYS, type Weekday } from "./vocabulary.ts";

const MINUTE_MS = HOUR_MS / 60;

/** Minutes after midnight of an "HH:MM" hours field; null when it is empty (closed). */
function minutesOf(time: string): number | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
}

/** A weekday's opening hours in minutes; a close at or before the open runs past midnight. */
export function hoursOf(hours: PlaceHours, weekday: Weekday): { open: number; close: number } | null {
  const open = minutesOf(hours[`${weekday}_open`]);
  const close = minutesOf(hours[`${weekday}_close`]);
  return open === null || close === null ? null : { open, close };
}

/** Whether any day has opening hours: without, open and closed cannot be told apart. */
export const hasHours = (hours: PlaceHours) => WEEKDAYS.some((weekday) => hoursOf(hours, weekday) !== null);

/**
 * Whether the hours table has the venue open at a local wall time (ms, as toWall gives it): from
 * the day's open (included) to its close (excluded), or, when the close is not after the open, to
 * that time the next morning ("17:00"–"02:00"; "12:00"–"12:00" is 24 hours). Friday's hours thus
 * keep the bar open early on Saturday, whatever Saturday's say.
 */
export function isOpenAtWall(hours: PlaceHours, wallMs: number): boolean {
  const day = Math.floor(wallMs / DAY_MS);
  const minute = Math.floor((wallMs - day * DAY_MS) / MINUTE_MS);
  const today = hoursOf(hours, WEEKDAYS[weekdayIndexOfDay(day)]);
  if (today && minute >= today.open && (today.close <= today.open || minute < today.close)) return true;
  const yesterday = hoursOf(hours, WEEKDAYS[weekdayIndexOfDay(day - 1)]);
  return yesterday !== null && yesterday.close <= yesterday.open && minute < yesterday.close;
}

/** Whether the venue is open at an instant, by its hours table in its zone. */
export const isOpenAt = (hours: PlaceHours, timeZone: string, instantMs: number) => isOpenAtWall(hours, toWall(timeZone, instantMs));

/**
 * Closed by its hours table at an instant: "Closed" wins over any level, count, alert or check-in
 * then (docs/when-to-go.md#closed-wins). A place without hours is never closed by them.
 */
export const closedAt = (hours: PlaceHours, timeZone: string, instantMs: number) => hasHours(hours) && !isOpenAt(hours, timeZone, instantMs);

/** isOpenAt, except that a place without any hours may be open at any time: a sensor's silence counts then. */
export const mayBeOpenAt = (hours: PlaceHours, timeZone: string, instantMs: number) =>
  !hasHours(hours) || isOpenAt(hours, timeZone, instantMs);

/** Wall times (ms) at which the venue opens, in (afterWallMs, afterWallMs + 8 days], earliest first. */
function openingsAfterWall(hours: PlaceHours, afterWallMs: number): number[] {
  const firstDay = Math.floor(afterWallMs / DAY_MS);
  const openings: number[] = [];
  for (let day = firstDay; day <= firstDay + 8; day++) {
    const today = hoursOf(hours, WEEKDAYS[weekdayIndexOfDay(day)]);
    if (today && day * DAY_MS + today.open * MINUTE_MS > afterWallMs) openings.push(day * DAY_MS + today.open * MINUTE_MS);
  }
  return openings;
}

/**
 * Whether the venue is open at any minute of the wall-clock hour starting at `wallHourMs`: open at
 * its start, or opening within it (a 17:30 opening makes 17:00–18:00 an open hour).
 */
export function isOpenDuringWallHour(hours: PlaceHours, wallHourMs: number): boolean {
  if (isOpenAtWall(hours, wallHourMs)) return true;
  const [next] = openingsAfterWall(hours, wallHourMs);
  return next !== undefined && next < wallHourMs + HOUR_MS;
}

/**
 * The instant the venue next opens after `instantMs` by its hours table in its zone, or null when it
 * is open then or has no hours at all. An opening time skipped by spring-forward happens an hour
 * later on the wall clock (fromWall's rule).
 */
export function nextOpeningAt(hours: PlaceHours, timeZone: string, instantMs: number): number | null {
  const wall = toWall(timeZone, instantMs);
  if (!hasHours(hours) || isOpenAtWall(hours, wall)) return null;
  const [next] = openingsAfterWall(hours, wall);
  return next === undefined ? null : fromWall(timeZone, next);
}

/**
 * The instant the opening the venue is in at `instantMs` ends (the day's close, or the next
 * morning's for a close at or before the open); null when it is closed then or has no hours. Only
 * the one opening: hours that run on into the next day's opening are not joined.
 */
export function closingAt(hours: PlaceHours, timeZone: string, instantMs: number): number | null {
  const wall = toWall(timeZone, instantMs);
  if (!hasHours(hours) || !isOpenAtWall(hours, wall)) return null;
  const day = Math.floor(wall / DAY_MS);
  const minute = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
  const today = hoursOf(hours, WEEKDAYS[weekdayIndexOfDay(day)]);
  if (today && minute >= today.open && (today.close <= today.open || minute < today.close)) {
    return fromWall(timeZone, (today.close <= today.open ? day + 1 : day) * DAY_MS + today.close * MINUTE_MS);
  }
  // Open by yesterday's hours, which run past midnight into this morning.
  const yesterday = hoursOf(hours, WEEKDAYS[weekdayIndexOfDay(day - 1)])!;
  return fromWall(timeZone, day * DAY_MS + yesterday.close * MINUTE_MS);
}

/**
 * Until when a check-in made at `now` for `forHours` lasts: never past the closing; null while the
 * venue is closed by its hours, when nobody checks in there (docs/friends.md#check-ins).
 */
export function checkInUntil(hours: PlaceHours, timeZone: string, now: number, forHours: number): number | null {
  if (closedAt(hours, timeZone, now)) return null;
  return Math.min(now + forHours * HOUR_MS, closingAt(hours, timeZone, now) ?? Number.POSITIVE_INFINITY);
}
