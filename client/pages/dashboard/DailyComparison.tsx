// 'Daily Comparison': a month calendar coloured by each day's busyness; choosing a day shows its
// hourly bars with the peak hour. Below: week against week and the CSV export (WeekAndExport.tsx).
import { useMemo, useState } from "react";
import { WEEKDAYS } from "../../../common/vocabulary";
import { type CalendarDataItem } from "../../../common/schemas/answers";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { CHART_COLORS, useCategoryBarOptions } from "../../charts/options";
import { UPlotChart } from "../../charts/UPlotChart";
import { ChartCard, Pending } from "./ChartCard";
import { hourlyPopulationData } from "./chartData";
import { formatInstant } from "../../../common/formats";
import { formatLongDate, SITE_LOCALE, weekdayLabel } from "../../lib/format";
import { calendarIndex, compareMonths, heatmapClass, monthGrid, shiftMonth, type YearMonth } from "./heatmap";
import { LOADING, peakHourText, peakPercentText } from "./keyTrends";
import { ExportCsv, WeekComparison } from "./WeekAndExport";
import { hourlyChartTitle, MESSAGES } from "../../lib/messages";

const monthTitle = ({ year, month }: YearMonth) => formatInstant(Date.UTC(year, month - 1, 1), SITE_LOCALE, { month: "long", year: "numeric", timeZone: "UTC" });

function CalendarHeatmap({
  items,
  selected,
  onSelect,
}: {
  items: CalendarDataItem[];
  selected: string | null;
  onSelect: (date: string) => void;
}) {
  const { scores, first, last } = useMemo(() => calendarIndex(items), [items]);
  const [shown, setShown] = useState<YearMonth | null>(last);
  if (!first || !last || !shown) return <p>No days with data yet. Days appear here once the device has counted.</p>;
  const title = monthTitle(shown);
  return (
    <div className="heatmap">
      <div className="heatmap-nav">
        <button
          type="button"
          className="button secondary small"
          onClick={() => setShown(shiftMonth(shown, -1))}
          disabled={compareMonths(shown, first) <= 0}
        >
          <span aria-hidden="true">‹</span> Previous month
        </button>
        <h3 aria-live="polite">{title}</h3>
        <button
          type="button"
          className="button secondary small"
          onClick={() => setShown(shiftMonth(shown, 1))}
          disabled={compareMonths(shown, last) >= 0}
        >
          Next month <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="heatmap-grid">
        <caption className="visually-hidden">Busyness by day, {title}. Days without data cannot be chosen.</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th scope="col" key={day} abbr={weekdayLabel(day)}>{weekdayLabel(day).slice(0, 3)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(shown.year, shown.month).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (!date) return <td key={column} />;
                const score = scores.get(date);
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className={`heatmap-day ${heatmapClass(score)}`}
                      disabled={score === undefined}
                      aria-pressed={selected === date}
                      aria-label={`${formatLongDate(date, SITE_LOCALE)}: ${score === undefined ? "no data" : `busyness ${score}`}`}
                      data-date={date}
                      onClick={() => onSelect(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="heatmap-legend" aria-hidden="true">
        Quiet <span className="heatmap-score-0" /> <span className="heatmap-score-3" /> <span className="heatmap-score-6" />{" "}
        <span className="heatmap-score-9" /> Busy
      </p>
    </div>
  );
}

function DayDetail({ placeId, date }: { placeId: number; date: string }) {
  const hourly = useApi(ownerApi.hourly({ date, place_id: String(placeId) }));
  const peak = useApi(ownerApi.peakHourly({ date, place_id: String(placeId) }));
  const chart = useMemo(() => (hourly.data ? hourlyPopulationData(hourly.data.hourly_data) : null), [hourly.data]);
  const options = useCategoryBarOptions(chart?.labels ?? null, {
    xLabel: "Hour",
    series: [{ label: "Population", color: CHART_COLORS.hourly }],
    y: { label: "% of capacity", unit: "%", range: [0, 100] },
  });
  const title = hourlyChartTitle(date);
  return (
    <ChartCard title={title}>
      <dl className="tiles two">
        <div className="tile">
          <dt>Peak Hour</dt>
          <dd>{peak.data ? peakHourText(peak.data) : LOADING}</dd>
        </div>
        <div className="tile">
          <dt>Peak Hour Population</dt>
          <dd>{peak.data ? peakPercentText(peak.data) : LOADING}</dd>
        </div>
      </dl>
      {chart ? (
        <UPlotChart options={options} data={chart.data} summary={`${title}: capacity by hour, 0 to 100 percent.`} />
      ) : (
        <Pending failed={hourly.error !== null || peak.error !== null} retry={() => { hourly.retry(); peak.retry(); }} what="the hourly data" />
      )}
    </ChartCard>
  );
}

export function DailyComparison({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const calendar = useApi(ownerApi.calendar({ place_id: String(placeId) }));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="daily-comparison">
      <ChartCard title="Busyness calendar" note="Each day's colour is its busiest hour's capacity.">
        {calendar.data ? (
          <CalendarHeatmap items={calendar.data.calendar_data} selected={selected} onSelect={setSelected} />
        ) : (
          <Pending failed={calendar.error !== null} retry={calendar.retry} what="the calendar" />
        )}
      </ChartCard>
      {selected ? <DayDetail key={selected} placeId={placeId} date={selected} /> : <p className="hint">{MESSAGES.selectDay}</p>}
      <WeekComparison placeId={placeId} timeZone={timeZone} />
      <ExportCsv placeId={placeId} timeZone={timeZone} />
    </div>
  );
}
