// The dashboard's hour-, day- and weekday-level numbers (docs/architecture.md#dashboard-answers),
// computed from hourly totals of occupancy_15m in the place's local time. Pure: the rows come from
// worker/db/occupancy.ts.
import type { CalendarDataItem, DailySummaryItem, HourlyDataItem, PeakData, WeeklySummary } from "../../common/schemas/answers";
import { percentOf } from "./levels";
import {
  dateOfDay,
  HOUR_MS,
  hourLabel,
  venueDayHours,
  WEEKDAY_NAMES,
  weekdayOfDay,
  type PlaceClock,
  type VenueDay,
} from "../../common/local-time";
import { zoneAbbreviation } from "../../common/zone-name";

/** Sampled minutes of one local hour, summed over its quarter hours. */
export interface HourTotal {
  /** Hours since 1970-01-01T00:00 on the local wall clock. */
  wallHour: number;
  /** Zone offset in ms; tells apart the two 01:00 hours of an autumn night. */
  offset: number;
  /** Σ avg_people × samples: people summed over sampled minutes. */
  peopleMinutes: number;
  samples: number;
}

/** What the hour-level functions need to know about a place. */
export interface PlaceScale extends PlaceClock {
  packedThreshold: number;
}

export const hourOfDay = (wallHour: number) => ((wallHour % 24) + 24) % 24;
export const venueDayOfHour = (wallHour: number, dayStartHour: number): VenueDay =>
  Math.floor((wallHour - dayStartHour) / 24);
const instantOf = (hour: HourTotal) => hour.wallHour * HOUR_MS - hour.offset;
const meanPeople = (peopleMinutes: number, samples: number) => peopleMinutes / samples;
const roundTo1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Sampled hours of one venue day in order (5 … 23, 0 … 4 by default), population = percent of the
 * hour's mean people. A 23-hour spring night has no 02:00; on a 25-hour autumn night both 01:00
 * hours appear, labelled with their zone names ("01:00 EDT", "01:00 EST").
 */
export function hourlyData(hours: readonly HourTotal[], place: PlaceScale, day: VenueDay): HourlyDataItem[] {
  const ofDay = hours
    .filter((hour) => hour.samples > 0 && venueDayOfHour(hour.wallHour, place.dayStartHour) === day)
    .sort((a, b) => instantOf(a) - instantOf(b));
  const labelCounts = new Map<number, number>();
  for (const hour of ofDay) labelCounts.set(hourOfDay(hour.wallHour), (labelCounts.get(hourOfDay(hour.wallHour)) ?? 0) + 1);
  return ofDay.map((hour) => {
    const label = hourLabel(hourOfDay(hour.wallHour));
    const repeated = (labelCounts.get(hourOfDay(hour.wallHour)) ?? 0) > 1;
    return {
      hour: repeated ? `${label} ${zoneAbbreviation(place.timeZone, instantOf(hour))}` : label,
      population: percentOf(meanPeople(hour.peopleMinutes, hour.samples), place.packedThreshold),
    };
  });
}

/** The busiest hour of a list (the earliest on a tie); nulls when there is none. */
export function peakOf(items: readonly HourlyDataItem[]): PeakData {
  let peak: HourlyDataItem | null = null;
  for (const item of items) if (!peak || item.population > peak.population) peak = item;
  return { peakHour: peak?.hour ?? null, peakHourUtilization: peak?.population ?? null };
}

/** Percent per hour of day for one venue day; the two autumn 01:00 hours are pooled. */
function percentByHourOfDay(hours: readonly HourTotal[], place: PlaceScale, day: VenueDay): Map<number, number> {
  const totals = new Map<number, { peopleMinutes: number; samples: number }>();
  for (const hour of hours) {
    if (hour.samples === 0 || venueDayOfHour(hour.wallHour, place.dayStartHour) !== day) continue;
    const total = totals.get(hourOfDay(hour.wallHour)) ?? { peopleMinutes: 0, samples: 0 };
    total.peopleMinutes += hour.peopleMinutes;
    total.samples += hour.samples;
    totals.set(hourOfDay(hour.wallHour), total);
  }
  return new Map(
    [...totals].map(([hour, total]) => [hour, percentOf(meanPeople(total.peopleMinutes, total.samples), place.packedThreshold)]),
  );
}

/**
 * One item per hour of the venue day (24 labels, day start first): last_day_value = today's
 * percent, general_avg = the mean of that hour's percent over the `usualDays` that have samples
 * then (the previous four same weekdays). Hours without data are 0, as the chart needs a bar.
 */
export function dailySummary(
  hours: readonly HourTotal[],
  place: PlaceScale,
  today: VenueDay,
  usualDays: readonly VenueDay[],
): DailySummaryItem[] {
  const todayPercents = percentByHourOfDay(hours, place, today);
  const usualPercents = usualDays.map((day) => percentByHourOfDay(hours, place, day));
  return venueDayHours(place.dayStartHour).map((hour) => {
    const usual = usualPercents.flatMap((percents) => (percents.has(hour) ? [percents.get(hour)!] : []));
    return {
      label: hourLabel(hour),
      general_avg: usual.length === 0 ? 0 : Math.round(usual.reduce((sum, value) => sum + value, 0) / usual.length),
      last_day_value: todayPercents.get(hour) ?? 0,
    };
  });
}

/** Weekday of the venue day → mean people over its sampled minutes (1 decimal); days without data are left out. */
export function weeklySummary(hours: readonly HourTotal[], place: PlaceClock): WeeklySummary {
  const totals = new Map<string, { peopleMinutes: number; samples: number }>();
  for (const hour of hours) {
    if (hour.samples === 0) continue;
    const weekday = weekdayOfDay(venueDayOfHour(hour.wallHour, place.dayStartHour));
    const total = totals.get(weekday) ?? { peopleMinutes: 0, samples: 0 };
    total.peopleMinutes += hour.peopleMinutes;
    total.samples += hour.samples;
    totals.set(weekday, total);
  }
  const summary: WeeklySummary = {};
  for (const weekday of WEEKDAY_NAMES) {
    const total = totals.get(weekday);
    if (total) summary[weekday] = roundTo1(meanPeople(total.peopleMinutes, total.samples));
  }
  return summary;
}

/** A venue day's busiest local hour: its mean people (occupancy_day_peaks). */
export interface DayPeak {
  day: VenueDay;
  peakPeople: number;
}

/** Each venue day with samples, oldest first, scored by its peak-hour percent. */
export function calendarData(peaks: readonly DayPeak[], place: Pick<PlaceScale, "packedThreshold">): CalendarDataItem[] {
  return peaks
    .toSorted((a, b) => a.day - b.day)
    .map((peak) => ({ date: dateOfDay(peak.day), busyness_score: percentOf(peak.peakPeople, place.packedThreshold) }));
}
