// The Daily Comparison calendar: classes heatmap-score-N (N = score ÷ 10, rounded down) and
// Monday-first month grids.
import type { CalendarDataItem } from "../../../common/schemas/answers";

/** heatmap-score-N with N = score / 10 rounded down; heatmap-score-none for a day without data. */
export function heatmapClass(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return "heatmap-score-none";
  return `heatmap-score-${Math.floor(score / 10)}`;
}

/** A month as weeks of seven cells, Monday first; null pads the days of neighbouring months. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // getUTCDay: 0 = Sunday; shift so Monday is column 0.
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(isoDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

export interface YearMonth {
  year: number;
  month: number;
}

const isoDate = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

export const yearMonthOf = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const compareMonths = (a: YearMonth, b: YearMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** Scores by date, and the first and last month that have any data (null when there is none). */
export function calendarIndex(items: CalendarDataItem[]) {
  const scores = new Map(items.map((item) => [item.date, item.busyness_score]));
  const dates = [...scores.keys()].sort();
  return {
    scores,
    first: dates.length ? yearMonthOf(dates[0]) : null,
    last: dates.length ? yearMonthOf(dates[dates.length - 1]) : null,
  };
}
