// A uPlot chart that fills its container's width and follows it as the container resizes.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ChartOptions } from "./options";

export interface UPlotChartProps {
  options: ChartOptions;
  data: uPlot.AlignedData;
  /** Height of the plotting area and axes in CSS pixels (the legend comes on top). */
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  summary: string;
}

/** The width a chart gets before the first layout tells us better (jsdom has no layout). */
const FALLBACK_WIDTH = 600;

export function UPlotChart({ options, data, height = 260, summary }: UPlotChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;

  useEffect(() => {
    const container = containerRef.current!;
    const width = Math.floor(container.clientWidth) || FALLBACK_WIDTH;
    const chart = new uPlot({ ...options, width, height }, dataRef.current, container);
    chartRef.current = chart;
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(([entry]) => {
            const next = Math.floor(entry.contentRect.width);
            if (next > 0 && next !== chart.width) chart.setSize({ width: next, height });
          });
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      chart.destroy();
      chartRef.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    chartRef.current?.setData(data);
  }, [data]);

  return (
    <div className="chart">
      <p className="visually-hidden">{summary}</p>
      <div ref={containerRef} className="chart-canvas" data-points={data[0].length} />
    </div>
  );
}
