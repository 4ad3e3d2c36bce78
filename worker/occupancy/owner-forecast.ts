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

/**
 * The forecast's mean absolute error over the last BACKTEST_DAYS venue days: each day forecast as
 * it would have been at its start (from the history before it, with the one-off events known),
 * every open hour with both a forecast and samples compared in percentage points. Null with fewer
 * than MIN_BACKTEST_DAYS such days. `means` may hold today and later: each day's forecast reads
 * only the days before it.
 */
export function backtest(means: History["means"], place: WhenPlace, now: number, events: readonly VenueEvent[]): ForecastAccuracy | null {
  const today = venueDayAt(place, now);
  let error = 0;
  let hours = 0;
  let days = 0;
  for (let day = today - BACKTEST_DAYS; day < today; day++) {
    const actuals = means.get(day);
    if (!actuals) continue;
    const history: History = { today: day, means };
    if (!hasEnoughData(history)) continue;
    let checked = 0;
    for (const hour of forecastHours(history, place, venueDayRange(place, day).start, events, 1)) {
      if (hour.percent === null) continue;
      const wallHour = Math.floor(toWall(place.timeZone, Date.parse(hour.start)) / HOUR_MS);
      if (venueDayOfWall(wallHour * HOUR_MS, place.dayStartHour) !== day) continue;
      const actual = actuals.get(hourOfDay(wallHour));
      if (actual === undefined) continue;
      error += Math.abs(hour.percent - percentOf(actual, place.packedThreshold));
      hours++;
      checked++;
    }
    if (checked > 0) days++;
  }
  if (days < MIN_BACKTEST_DAYS) return null;
  return { mean_abs_error: Math.round((error / hours) * 10) / 10, days, hours };
}

/** "Last 4 weeks: off by 6 points on average" (whole points; "under 1 point" below a half). */
export function accuracyText(accuracy: ForecastAccuracy | null): string {
  if (accuracy === null) return NOT_ENOUGH_ACCURACY;
  const points = Math.round(accuracy.mean_abs_error);
  const amount = points === 0 ? "under 1 point" : points === 1 ? "1 point" : `${points} points`;
  return `Last 4 weeks: off by ${amount} on average`;
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
