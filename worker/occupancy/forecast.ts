// The forecast (docs/when-to-go.md#forecast): per hour from now to the end of the week ahead,
// the usual of that weekday's hour (popular-times.ts) scaled by how far today so far ran from its
// usual (fading with the hours ahead) and the last days did, and by the learnt lift of past events
// of the same category when one is on.
// Pure: history and events come from D1 through the route.
import { HOUR_MS, toWall, venueDayAt, venueDayOfWall, venueDayRange, weekdayIndexOfDay, type VenueDay } from "../../common/local-time";
import type { ForecastAnswer, ForecastHour } from "../../common/schemas/answers";
import { hourOfDay } from "./hours";
import { percentOf } from "./levels";
import { hasHours, isOpenDuringWallHour } from "../../common/opening-hours";
import { hasEnoughData, HISTORY_DAYS, usualAt, type History, type Usual, type WhenPlace } from "./popular-times";

/** Hours of the forecast in detail; best_time is the quietest open one among them. */
export const DETAIL_HOURS = 12;
/**
 * The range is the usual ± this many of its spreads (the same weekdays' standard deviation), times
 * the hour's factor: an 80 % range, as measured on real counts (docs/when-to-go.md#measured-accuracy).
 * This and the weights below are the bench's choice on the 16 gyms, checked leave-one-venue-out.
 */
export const RANGE_SPREADS = 1.5;
/** Venue days before today the recent level looks back over. */
export const RECENT_DAYS = 6;
/** Hours with a usual value the recent level needs; with fewer it is 1. */
export const MIN_RECENT_HOURS = 6;
/** Complete open hours of today with a usual value that today's level needs; with fewer it is 1. */
export const MIN_TODAY_HOURS = 2;
/** Today's and the recent level are kept within these bounds: one odd week is not a new venue. */
export const LEVEL_BOUNDS = [0.5, 2] as const;
/**
 * How much of today's level (today so far against its usual) carries into the hour starting now,
 * and the share of it left for each hour further ahead: 0.8, 0.76, 0.72 … (docs/when-to-go.md#forecast).
 */
export const TODAY_SHARE = 0.8;
export const TODAY_DECAY = 0.95;
/** How much of the last days' level against their usual carries into every forecast hour. */
export const RECENT_SHARE = 0.45;
/**
 * The forecast's four weights together: the bench scores other values on the same hours
 * (scripts/bench/real-backtest.ts, leave-one-venue-out: docs/when-to-go.md#measured-accuracy).
 */
export interface ForecastWeights {
  todayShare: number;
  todayDecay: number;
  recentShare: number;
  rangeSpreads: number;
}
export const FORECAST_WEIGHTS: ForecastWeights = { todayShare: TODAY_SHARE, todayDecay: TODAY_DECAY, recentShare: RECENT_SHARE, rangeSpreads: RANGE_SPREADS };
/** Hours of past public holidays with a usual value a learnt holiday ratio needs; with fewer, holidays are Sundays. */
export const MIN_HOLIDAY_HOURS = 6;
/** The weekday whose usual a holiday takes when the venue has no holiday of its own to learn from. */
export const SUNDAY = 6;
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

/** The wall-clock hour (ms) of a venue day's local hour: hours before the day start are the next morning's. */
const wallHourOf = (place: WhenPlace, day: VenueDay, hour: number) => (day * 24 + hour + (hour < place.dayStartHour ? 24 : 0)) * HOUR_MS;

const isClosedAt = (place: WhenPlace, wallHour: number) => hasHours(place.hours) && !isOpenDuringWallHour(place.hours, wallHour);

/**
 * How a venue's public holidays run against the usual of their weekday, learnt from the holidays in
 * its history window: Σ actual ÷ Σ usual over their open hours (kept in LEVEL_BOUNDS); null with
 * fewer than MIN_HOLIDAY_HOURS such hours.
 */
function holidayRatio(history: History, place: WhenPlace): number | null {
  const sums = { actual: 0, usual: 0, hours: 0 };
  for (const day of place.holidays ?? []) {
    if (day >= history.today || day < history.today - HISTORY_DAYS) continue;
    for (const [hour, actual] of history.means.get(day) ?? []) {
      if (isClosedAt(place, wallHourOf(place, day, hour))) continue;
      const usual = usualAt(history, weekdayIndexOfDay(day), hour, day, place.holidays);
      if (usual === null) continue;
      sums.actual += actual;
      sums.usual += usual.people;
      sums.hours++;
    }
  }
  return sums.hours < MIN_HOLIDAY_HOURS || sums.usual === 0 ? null : clamp(sums.actual / sums.usual, LEVEL_BOUNDS);
}

/**
 * What a venue day's hour is expected to hold, leaving out `excludeDay`: its weekday's usual over
 * the days that were no holidays; on a public holiday that usual times the venue's learnt holiday
 * ratio or, without one, the usual of its Sundays (the weekday's when Sundays have none).
 */
function expectedAt(history: History, place: WhenPlace, holidays: number | null, day: VenueDay, hour: number, excludeDay?: VenueDay): Usual | null {
  const usual = usualAt(history, weekdayIndexOfDay(day), hour, excludeDay, place.holidays);
  if (!place.holidays?.has(day)) return usual;
  if (holidays === null) return usualAt(history, SUNDAY, hour, excludeDay, place.holidays) ?? usual;
  return usual && { ...usual, people: usual.people * holidays, spread: usual.spread * holidays };
}

/** Actual and expected people of a past venue day's hour, the day left out of its own usual; null without both. */
function measured(history: History, place: WhenPlace, holidays: number | null, day: VenueDay, hour: number): { actual: number; usual: number } | null {
  const actual = history.means.get(day)?.get(hour);
  const usual = expectedAt(history, place, holidays, day, hour, day);
  return actual === undefined || usual === null ? null : { actual, usual: usual.people };
}

/** Σ actual ÷ Σ usual of some hours, kept in LEVEL_BOUNDS; 1 with fewer than `minHours` of them. */
function levelOf(sums: { actual: number; usual: number; hours: number }, minHours: number): number {
  if (sums.hours < minHours || sums.usual === 0) return 1;
  return clamp(sums.actual / sums.usual, LEVEL_BOUNDS);
}

/** Complete open hours of venue days [from, to] before `now`'s hour with an actual and a usual, summed. */
function sumsOver(history: History, place: WhenPlace, holidays: number | null, now: number, from: VenueDay, to: VenueDay) {
  const currentHour = wallHourStart(place, now);
  const sums = { actual: 0, usual: 0, hours: 0 };
  for (let day = from; day <= to; day++) {
    for (const hour of history.means.get(day)?.keys() ?? []) {
      const wallHour = wallHourOf(place, day, hour);
      // Only complete hours: today's current hour is still filling.
      if (wallHour >= currentHour || isClosedAt(place, wallHour)) continue;
      const values = measured(history, place, holidays, day, hour);
      if (!values) continue;
      sums.actual += values.actual;
      sums.usual += values.usual;
      sums.hours++;
    }
  }
  return sums;
}

/**
 * How busy the venue ran against its usual on the RECENT_DAYS venue days before today: Σ actual ÷
 * Σ usual over their open hours that have both, each day measured against a usual that leaves it
 * out. 1 with fewer than MIN_RECENT_HOURS such hours; kept in [0.5, 2].
 */
export function recentLevel(history: History, place: WhenPlace, now: number, holidays = holidayRatio(history, place)): number {
  const today = venueDayAt(place, now);
  return levelOf(sumsOver(history, place, holidays, now, today - RECENT_DAYS, today - 1), MIN_RECENT_HOURS);
}

/**
 * How busy today ran so far against its usual: Σ actual ÷ Σ usual over today's complete open hours
 * that have both. 1 with fewer than MIN_TODAY_HOURS such hours; kept in [0.5, 2].
 */
export function todayLevel(history: History, place: WhenPlace, now: number, holidays = holidayRatio(history, place)): number {
  const today = venueDayAt(place, now);
  return levelOf(sumsOver(history, place, holidays, now, today, today), MIN_TODAY_HOURS);
}

/**
 * The factor on an hour's usual `ahead` hours after the current one (0: the current hour): today's
 * level fading with the hours ahead, plus a share of the last days' level.
 */
export const levelFactor = (today: number, recent: number, ahead: number, weights = FORECAST_WEIGHTS) =>
  Math.max(0, 1 + weights.todayShare * weights.todayDecay ** ahead * (today - 1) + weights.recentShare * (recent - 1));

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
function eventLifts(history: History, place: WhenPlace, holidays: number | null, events: readonly VenueEvent[], now: number): Map<number, number> {
  const sums = new Map<number, { actual: number; usual: number }>();
  const today = venueDayAt(place, now);
  for (const event of events) {
    if (event.categoryId === null || event.end > now) continue;
    for (const start of hoursOfEvent(place, event)) {
      const day = venueDayAt(place, start);
      if (day >= today || day < today - HISTORY_DAYS) continue;
      const values = measured(history, place, holidays, day, hourOfDay(wallHourStart(place, start) / HOUR_MS));
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

/** One hour of the forecast before its weights are applied: its usual, how far ahead it is and its events. */
export interface HourBasis {
  start: number;
  closed: boolean;
  /** Null while closed or without enough data. */
  usual: Usual | null;
  /** Hours after the current one (0: the current hour). */
  ahead: number;
  /** The largest learnt lift among the events on in this hour (1 without). */
  lift: number;
  /** An event of a category never seen at the venue is on: the range widens up. */
  unknownEvent: boolean;
}

/** What the forecast's hours are made of: today's and the recent level, and each hour's basis. */
export interface ForecastBasis {
  today: number;
  recent: number;
  hours: HourBasis[];
}

/** The forecast's inputs from the current local hour to the end of the venue day `days − 1` after today. */
export function forecastBasis(history: History, place: WhenPlace, now: number, events: readonly VenueEvent[], days = 7): ForecastBasis {
  const enough = hasEnoughData(history);
  const holidays = holidayRatio(history, place);
  const lifts = eventLifts(history, place, holidays, events, now);
  const upcoming = events.filter((event) => event.end > now);
  const end = venueDayRange(place, venueDayAt(place, now) + days - 1).end;
  const hours: HourBasis[] = [];
  const first = now - (toWall(place.timeZone, now) - wallHourStart(place, now));
  for (let start = first; start < end; start += HOUR_MS) {
    const wallHour = wallHourStart(place, start);
    const closed = isClosedAt(place, wallHour);
    const usual = closed || !enough ? null : expectedAt(history, place, holidays, venueDayOfWall(wallHour, place.dayStartHour), hourOfDay(wallHour / HOUR_MS));
    let lift = 1;
    let unknownEvent = false;
    for (const event of usual === null ? [] : upcoming) {
      if (event.start >= start + HOUR_MS || event.end <= start) continue;
      const learnt = event.categoryId === null ? undefined : lifts.get(event.categoryId);
      if (learnt === undefined) unknownEvent = true;
      else lift = Math.max(lift, learnt);
    }
    hours.push({ start, closed, usual, ahead: (start - first) / HOUR_MS, lift, unknownEvent });
  }
  return { today: todayLevel(history, place, now, holidays), recent: recentLevel(history, place, now, holidays), hours };
}

/** An hour's percent and its range under some weights; null without a usual. */
export function hourForecast(
  basis: ForecastBasis,
  hour: HourBasis,
  packedThreshold: number,
  weights = FORECAST_WEIGHTS,
): { percent: number; low: number; high: number } | null {
  const { usual } = hour;
  if (usual === null) return null;
  const factor = levelFactor(basis.today, basis.recent, hour.ahead, weights) * hour.lift;
  const high = (usual.people + weights.rangeSpreads * usual.spread) * factor * (hour.unknownEvent ? UNKNOWN_EVENT_HIGH : 1);
  return {
    percent: percentOf(usual.people * factor, packedThreshold),
    low: percentOf(Math.max(0, usual.people - weights.rangeSpreads * usual.spread) * factor, packedThreshold),
    high: percentOf(high, packedThreshold),
  };
}

/**
 * The hours of the forecast: from the current local hour to the end of the venue day `days − 1`
 * after today (6 by default: the week ahead).
 */
export function forecastHours(history: History, place: WhenPlace, now: number, events: readonly VenueEvent[], days = 7): ForecastHour[] {
  const basis = forecastBasis(history, place, now, events, days);
  return basis.hours.map((hour) => ({
    start: new Date(hour.start).toISOString(),
    ...(hourForecast(basis, hour, place.packedThreshold) ?? { percent: null, low: null, high: null }),
    closed: hour.closed,
  }));
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
