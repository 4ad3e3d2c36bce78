// The forecast (docs/when-to-go.md#forecast): per hour from now to the end of the week ahead,
// the usual of that weekday's hour (popular-times.ts) scaled by how far the venue ran from its
// usual lately, and by the learnt lift of past events of the same category when one is on.
// Pure: history and events come from D1 through the route.
import { HOUR_MS, toWall, venueDayAt, venueDayOfWall, venueDayRange, weekdayIndexOfDay, type VenueDay } from "../../common/local-time";
import type { ForecastAnswer, ForecastHour } from "../../common/schemas/answers";
import { hourOfDay } from "./hours";
import { percentOf } from "./levels";
import { hasHours, isOpenDuringWallHour } from "./opening-hours";
import { hasEnoughData, HISTORY_DAYS, usualAt, type History, type WhenPlace } from "./popular-times";

/** Hours of the forecast in detail; best_time is the quietest open one among them. */
export const DETAIL_HOURS = 12;
/** Venue days the recent deviation looks back over: today so far and the 6 before. */
export const DEVIATION_DAYS = 7;
/** Today's hours weigh this much in the deviation; earlier days 1. */
export const TODAY_WEIGHT = 2;
/** Hours with a usual value the deviation needs; with fewer it is 1. */
export const MIN_DEVIATION_HOURS = 6;
/** The deviation is kept within these bounds: one odd week is not a new venue. */
export const DEVIATION_BOUNDS = [0.5, 2] as const;
/**
 * A deviation under 10 % either way is taken as 1: days of a normal week differ by about that much
 * among themselves, so a smaller one says nothing about tonight and would only add its noise.
 */
export const DEVIATION_MIN = 0.1;
/** A learnt event lift is kept within these bounds. */
export const LIFT_BOUNDS = [0.5, 3] as const;
/** An event of a category never seen at the venue widens the high end by this factor. */
export const UNKNOWN_EVENT_HIGH = 1.5;

/** A one-off event at the venue (recurring ones are part of their weekday's usual already). */
export interface VenueEvent {
  start: number;
  end: number;
  categoryId: number | null;
}

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** The wall-clock hour (ms, as toWall gives it) an instant falls in. */
const wallHourStart = (place: WhenPlace, instant: number) => Math.floor(toWall(place.timeZone, instant) / HOUR_MS) * HOUR_MS;

const isClosedAt = (place: WhenPlace, wallHour: number) => hasHours(place.hours) && !isOpenDuringWallHour(place.hours, wallHour);

/** Actual and usual people of a past venue day's hour, the day left out of its own usual; null without both. */
function measured(history: History, day: VenueDay, hour: number): { actual: number; usual: number } | null {
  const actual = history.means.get(day)?.get(hour);
  const usual = usualAt(history, weekdayIndexOfDay(day), hour, day);
  return actual === undefined || usual === null ? null : { actual, usual: usual.people };
}

/**
 * How busy the venue ran against its usual lately: Σ weight × actual ÷ Σ weight × usual over the
 * open hours of today so far (weight 2) and the 6 venue days before (weight 1) that have both, each
 * day measured against a usual that leaves it out. 1 with fewer than 6 such hours or when within
 * 10 % of 1; kept in [0.5, 2].
 */
export function recentDeviation(history: History, place: WhenPlace, now: number): number {
  const today = venueDayAt(place, now);
  const currentHour = wallHourStart(place, now);
  let actual = 0;
  let usual = 0;
  let hours = 0;
  for (let day = today - (DEVIATION_DAYS - 1); day <= today; day++) {
    for (const hour of history.means.get(day)?.keys() ?? []) {
      const wallHour = (day * 24 + hour + (hour < place.dayStartHour ? 24 : 0)) * HOUR_MS;
      // Only complete hours: today's current hour is still filling.
      if (wallHour >= currentHour || isClosedAt(place, wallHour)) continue;
      const values = measured(history, day, hour);
      if (!values) continue;
      const weight = day === today ? TODAY_WEIGHT : 1;
      actual += weight * values.actual;
      usual += weight * values.usual;
      hours++;
    }
  }
  if (hours < MIN_DEVIATION_HOURS || usual === 0 || Math.abs(actual / usual - 1) < DEVIATION_MIN) return 1;
  return clamp(actual / usual, DEVIATION_BOUNDS);
}

/** Start instants of the local hours an event covers (those it overlaps). */
function hoursOfEvent(place: WhenPlace, event: VenueEvent): number[] {
  const starts: number[] = [];
  const first = event.start - (toWall(place.timeZone, event.start) - wallHourStart(place, event.start));
  for (let start = first; start < event.end; start += HOUR_MS) starts.push(start);
  return starts;
}

/**
 * Learnt lift per event category: Σ actual ÷ Σ usual people over the hours of the category's
 * past one-off events at the venue within the history window, each day against a usual that leaves
 * it out; kept in [0.5, 3]. A category without such hours has no entry.
 */
function eventLifts(history: History, place: WhenPlace, events: readonly VenueEvent[], now: number): Map<number, number> {
  const sums = new Map<number, { actual: number; usual: number }>();
  const today = venueDayAt(place, now);
  for (const event of events) {
    if (event.categoryId === null || event.end > now) continue;
    for (const start of hoursOfEvent(place, event)) {
      const day = venueDayAt(place, start);
      if (day >= today || day < today - HISTORY_DAYS) continue;
      const values = measured(history, day, hourOfDay(wallHourStart(place, start) / HOUR_MS));
      if (!values) continue;
      const sum = sums.get(event.categoryId) ?? { actual: 0, usual: 0 };
      sum.actual += values.actual;
      sum.usual += values.usual;
      sums.set(event.categoryId, sum);
    }
  }
  const lifts = new Map<number, number>();
  for (const [category, sum] of sums) if (sum.usual > 0) lifts.set(category, clamp(sum.actual / sum.usual, LIFT_BOUNDS));
  return lifts;
}

/**
 * The hours of the forecast: from the current local hour to the end of the venue day `days − 1`
 * after today (6 by default: the week ahead).
 */
export function forecastHours(history: History, place: WhenPlace, now: number, events: readonly VenueEvent[], days = 7): ForecastHour[] {
  const enough = hasEnoughData(history);
  const deviation = recentDeviation(history, place, now);
  const lifts = eventLifts(history, place, events, now);
  const upcoming = events.filter((event) => event.end > now);
  const end = venueDayRange(place, venueDayAt(place, now) + days - 1).end;
  const hours: ForecastHour[] = [];
  for (let start = now - (toWall(place.timeZone, now) - wallHourStart(place, now)); start < end; start += HOUR_MS) {
    const wallHour = wallHourStart(place, start);
    const closed = isClosedAt(place, wallHour);
    const usual = closed || !enough ? null : usualAt(history, weekdayIndexOfDay(venueDayOfWall(wallHour, place.dayStartHour)), hourOfDay(wallHour / HOUR_MS));
    if (usual === null) {
      hours.push({ start: new Date(start).toISOString(), percent: null, low: null, high: null, closed });
      continue;
    }
    // The largest learnt lift among the events on in this hour; an unknown category widens the range up.
    let lift = 1;
    let unknownEvent = false;
    for (const event of upcoming) {
      if (event.start >= start + HOUR_MS || event.end <= start) continue;
      const learnt = event.categoryId === null ? undefined : lifts.get(event.categoryId);
      if (learnt === undefined) unknownEvent = true;
      else lift = Math.max(lift, learnt);
    }
    const factor = deviation * lift;
    const high = (usual.people + usual.spread) * factor * (unknownEvent ? UNKNOWN_EVENT_HIGH : 1);
    hours.push({
      start: new Date(start).toISOString(),
      percent: percentOf(usual.people * factor, place.packedThreshold),
      low: percentOf(Math.max(0, usual.people - usual.spread) * factor, place.packedThreshold),
      high: percentOf(high, place.packedThreshold),
      closed,
    });
  }
  return hours;
}

/** The quietest open hour among the DETAIL_HOURS after the current one (the earliest on a tie). */
function bestTime(hours: readonly ForecastHour[], now: number): ForecastAnswer["best_time"] {
  let best: ForecastHour | null = null;
  for (const hour of hours.filter((item) => Date.parse(item.start) > now).slice(0, DETAIL_HOURS)) {
    if (hour.closed || hour.percent === null) continue;
    if (best === null || hour.percent < best.percent!) best = hour;
  }
  if (best === null) return null;
  return { start: best.start, end: new Date(Date.parse(best.start) + HOUR_MS).toISOString(), percent: best.percent! };
}

/** GET /api/places/{id}/forecast. */
export function forecast(history: History, place: WhenPlace, now: number, events: readonly VenueEvent[]): ForecastAnswer {
  const hours = forecastHours(history, place, now, events);
  return { generated_at: new Date(now).toISOString(), hours, best_time: bestTime(hours, now) };
}
