// Popular times (docs/when-to-go.md#popular-times): the usual people per weekday and local hour
// of the venue day, from the same weekdays of the last 8 weeks, recent weeks weighing more; and
// live against usual. Pure: the hourly totals come from worker/db/local-hours.ts.
import {
  DAY_MS,
  HOUR_MS,
  toWall,
  venueDayAt,
  venueDayHours,
  WEEKDAY_NAMES,
  weekdayIndexOfDay,
  type VenueDay,
} from "../../common/local-time";
import type { Level, PlaceHours, PopularTimesAnswer, VsUsual } from "../../common/schemas/answers";
import { hourOfDay, venueDayOfHour, type HourTotal, type PlaceScale } from "./hours";
import { percentOf } from "./levels";
import { hasHours, isOpenDuringWallHour } from "../../common/opening-hours";

/** Weeks of same-weekday history behind a usual value. */
export const HISTORY_WEEKS = 8;
/** Venue days of history read before today. */
export const HISTORY_DAYS = 7 * HISTORY_WEEKS;
/** The k-th most recent same weekday (k = 1 … 8) weighs 9 − k: last week 8, eight weeks ago 1. */
export const weekWeight = (k: number) => HISTORY_WEEKS + 1 - k;
/** Same weekdays with samples an hour needs before it has a usual value. */
export const MIN_DAYS_PER_HOUR = 2;
/** Venue days with samples in the window before anything is called usual (two weeks). */
export const MIN_DAYS_WITH_DATA = 14;
/** Live is "busier" or "quieter" beyond max(10 points, a quarter of the usual percent). */
export const BAND_POINTS = 10;
export const BAND_SHARE = 0.25;

/** A place as popular times and the forecast read it. */
export interface WhenPlace extends PlaceScale {
  hours: PlaceHours;
  /**
   * Public holidays at the venue around now (worker/occupancy/holidays.ts), for the forecast: left
   * out of every weekday's usual and forecast as holidays. None when absent.
   */
  holidays?: ReadonlySet<VenueDay>;
}

/** Mean people per venue day and local hour of day; the two autumn 01:00 hours are pooled. */
export interface History {
  /** The venue day the usual values are computed before. */
  today: VenueDay;
  means: Map<VenueDay, Map<number, number>>;
}

export function historyOf(hours: readonly HourTotal[], dayStartHour: number, today: VenueDay): History {
  const totals = new Map<VenueDay, Map<number, { peopleMinutes: number; samples: number }>>();
  for (const hour of hours) {
    if (hour.samples === 0) continue;
    const day = venueDayOfHour(hour.wallHour, dayStartHour);
    const ofDay = totals.get(day) ?? new Map();
    totals.set(day, ofDay);
    const total = ofDay.get(hourOfDay(hour.wallHour)) ?? { peopleMinutes: 0, samples: 0 };
    total.peopleMinutes += hour.peopleMinutes;
    total.samples += hour.samples;
    ofDay.set(hourOfDay(hour.wallHour), total);
  }
  const means = new Map<VenueDay, Map<number, number>>();
  for (const [day, ofDay] of totals) {
    means.set(day, new Map([...ofDay].map(([hour, total]) => [hour, total.peopleMinutes / total.samples])));
  }
  return { today, means };
}

/** History's means as usual_histories keeps them (worker/db/usual-history.ts): [venue day, local hour, mean people]. */
export type KeptMeans = [VenueDay, number, number][];

export const keptMeansOf = (history: History): KeptMeans =>
  [...history.means].flatMap(([day, hours]) => [...hours].map(([hour, people]): [VenueDay, number, number] => [day, hour, people]));

export function historyOfKept(kept: KeptMeans, today: VenueDay): History {
  const means = new Map<VenueDay, Map<number, number>>();
  for (const [day, hour, people] of kept) {
    const ofDay = means.get(day) ?? new Map<number, number>();
    means.set(day, ofDay);
    ofDay.set(hour, people);
  }
  return { today, means };
}

/** `history` with the days of `later` (today so far) added. */
export const withDaysOf = (history: History, later: History): History => ({
  today: history.today,
  means: new Map([...history.means, ...later.means]),
});

/** Weighted mean and spread of an hour's people over its same weekdays. */
export interface Usual {
  people: number;
  /** Weighted standard deviation of the days' values. */
  spread: number;
  /** Same weekdays with samples behind it. */
  days: number;
}

/** The 8 venue days of a weekday (0 = Monday) before `today`, most recent first. */
export function sameWeekdaysBefore(today: VenueDay, weekday: number): VenueDay[] {
  const latest = today - (((weekdayIndexOfDay(today) - weekday + 6) % 7) + 1);
  return Array.from({ length: HISTORY_WEEKS }, (_, i) => latest - 7 * i);
}

/**
 * The usual people of a weekday's local hour: the weighted mean over the same weekdays before
 * today that have samples then, leaving out `excludeDay` (a day measured against its own usual)
 * and the days of `skip` (public holidays); null with fewer than MIN_DAYS_PER_HOUR of them.
 */
export function usualAt(history: History, weekday: number, hour: number, excludeDay?: VenueDay, skip?: ReadonlySet<VenueDay>): Usual | null {
  let weights = 0;
  let sum = 0;
  const values: { weight: number; people: number }[] = [];
  sameWeekdaysBefore(history.today, weekday).forEach((day, i) => {
    const people = history.means.get(day)?.get(hour);
    if (people === undefined || day === excludeDay || skip?.has(day)) return;
    values.push({ weight: weekWeight(i + 1), people });
    weights += weekWeight(i + 1);
    sum += weekWeight(i + 1) * people;
  });
  if (values.length < MIN_DAYS_PER_HOUR) return null;
  const people = sum / weights;
  const variance = values.reduce((total, value) => total + value.weight * (value.people - people) ** 2, 0) / weights;
  return { people, spread: Math.sqrt(variance), days: values.length };
}

/** Whether the window before today holds MIN_DAYS_WITH_DATA venue days with samples. */
export function hasEnoughData(history: History): boolean {
  let days = 0;
  for (const day of history.means.keys()) if (day < history.today && day >= history.today - HISTORY_DAYS) days++;
  return days >= MIN_DAYS_WITH_DATA;
}

/** A wall time (ms) of a weekday's local hour, on the venue-day axis: 01:00 of "Friday" is Saturday's. */
function wallHourOfWeekday(weekday: number, hour: number, dayStartHour: number): number {
  // Venue day 4 (1970-01-05) was a Monday.
  const day = 4 + weekday + (hour < dayStartHour ? 1 : 0);
  return day * DAY_MS + hour * HOUR_MS;
}

/** Closed by the hours table for the whole of a weekday's hour; never closed without hours. */
function isClosedHour(hours: PlaceHours, weekday: number, hour: number, dayStartHour: number): boolean {
  return hasHours(hours) && !isOpenDuringWallHour(hours, wallHourOfWeekday(weekday, hour, dayStartHour));
}

/** The live bands: busier or quieter beyond max(10 points, 25 % of usual), else usual. */
export function vsUsual(livePercent: number | null, usualPercent: number | null): VsUsual | null {
  if (livePercent === null || usualPercent === null) return null;
  const band = Math.max(BAND_POINTS, BAND_SHARE * usualPercent);
  if (livePercent >= usualPercent + band) return "busier";
  if (livePercent <= usualPercent - band) return "quieter";
  return "usual";
}

/** The place's live numbers while fresh. */
export interface LiveNow {
  percent: number;
  level: Level;
  updatedAt: number;
}

type Days = PopularTimesAnswer["days"];

/** Usual percent per weekday and hour, in venue-day order; null everywhere without enough data. */
function popularDays(history: History, place: WhenPlace): Days {
  const enough = hasEnoughData(history);
  return WEEKDAY_NAMES.map((weekday, index) => ({
    weekday,
    hours: venueDayHours(place.dayStartHour).map((hour) => {
      const closed = isClosedHour(place.hours, index, hour, place.dayStartHour);
      const usual = closed || !enough ? null : usualAt(history, index, hour);
      return { hour, usual: usual === null ? null : percentOf(usual.people, place.packedThreshold), closed };
    }),
  }));
}

/** The usual percent of the hour `now` falls in (from popularDays). */
export function usualPercentAt(days: Days, place: WhenPlace, now: number): number | null {
  const weekday = weekdayIndexOfDay(venueDayAt(place, now));
  const hour = hourOfDay(Math.floor(toWall(place.timeZone, now) / HOUR_MS));
  return days[weekday].hours.find((item) => item.hour === hour)?.usual ?? null;
}

/** What popular times show that changes only when a venue day completes: cached per place and day. */
export interface UsualProfile {
  days: Days;
  enough_data: boolean;
}

export const usualProfile = (history: History, place: WhenPlace): UsualProfile => ({
  days: popularDays(history, place),
  enough_data: hasEnoughData(history),
});

/** GET /api/places/{id}/popular-times from the usual profile and the live numbers. */
export function popularTimesFrom(profile: UsualProfile, place: WhenPlace, now: number, live: LiveNow | null): PopularTimesAnswer {
  return {
    timezone: place.timeZone,
    day_start_hour: place.dayStartHour,
    days: profile.days,
    live:
      live === null
        ? null
        : {
            percent: live.percent,
            level: live.level,
            vs_usual: vsUsual(live.percent, usualPercentAt(profile.days, place, now)),
            updated_at: new Date(live.updatedAt).toISOString(),
          },
    enough_data: profile.enough_data,
  };
}

/** GET /api/places/{id}/popular-times from the history before today and the live numbers. */
export const popularTimes = (history: History, place: WhenPlace, now: number, live: LiveNow | null) =>
  popularTimesFrom(usualProfile(history, place), place, now, live);
