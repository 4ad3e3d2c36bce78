// API answers turned into uPlot's column data. Categorical charts use the label index as x.
import type uPlot from "uplot";
import { WEEKDAYS } from "../../../common/vocabulary";
import { type Agg15Answer, type DailySummaryItem, type HourlyDataItem, type WeeklySummary } from "../../../common/schemas/answers";
import { formatHourLabel, SITE_LOCALE, weekdayLabel } from "../../lib/format";

export interface CategoryData {
  labels: string[];
  data: uPlot.AlignedData;
}

const indices = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Hourly bars of the usual level (general_avg) next to today's (last_day_value). */
export function hourlyComparisonData(items: DailySummaryItem[]): CategoryData {
  return {
    labels: items.map((item) => formatHourLabel(item.label, SITE_LOCALE)),
    data: [indices(items.length), items.map((item) => item.general_avg), items.map((item) => item.last_day_value)],
  };
}

export function hourlyPopulationData(items: HourlyDataItem[]): CategoryData {
  return {
    labels: items.map((item) => formatHourLabel(item.hour, SITE_LOCALE)),
    data: [indices(items.length), items.map((item) => item.population)],
  };
}

/** Monday first ("Mon", short enough for a phone's axis); a weekday missing from the answer counts as 0. */
export function weeklyData(summary: WeeklySummary): CategoryData {
  const byName = new Map(Object.entries(summary).map(([name, value]) => [name.toLowerCase(), value ?? 0]));
  return {
    labels: WEEKDAYS.map((day) => weekdayLabel(day).slice(0, 3)),
    data: [indices(WEEKDAYS.length), WEEKDAYS.map((day) => byName.get(day) ?? 0)],
  };
}

/** Quarter-hour buckets as epoch seconds and values. */
export function intervalData(answer: Agg15Answer): uPlot.AlignedData {
  return [answer.intervals.map((iso) => Date.parse(iso) / 1000), answer.relative_fullness];
}
