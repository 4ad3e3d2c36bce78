// Owner insights (docs/insights.md): the forecast with its measured accuracy, events against the
// usual, week against week, and the CSV export. Query schemas and the answers, shared by the
// worker (validation and the OpenAPI document) and the dashboard (types).
import * as v from "valibot";
import { dateQuery } from "./analytics";
import { forecastHourSchema, isoTime } from "./answers";
import { wireFormat } from "./fields";

// ---- Forecast -----------------------------------------------------------------------------

export const FORECAST_DAYS_MESSAGE = "days must be a whole number from 1 to 7.";

/** ?days= of GET /api/place/{id}/forecast: 1–7, 7 when absent. */
export const ownerForecastQuerySchema = v.object({
  days: v.optional(
    v.pipe(v.string(FORECAST_DAYS_MESSAGE), wireFormat({ pattern: "^[1-7]$" }), v.regex(/^[1-7]$/, FORECAST_DAYS_MESSAGE), v.transform(Number)),
    "7",
  ),
});

/** The expected busiest hour of a venue day. */
export const forecastPeakSchema = v.strictObject({ start: isoTime, percent: v.number() });

export const forecastDaySchema = v.strictObject({
  // The venue day, YYYY-MM-DD (it runs from day_start_hour to the same hour next morning).
  date: v.string(),
  weekday: v.string(),
  // Null when no hour of the day has a forecast (closed all day, or not enough history).
  peak: v.nullable(forecastPeakSchema),
  hours: v.array(forecastHourSchema),
});
export type ForecastDay = v.InferOutput<typeof forecastDaySchema>;

/** How far the forecast was off over the last 4 weeks, forecasting each day from the data before it. */
export const forecastAccuracySchema = v.strictObject({
  // Mean absolute error in percentage points, one decimal.
  mean_abs_error: v.number(),
  days: v.number(),
  hours: v.number(),
  // The same, of forecasts made during the day: the 3 hours from each and the later ones (docs/insights.md#forecast); null without such hours.
  next_hours_error: v.nullable(v.number()),
  later_error: v.nullable(v.number()),
});
export type ForecastAccuracy = v.InferOutput<typeof forecastAccuracySchema>;

/** GET /api/place/{id}/forecast (owners and the admin). */
export const ownerForecastAnswerSchema = v.strictObject({
  generated_at: isoTime,
  timezone: v.string(),
  enough_data: v.boolean(),
  days: v.array(forecastDaySchema),
  // Null when fewer than 7 of the last 28 venue days could be checked.
  accuracy: v.nullable(forecastAccuracySchema),
  // "Last 4 weeks: off by 6 points on average" or "Not enough data yet to measure accuracy".
  accuracy_text: v.string(),
});
export type OwnerForecastAnswer = v.InferOutput<typeof ownerForecastAnswerSchema>;

// ---- Event insights -----------------------------------------------------------------------

/** One occurrence of a past event against the usual for its weekday and hours. */
export const eventOccurrenceInsightSchema = v.strictObject({
  event_id: v.number(),
  name: v.string(),
  category_id: v.nullable(v.number()),
  category_name: v.nullable(v.string()),
  recurring: v.boolean(),
  start: isoTime,
  end: isoTime,
  // The venue day's weekday the occurrence falls on ("Tuesday").
  weekday: v.string(),
  // During the event; null when no sensor data during it.
  mean_percent: v.nullable(v.number()),
  peak_percent: v.nullable(v.number()),
  mean_people: v.nullable(v.number()),
  // The same weekday and hours over the 4 weeks before, event occurrences left out; null without any.
  usual_mean_percent: v.nullable(v.number()),
  usual_peak_percent: v.nullable(v.number()),
  usual_weeks: v.number(),
  lift_points: v.nullable(v.number()),
  lift_percent: v.nullable(v.number()),
  // Why numbers are missing: "no sensor data" or "no usual to compare with"; null when complete.
  note: v.nullable(v.string()),
});
export type EventOccurrenceInsight = v.InferOutput<typeof eventOccurrenceInsightSchema>;

export const categoryInsightSchema = v.strictObject({
  category_id: v.nullable(v.number()),
  name: v.string(),
  // Occurrences with a lift behind the averages.
  events: v.number(),
  lift_percent: v.number(),
  lift_points: v.number(),
  // The weekday most of them fell on.
  weekday: v.string(),
  // "Trivia: +35% over a usual Tuesday, 6 events".
  sentence: v.string(),
});
export type CategoryInsight = v.InferOutput<typeof categoryInsightSchema>;

/** GET /api/place/{id}/event-insights (owners and the admin). */
export const eventInsightsAnswerSchema = v.strictObject({
  generated_at: isoTime,
  // Occurrences that ended within this many days before now are measured.
  window_days: v.number(),
  // Ranked: the largest lift first; occurrences without a lift last, newest first.
  occurrences: v.array(eventOccurrenceInsightSchema),
  // Ranked by average lift.
  categories: v.array(categoryInsightSchema),
});
export type EventInsightsAnswer = v.InferOutput<typeof eventInsightsAnswerSchema>;

// ---- Week comparison ------------------------------------------------------------------------

export const WEEK_MESSAGE = "week must be a calendar date written YYYY-MM-DD.";

/** ?week= of GET /api/place/{id}/week-comparison: any day of the week (Monday to Sunday) to compare. */
export const weekComparisonQuerySchema = v.object({ week: dateQuery(WEEK_MESSAGE) });

export const comparedDaySchema = v.strictObject({
  date: v.string(),
  weekday: v.string(),
  // Percent of the busiest hour and of the day's mean over its sampled minutes; null without data.
  peak_percent: v.nullable(v.number()),
  mean_percent: v.nullable(v.number()),
});

export const comparedWeekSchema = v.strictObject({
  label: v.picklist(["This week", "Week before", "A year earlier"]),
  // The Monday the week starts on.
  start: v.string(),
  has_data: v.boolean(),
  days: v.array(comparedDaySchema),
});
export type ComparedWeek = v.InferOutput<typeof comparedWeekSchema>;

/** GET /api/place/{id}/week-comparison: a week, the week before and the same week 52 weeks earlier. */
export const weekComparisonAnswerSchema = v.strictObject({ weeks: v.array(comparedWeekSchema) });
export type WeekComparisonAnswer = v.InferOutput<typeof weekComparisonAnswerSchema>;

// ---- CSV export ---------------------------------------------------------------------------

/** An export covers at most a year and a day (a leap year's 366 days, plus one). */
export const EXPORT_MAX_DAYS = 367;
export const EXPORT_DATE_MESSAGES = {
  from: "from must be a calendar date written YYYY-MM-DD.",
  to: "to must be a calendar date written YYYY-MM-DD.",
  order: "from must not be after to.",
  span: `Export at most ${EXPORT_MAX_DAYS} days at a time.`,
} as const;


/** ?from=&to= of GET /api/place/{id}/export.csv: local calendar days, both included. */
export const exportQuerySchema = v.pipe(
  v.object({ from: dateQuery(EXPORT_DATE_MESSAGES.from), to: dateQuery(EXPORT_DATE_MESSAGES.to) }),
  v.forward(v.check((range) => range.from <= range.to, EXPORT_DATE_MESSAGES.order), ["to"]),
  v.forward(v.check((range) => range.to - range.from < EXPORT_MAX_DAYS, EXPORT_DATE_MESSAGES.span), ["to"]),
);

