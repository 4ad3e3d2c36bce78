// 'Forecast': the next 7 days' expected peaks, a chosen day's hours as bars and as a table, and how
// far off the forecast was for this venue over the last 4 weeks (docs/insights.md#forecast).
import { useMemo, useState } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { forecastRow } from "../../live/whenToGo";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { CHART_COLORS, useCategoryBarOptions } from "../../charts/options";
import { UPlotChart } from "../../charts/UPlotChart";
import { ChartCard, Pending } from "./ChartCard";
import { FORECAST_DAYS, forecastBars, peakText, shortDate } from "./insights";
import { useLocale } from "../../lib/i18n";


export function ForecastView({ place }: { place: OwnedPlace }) {
  const { data, error, retry } = useApi(ownerApi.forecast(place.id, { days: String(FORECAST_DAYS) }));
  const locale = useLocale();
  const [chosen, setChosen] = useState(0);
  const day = data?.days[Math.min(chosen, data.days.length - 1)] ?? null;
  const bars = useMemo(() => (day ? forecastBars(day.hours, place.timezone) : null), [day, place.timezone]);
  const options = useCategoryBarOptions(bars?.labels ?? null, {
    xLabel: "Hour",
    series: [{ label: "Expected", color: CHART_COLORS.capacity }],
    y: { label: "% of capacity", unit: "%", range: [0, 100] },
  });

  if (!data) {
    return (
      <ChartCard title="Forecast" wide>
        <Pending failed={error !== null} retry={retry} what="the forecast" />
      </ChartCard>
    );
  }
  return (
    <div className="chart-grid">
      <ChartCard title="The week ahead" note="Expected busiest hour of each day, from the usual for that weekday and how the venue ran lately." wide>
        <p className="forecast-accuracy">{data.accuracy_text}</p>
        {!data.enough_data ? <p>Not enough data yet: forecasts start after two weeks of counts.</p> : null}
        <table className="insights-table">
          <caption className="visually-hidden">Expected peak of each of the next {data.days.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Expected peak</th>
              <th scope="col">
                <span className="visually-hidden">Hours</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((item, index) => (
              <tr key={item.date} aria-current={item === day ? "true" : undefined}>
                <th scope="row">{index === 0 ? "Today" : shortDate(item.date)}</th>
                <td>{peakText(item, data.timezone)}</td>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    aria-pressed={item === day}
                    aria-label={`Show hours of ${index === 0 ? "today" : shortDate(item.date)}`}
                    onClick={() => setChosen(index)}
                  >
                    Show hours
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartCard>
      {day && bars ? (
        <ChartCard title={`Hours of ${chosen === 0 ? "today" : shortDate(day.date)}`} wide>
          <UPlotChart
            options={options}
            data={[bars.labels.map((_, index) => index), bars.values]}
            summary={`Expected capacity by hour, ${shortDate(day.date)}; the table below lists the same numbers.`}
          />
          <details className="insights-details">
            <summary>Table of the hours</summary>
            <table className="insights-table">
              <caption className="visually-hidden">Expected capacity by hour with the likely range</caption>
              <thead>
                <tr>
                  <th scope="col">Hour</th>
                  <th scope="col">Expected</th>
                </tr>
              </thead>
              <tbody>
                {day.hours.map((hour) => {
                  const row = forecastRow(hour, data.timezone, locale);
                  return (
                    <tr key={hour.start}>
                      <th scope="row">{row.label}</th>
                      <td>{row.value}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </details>
        </ChartCard>
      ) : null}
    </div>
  );
}
