// Week against week (docs/insights.md#compare-weeks): per venue day of a week, the busiest hour's
// percent and the day's mean percent over its sampled minutes, for the chosen week, the week
// before and the same weekdays 52 weeks earlier. Pure: hourly sums from worker/db/local-hours.ts.
import { dateOfDay, weekdayIndexOfDay, weekdayOfDay, type VenueDay } from "../../common/local-time";
import type { ComparedWeek } from "../../common/schemas/insights";
import { venueDayOfHour, type HourTotal, type PlaceScale } from "./hours";
import { percentOf } from "./levels";

/** The Monday that starts the week a venue day falls in. */
export const mondayOf = (day: VenueDay): VenueDay => day - weekdayIndexOfDay(day);

/** The weeks compared: the chosen one, the one before, and 52 weeks earlier (364 days, the same weekdays). */
export const comparedWeeks = (monday: VenueDay) =>
  [
    { label: "This week", start: monday },
    { label: "Week before", start: monday - 7 },
    { label: "A year earlier", start: monday - 364 },
  ] as const;

/** One week's days from the hourly sums of its venue days (others are ignored). */
export function weekOf(label: ComparedWeek["label"], monday: VenueDay, hours: readonly HourTotal[], place: PlaceScale): ComparedWeek {
  const days = Array.from({ length: 7 }, (_, i) => {
    const day = monday + i;
    let peopleMinutes = 0;
    let samples = 0;
    let peak: number | null = null;
    // The two autumn 01:00 hours stay apart here: each is an hour of its own.
    for (const hour of hours) {
      if (hour.samples === 0 || venueDayOfHour(hour.wallHour, place.dayStartHour) !== day) continue;
      peopleMinutes += hour.peopleMinutes;
      samples += hour.samples;
      peak = Math.max(peak ?? 0, hour.peopleMinutes / hour.samples);
    }
    return {
      date: dateOfDay(day),
      weekday: weekdayOfDay(day),
      peak_percent: peak === null ? null : percentOf(peak, place.packedThreshold),
      mean_percent: samples === 0 ? null : percentOf(peopleMinutes / samples, place.packedThreshold),
    };
  });
  return { label, start: dateOfDay(monday), has_data: days.some((day) => day.peak_percent !== null), days };
}
