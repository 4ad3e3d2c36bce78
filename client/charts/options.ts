// uPlot option builders for the dashboard's charts: categorical bar charts (hours, weekdays) and
// time lines. Colours are fixed and every axis says its unit.
import { useMemo, useRef } from "react";
import uPlot from "uplot";

export type ChartOptions = Omit<uPlot.Options, "width" | "height">;

export const CHART_COLORS = {
  today: "#b45309",
  usual: "#78716c",
  capacity: "#2563eb",
  people: "#15803d",
  weekly: "#7c3aed",
  hourly: "#b45309",
} as const;

const AXIS_STYLE = {
  stroke: "#374151",
  font: "12px system-ui, sans-serif",
  labelFont: "bold 12px system-ui, sans-serif",
  grid: { stroke: "#e5e7eb", width: 1 },
  ticks: { stroke: "#d1d5db", width: 1 },
} satisfies uPlot.Axis;

export interface ValueAxis {
  /** Axis title, e.g. "% of capacity" or "People". */
  label: string;
  /** Appended to tick and legend values, e.g. "%". */
  unit?: string;
  /** Fixed range; without it the axis runs from 0 to a little above the highest value. */
  range?: [number, number];
}

export interface BarSeries {
  label: string;
  color: string;
}

const formatValue = (value: number | null | undefined, unit = "") =>
  value === null || value === undefined ? "—" : `${Math.round(value * 10) / 10}${unit}`;

function yScale(axis: ValueAxis): uPlot.Scale {
  if (axis.range) return { range: axis.range };
  return { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 10] };
}

function yAxis(axis: ValueAxis): uPlot.Axis {
  return {
    ...AXIS_STYLE,
    label: axis.label,
    size: 56,
    values: (_u, splits) => splits.map((value) => formatValue(value, axis.unit)),
  };
}

/**
 * Bars over named categories (hours of the day, weekdays). Two series are drawn side by side,
 * one left and one right of each label.
 */
export function categoryBarOptions({
  labels,
  xLabel,
  series,
  y,
}: {
  labels: string[];
  xLabel: string;
  series: BarSeries[];
  y: ValueAxis;
}): ChartOptions {
  const paired = series.length > 1;
  return {
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(labels.length - 0.5, 0.5)] },
      y: yScale(y),
    },
    axes: [
      {
        ...AXIS_STYLE,
        label: xLabel,
        // Let uPlot thin the labels on narrow screens; only whole indices carry a label.
        incrs: [1, 2, 3, 4, 6, 12],
        space: 34,
        values: (_u, splits) => splits.map((index) => (Number.isInteger(index) ? (labels[index] ?? "") : "")),
      },
      yAxis(y),
    ],
    series: [
      { label: xLabel, value: (_u, index) => (index === null ? "—" : (labels[index] ?? "—")) },
      ...series.map(
        (entry, position): uPlot.Series => ({
          label: entry.label,
          stroke: entry.color,
          fill: entry.color,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({
            size: paired ? [0.4, 40] : [0.7, 60],
            align: paired ? (position === 0 ? -1 : 1) : 0,
          }),
          value: (_u, value) => formatValue(value, y.unit),
        }),
      ),
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

export type CategoryBarConfig = Omit<Parameters<typeof categoryBarOptions>[0], "labels">;

/**
 * Bar options rebuilt only when the labels change (new values go through setData, so the chart
 * is not recreated on every refresh). `config` is read when the labels change.
 */
export function useCategoryBarOptions(labels: string[] | null, config: CategoryBarConfig): ChartOptions {
  const key = labels?.join("\u0000") ?? "";
  const configRef = useRef(config);
  configRef.current = config;
  return useMemo(() => categoryBarOptions({ ...configRef.current, labels: key ? key.split("\u0000") : [] }), [key]);
}

/** A line over time (epoch seconds), with times shown in the venue's time zone. */
export function timeLineOptions({
  label,
  color,
  y,
  timeZone,
}: {
  label: string;
  color: string;
  y: ValueAxis;
  timeZone?: string;
}): ChartOptions {
  return {
    tzDate: timeZone ? (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone) : undefined,
    scales: { x: { time: true }, y: yScale(y) },
    axes: [{ ...AXIS_STYLE, label: "Time", space: 60 }, yAxis(y)],
    series: [
      { label: "Time" },
      {
        label,
        stroke: color,
        fill: `${color}22`,
        width: 2,
        spanGaps: false,
        points: { show: false },
        value: (_u, value) => formatValue(value, y.unit),
      },
    ],
    cursor: { drag: { x: false, y: false } },
  };
}
