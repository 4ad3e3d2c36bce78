// The owner's forecast (docs/insights.md#forecast): the when-to-go forecast (forecast.ts) for the
// next days grouped by venue day with each day's expected peak, and its measured accuracy for this
// venue: each of the last 28 venue days forecast from the data before it and compared with what
// happened. Pure: one read of 12 weeks of hourly sums (worker/db/when-to-go.ts) feeds all of it.
import { dateOfDay, HOUR_MS, toWall, venueDayAt, venueDayOfWall, weekdayOfDay, venueDayRange, type VenueDay } from "../../common/local-time";
import type { ForecastHour } from "../../common/schemas/answers";
import type { ForecastAccuracy, ForecastDay, OwnerForecastAnswer } from "../../common/schemas/insights";
import { forecastHours, type VenueEvent } from "./forecast";
import { hourOfDay } from "./hours";
import { percentOf } from "./levels";
import { hasEnoughData, HISTORY_DAYS, type History, type WhenPlace } from "./popular-times";

/** Venue days the accuracy looks back over: the last 4 weeks. */
export const BACKTEST_DAYS = 28;
/** Venue days of history the whole answer reads before today: the forecast's window before the oldest checked day. */
export const OWNER_HISTORY_DAYS = HISTORY_DAYS + BACKTEST_DAYS;
/** Hours ahead (0: the hour a forecast is made in) that count as "the next hours" of the horizon split. */
export const NEXT_HOURS = 3;
/** Checked days below which the accuracy is not stated: one bad week would be all of it. */
export const MIN_BACKTEST_DAYS = 7;

export const NOT_ENOUGH_ACCURACY = "Not enough data yet to measure accuracy";

/** The venue day an hour of the forecast belongs to. */
const dayOfHour = (place: WhenPlace, hour: ForecastHour) => venueDayAt(place, Date.parse(hour.start));

/** The busiest hour with a percent (the earliest on a tie), or null. */
function peakOfHours(hours: readonly ForecastHour[]): ForecastDay["peak"] {
  let peak: ForecastHour | null = null;
  for (const hour of hours) if (hour.percent !== null && (peak === null || hour.percent > peak.percent!)) peak = hour;
  return peak === null ? null : { start: peak.start, percent: peak.percent! };
}

/** Forecast hours grouped by venue day, oldest first, each with its expected peak. */
function forecastDays(hours: readonly ForecastHour[], place: WhenPlace): ForecastDay[] {
  const byDay = new Map<VenueDay, ForecastHour[]>();
  for (const hour of hours) {
    const day = dayOfHour(place, hour);
    byDay.set(day, [...(byDay.get(day) ?? []), hour]);
  }
  return [...byDay].map(([day, ofDay]) => ({ date: dateOfDay(day), weekday: weekdayOfDay(day), peak: peakOfHours(ofDay), hours: ofDay }));
}

/** |forecast − actual| in points of the forecast hours of `day` with samples, each with its hours ahead. */
function errorsOfDay(hours: readonly ForecastHour[], actuals: Map<number, number>, place: WhenPlace, day: VenueDay) {
  const errors: { ahead: number; error: number }[] = [];
  hours.forEach((hour, ahead) => {
    if (hour.percent === null) return;
    const wallHour = Math.floor(toWall(place.timeZone, Date.parse(hour.start)) / HOUR_MS);
    if (venueDayOfWall(wallHour * HOUR_MS, place.dayStartHour) !== day) return;
    const actual = actuals.get(hourOfDay(wallHour));
    if (actual !== undefined) errors.push({ ahead, error: Math.abs(hour.percent - percentOf(actual, place.packedThreshold)) });
  });
  return errors;
}

const meanOf = (sum: { error: number; hours: number }) => (sum.hours === 0 ? null : Math.round((sum.error / sum.hours) * 10) / 10);

/**
 * The forecast's mean absolute error over the last BACKTEST_DAYS venue days: each day forecast as
 * it would have been at its start (from the history before it, with the one-off events known),
 * every open hour with both a forecast and samples compared in percentage points. The horizon
 * split: the same day forecast again at the start of each of its hours with samples, from the
 * history before that hour (today's level from the day's complete hours before it), its errors split into the NEXT_HOURS hours from then and the later
 * ones of the day. Null with fewer than MIN_BACKTEST_DAYS such days. `means` may hold today and
 * later: each forecast reads only the hours before its own start.
 */
export function backtest(means: History["means"], place: WhenPlace, now: number, events: readonly VenueEvent[]): ForecastAccuracy | null {
  const today = venueDayAt(place, now);
  const whole = { error: 0, hours: 0 };
  const next = { error: 0, hours: 0 };
  const later = { error: 0, hours: 0 };
  let days = 0;
  for (let day = today - BACKTEST_DAYS; day < today; day++) {
    const actuals = means.get(day);
    if (!actuals) continue;
    const before: History = { today: day, means };
    if (!hasEnoughData(before)) continue;
    const errors = errorsOfDay(forecastHours(before, place, venueDayRange(place, day).start, events, 1), actuals, place, day);
    for (const { error } of errors) whole.error += error;
    whole.hours += errors.length;
    if (errors.length > 0) days++;
    // The day forecast again from the start of each of its hours with samples: the forecast reads
    // only the complete hours before its start, so the same history serves.
    const { start, end } = venueDayRange(place, day);
    for (let from = start; from < end; from += HOUR_MS) {
      if (!actuals.has(hourOfDay(Math.floor(toWall(place.timeZone, from) / HOUR_MS)))) continue;
      for (const { ahead, error } of errorsOfDay(forecastHours(before, place, from, events, 1), actuals, place, day)) {
        const sum = ahead < NEXT_HOURS ? next : later;
        sum.error += error;
        sum.hours++;
      }
    }
  }
  if (days < MIN_BACKTEST_DAYS) return null;
  return { mean_abs_error: meanOf(whole)!, days, hours: whole.hours, next_hours_error: meanOf(next), later_error: meanOf(later) };
}

/** Whole points; "under 1 point" below a half. */
function pointsText(error: number): string {
  const points = Math.round(error);
  return points === 0 ? "under 1 point" : points === 1 ? "1 point" : `${points} points`;
}

/** "Last 4 weeks: off by 6 points on average" (whole points; "under 1 point" below a half). */
export function accuracyText(accuracy: ForecastAccuracy | null): string {
  if (accuracy === null) return NOT_ENOUGH_ACCURACY;
  const text = `Last 4 weeks: off by ${pointsText(accuracy.mean_abs_error)} on average`;
  const { next_hours_error: next, later_error: later } = accuracy;
  if (next === null || later === null) return text;
  return `${text}; next ${NEXT_HOURS} hours: off by ${pointsText(next)}; later: ${pointsText(later)}`;
}

/** GET /api/place/{id}/forecast from the history of OWNER_HISTORY_DAYS before today up to now. */
export function ownerForecast(history: History, place: WhenPlace, now: number, events: readonly VenueEvent[], days: number): OwnerForecastAnswer {
  const accuracy = backtest(history.means, place, now, events);
  return {
    generated_at: new Date(now).toISOString(),
    timezone: place.timeZone,
    enough_data: hasEnoughData(history),
    days: forecastDays(forecastHours(history, place, now, events, days), place),
    accuracy,
    accuracy_text: accuracyText(accuracy),
  };
}
