// Popular events (docs/insights.md#popular-events): every past occurrence of a venue's events
// against the usual for the same weekday and hours, ranked by lift, and the average lift per
// category. Pure: hourly sums (calibrated people) come from worker/db/local-hours.ts, the events
// from worker/db/event-insights.ts.
import { DAY_MS, fromWall, HOUR_MS, toWall, venueDayOfWall, WEEKDAY_NAMES, weekdayIndexOfDay, weekdayOfDay } from "../../common/local-time";
import type { CategoryInsight, EventInsightsAnswer, EventOccurrenceInsight } from "../../common/schemas/insights";
import type { HourTotal, PlaceScale } from "./hours";
import { percentOf } from "./levels";

/** Occurrences that ended within this many days before now are measured. */
export const INSIGHT_WINDOW_DAYS = 365;
const HOURS_PER_WEEK = 7 * 24;
/** Same weekdays without an event that make the usual. */
export const USUAL_WEEKS = 4;
/** How far back the usual looks for them: a weekly event hides its own weekday, so look past it. */
export const USUAL_LOOKBACK_WEEKS = 12;
/** Days of hourly sums to read before the window. */
export const INSIGHT_HISTORY_DAYS = INSIGHT_WINDOW_DAYS + 7 * USUAL_LOOKBACK_WEEKS + 1;

export const NO_SENSOR_DATA = "no sensor data";
export const NO_USUAL = "no usual to compare with";
export const UNCATEGORISED = "Uncategorised";

/** An event row as the insights read it (start and end in ms; an event without an end lasts 2 hours). */
export interface InsightEvent {
  id: number;
  name: string;
  categoryId: number | null;
  categoryName: string | null;
  start: number;
  end: number;
  recurring: boolean;
  /** "Monday" … "Sunday" for a recurring event: it repeats weekly on these days at its start's local time. */
  repeatingDays: readonly string[];
}

export interface Occurrence {
  event: InsightEvent;
  start: number;
  end: number;
}

/**
 * The occurrences of an event starting in [from, to) and over by `now`. A one-off event is its own
 * occurrence; a recurring one happens on each of its repeating days (calendar weekdays of the
 * venue's clock) from its first date on, at its start's local time, for its length.
 */
export function occurrencesOf(event: InsightEvent, timeZone: string, from: number, to: number, now: number): Occurrence[] {
  const ended = (start: number, end: number) => start >= from && start < to && end <= now;
  if (!event.recurring) return ended(event.start, event.end) ? [{ event, start: event.start, end: event.end }] : [];
  const length = event.end - event.start;
  const wallStart = toWall(timeZone, event.start);
  const timeOfDay = ((wallStart % DAY_MS) + DAY_MS) % DAY_MS;
  const days = new Set(event.repeatingDays.map((name) => WEEKDAY_NAMES.indexOf(name as (typeof WEEKDAY_NAMES)[number])));
  const occurrences: Occurrence[] = [];
  const firstDate = Math.max(Math.floor(wallStart / DAY_MS), Math.floor(toWall(timeZone, from) / DAY_MS) - 1);
  const lastDate = Math.floor(toWall(timeZone, Math.min(to, now)) / DAY_MS);
  for (let date = firstDate; date <= lastDate; date++) {
    if (!days.has(weekdayIndexOfDay(date))) continue;
    const start = fromWall(timeZone, date * DAY_MS + timeOfDay);
    if (start >= event.start && ended(start, start + length)) occurrences.push({ event, start, end: start + length });
  }
  return occurrences;
}

/** Local wall hours (hours since 1970 on the venue's clock) an interval overlaps. */
function wallHoursOf(timeZone: string, start: number, end: number): number[] {
  const first = Math.floor(toWall(timeZone, start) / HOUR_MS);
  const last = Math.ceil(toWall(timeZone, end) / HOUR_MS);
  return Array.from({ length: Math.max(1, last - first) }, (_, i) => first + i);
}

type Sums = Map<number, { peopleMinutes: number; samples: number }>;

/** Hourly sums by wall hour; the two autumn 01:00 hours are pooled. */
function sumsByWallHour(hours: readonly HourTotal[]): Sums {
  const sums: Sums = new Map();
  for (const hour of hours) {
    if (hour.samples === 0) continue;
    const sum = sums.get(hour.wallHour) ?? { peopleMinutes: 0, samples: 0 };
    sum.peopleMinutes += hour.peopleMinutes;
    sum.samples += hour.samples;
    sums.set(hour.wallHour, sum);
  }
  return sums;
}

/** Mean people over the sampled minutes of some wall hours, and the busiest hour's mean; null without samples. */
function crowdOver(sums: Sums, wallHours: readonly number[]): { mean: number; peak: number } | null {
  let peopleMinutes = 0;
  let samples = 0;
  let peak = -Infinity;
  for (const wallHour of wallHours) {
    const sum = sums.get(wallHour);
    if (!sum) continue;
    peopleMinutes += sum.peopleMinutes;
    samples += sum.samples;
    peak = Math.max(peak, sum.peopleMinutes / sum.samples);
  }
  return samples === 0 ? null : { mean: peopleMinutes / samples, peak };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One occurrence against its usual: the same wall hours 1, 2, … weeks earlier (up to
 * USUAL_LOOKBACK_WEEKS), skipping weeks when any event was on in those hours or that have no
 * samples, until USUAL_WEEKS are found; usual = the mean of their means (and of their peaks).
 */
function occurrenceInsight(
  occurrence: Occurrence,
  sums: Sums,
  eventHours: ReadonlySet<number>,
  place: PlaceScale,
): EventOccurrenceInsight {
  const hours = wallHoursOf(place.timeZone, occurrence.start, occurrence.end);
  const crowd = crowdOver(sums, hours);
  const usualWeeks: { mean: number; peak: number }[] = [];
  for (let week = 1; week <= USUAL_LOOKBACK_WEEKS && usualWeeks.length < USUAL_WEEKS; week++) {
    const earlier = hours.map((hour) => hour - 24 * 7 * week);
    if (earlier.some((hour) => eventHours.has(hour))) continue;
    const value = crowdOver(sums, earlier);
    if (value) usualWeeks.push(value);
  }
  const usual =
    usualWeeks.length === 0
      ? null
      : {
          mean: usualWeeks.reduce((sum, week) => sum + week.mean, 0) / usualWeeks.length,
          peak: usualWeeks.reduce((sum, week) => sum + week.peak, 0) / usualWeeks.length,
        };
  const percent = (people: number) => percentOf(people, place.packedThreshold);
  const meanPercent = crowd && percent(crowd.mean);
  const usualPercent = usual && percent(usual.mean);
  const { event } = occurrence;
  return {
    event_id: event.id,
    name: event.name,
    category_id: event.categoryId,
    category_name: event.categoryName,
    recurring: event.recurring,
    start: new Date(occurrence.start).toISOString(),
    end: new Date(occurrence.end).toISOString(),
    weekday: weekdayOfDay(venueDayOfWall(toWall(place.timeZone, occurrence.start), place.dayStartHour)),
    mean_percent: meanPercent,
    peak_percent: crowd && percent(crowd.peak),
    mean_people: crowd && round1(crowd.mean),
    usual_mean_percent: usualPercent,
    usual_peak_percent: usual && percent(usual.peak),
    usual_weeks: usualWeeks.length,
    lift_points: meanPercent === null || usualPercent === null ? null : meanPercent - usualPercent,
    lift_percent: crowd && usual && usual.mean > 0 ? Math.round((crowd.mean / usual.mean - 1) * 100) : null,
    note: crowd === null ? NO_SENSOR_DATA : usual === null ? NO_USUAL : null,
  };
}

/** Largest lift first; occurrences without one last; newest first among equals. */
function byLift(a: EventOccurrenceInsight, b: EventOccurrenceInsight): number {
  if (a.lift_percent !== b.lift_percent) {
    if (a.lift_percent === null) return 1;
    if (b.lift_percent === null) return -1;
    return b.lift_percent - a.lift_percent;
  }
  return Date.parse(b.start) - Date.parse(a.start);
}

/** "+35%", "−12%", "±0%". */
const signedPercent = (value: number) => (value > 0 ? `+${value}%` : value < 0 ? `−${-value}%` : "±0%");

/** Average lift per category over its occurrences that have one, ranked; "Trivia: +35% over a usual Tuesday, 6 events". */
function categoryInsights(occurrences: readonly EventOccurrenceInsight[]): CategoryInsight[] {
  const groups = new Map<string, EventOccurrenceInsight[]>();
  for (const occurrence of occurrences) {
    if (occurrence.lift_percent === null || occurrence.lift_points === null) continue;
    const key = String(occurrence.category_id);
    groups.set(key, [...(groups.get(key) ?? []), occurrence]);
  }
  const categories = [...groups.values()].map((group): CategoryInsight => {
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const liftPercent = mean(group.map((item) => item.lift_percent!));
    const counts = new Map<string, number>();
    for (const item of group) counts.set(item.weekday, (counts.get(item.weekday) ?? 0) + 1);
    const weekday = [...counts].sort((a, b) => b[1] - a[1] || WEEKDAY_NAMES.indexOf(a[0] as never) - WEEKDAY_NAMES.indexOf(b[0] as never))[0][0];
    const name = group[0].category_name ?? UNCATEGORISED;
    const against = counts.size === 1 ? `a usual ${weekday}` : "the usual for the same weekday";
    return {
      category_id: group[0].category_id,
      name,
      events: group.length,
      lift_percent: liftPercent,
      lift_points: mean(group.map((item) => item.lift_points!)),
      weekday,
      sentence: `${name}: ${signedPercent(liftPercent)} over ${against}, ${group.length} ${group.length === 1 ? "event" : "events"}`,
    };
  });
  return categories.sort((a, b) => b.lift_percent - a.lift_percent || b.events - a.events);
}

/**
 * The occurrences of the window, and every event hour since the usual's look-back began (wall
 * hours), so that no usual holds another event's night.
 */
function occurrencesToMeasure(events: readonly InsightEvent[], place: PlaceScale, now: number) {
  const windowStart = now - INSIGHT_WINDOW_DAYS * DAY_MS;
  const eventHours = new Set<number>();
  const measured: Occurrence[] = [];
  for (const event of events) {
    for (const occurrence of occurrencesOf(event, place.timeZone, windowStart - 7 * USUAL_LOOKBACK_WEEKS * DAY_MS, now, now)) {
      for (const hour of wallHoursOf(place.timeZone, occurrence.start, occurrence.end)) eventHours.add(hour);
      if (occurrence.start >= windowStart) measured.push(occurrence);
    }
  }
  return { measured, eventHours };
}

/**
 * The hours of the week (wall hour mod 168) the insights read: those of the events' hours. A usual
 * is the same wall hours whole weeks earlier, so it falls in the same hours of the week, and the
 * route reads no other hour of the year: the cost follows the events, not the history.
 */
export function hoursOfWeekNeeded(events: readonly InsightEvent[], place: PlaceScale, now: number): number[] {
  const { eventHours } = occurrencesToMeasure(events, place, now);
  return [...new Set([...eventHours].map((hour) => ((hour % HOURS_PER_WEEK) + HOURS_PER_WEEK) % HOURS_PER_WEEK))].sort((a, b) => a - b);
}

/** GET /api/place/{id}/event-insights from the events and INSIGHT_HISTORY_DAYS of hourly sums before now. */
export function eventInsights(events: readonly InsightEvent[], hours: readonly HourTotal[], place: PlaceScale, now: number): EventInsightsAnswer {
  const { measured, eventHours } = occurrencesToMeasure(events, place, now);
  const sums = sumsByWallHour(hours);
  const occurrences = measured.map((occurrence) => occurrenceInsight(occurrence, sums, eventHours, place)).sort(byLift);
  return {
    generated_at: new Date(now).toISOString(),
    window_days: INSIGHT_WINDOW_DAYS,
    occurrences,
    categories: categoryInsights(occurrences),
  };
}
