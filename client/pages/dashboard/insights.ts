// Words and table rows for the owner insights (docs/insights.md): the forecast's peaks, event
// lifts and the week comparison. Pure, so the sentences are tested without rendering.
import type { ForecastHour } from "../../../common/schemas/answers";
import { dateOfDay, dayOfDate } from "../../../common/local-time";
import { EXPORT_DATE_MESSAGES, EXPORT_MAX_DAYS, type EventOccurrenceInsight, type ForecastDay, type OwnerForecastAnswer } from "../../../common/schemas/insights";
import { formatHour, formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";
import { localHour } from "../../live/whenToGo";

/** Days the Forecast tab and the Today line ask for (one shared request). */
export const FORECAST_DAYS = 7;

/** "10 PM" for an instant on the venue's clock (the dashboard's locale: docs/cities.md#formats). */
export const venueClock = (iso: string, timeZone: string) => formatHour(localHour(timeZone, Date.parse(iso)), 0, SITE_LOCALE);

/** "10 PM, about 85%" or the reason there is no peak. */
export function peakText(day: ForecastDay, timeZone: string): string {
  if (day.peak) return `${venueClock(day.peak.start, timeZone)}, about ${day.peak.percent}%`;
  return day.hours.length > 0 && day.hours.every((hour) => hour.closed) ? "Closed" : "No estimate";
}

/** Today at a Glance's line: "Expected peak today: 10 PM, about 85%". */
export function todayForecastText(answer: OwnerForecastAnswer): string {
  const today = answer.days[0];
  if (!answer.enough_data || !today) return "Expected peak today: not enough data yet";
  if (!today.peak) return `Expected peak today: ${peakText(today, answer.timezone).toLowerCase()}`;
  return `Expected peak today: ${peakText(today, answer.timezone)}`;
}

/** "Tue 10 Jun" for a venue day (YYYY-MM-DD). */
export function shortDate(date: string): string {
  return formatInstant(Date.parse(`${date}T12:00:00Z`), SITE_LOCALE, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
}

/** The hours of a day that can be drawn: open hours with a forecast value, as labels and percents. */
export function forecastBars(hours: readonly ForecastHour[], timeZone: string): { labels: string[]; values: (number | null)[] } {
  return { labels: hours.map((hour) => venueClock(hour.start, timeZone)), values: hours.map((hour) => (hour.closed ? null : hour.percent)) };
}

/** "+35%" / "−12%" / "±0%". */
export function signed(value: number, unit = "%"): string {
  if (value > 0) return `+${value}${unit}`;
  if (value < 0) return `−${Math.abs(value)}${unit}`;
  return `±0${unit}`;
}

/** An occurrence's lift in words: "+35% over a usual Tuesday (54% against 40%)", or why there is none. */
export function liftText(occurrence: EventOccurrenceInsight): string {
  if (occurrence.mean_percent === null) return "No sensor data during it";
  if (occurrence.lift_percent === null || occurrence.usual_mean_percent === null) return `${occurrence.mean_percent}% on average; no usual ${occurrence.weekday} to compare with`;
  return `${signed(occurrence.lift_percent)} over a usual ${occurrence.weekday} (${occurrence.mean_percent}% against ${occurrence.usual_mean_percent}%)`;
}

/** The newest measured occurrence of each event, for its card. */
export function latestByEvent(occurrences: readonly EventOccurrenceInsight[]): Map<number, EventOccurrenceInsight> {
  const latest = new Map<number, EventOccurrenceInsight>();
  for (const occurrence of occurrences) {
    const seen = latest.get(occurrence.event_id);
    if (!seen || occurrence.start > seen.start) latest.set(occurrence.event_id, occurrence);
  }
  return latest;
}

/** Today's date (YYYY-MM-DD) on the venue's clock. */
export const localDate = (timeZone: string, now: number) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);

/** A date `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number) => dateOfDay(dayOfDate(date)! + days);

/** The export's range check, as the API makes it (common/schemas/insights.ts); null when fine. */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return "Choose both dates.";
  if (from > to) return "The first day must not be after the last.";
  if (dayOfDate(to)! - dayOfDate(from)! >= EXPORT_MAX_DAYS) return EXPORT_DATE_MESSAGES.span;
  return null;
}

/** "Peak 60% · mean 37%" or "No data". */
export const comparedDayText = (day: { peak_percent: number | null; mean_percent: number | null }) =>
  day.peak_percent === null ? "No data" : `Peak ${day.peak_percent}% · mean ${day.mean_percent}%`;
