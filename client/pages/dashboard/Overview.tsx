// 'Today at a Glance': the summary block with today's expected peak, usual-versus-today hourly bars, the last 24 hours of
// capacity, and the full-width weekly summary.
import { useMemo } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { CHART_COLORS, timeLineOptions, useCategoryBarOptions } from "../../charts/options";
import { UPlotChart } from "../../charts/UPlotChart";
import { ChartCard, Pending } from "./ChartCard";
import { hourlyComparisonData, intervalData, weeklyData } from "./chartData";
import { formatHourLabel, SITE_LOCALE } from "../../lib/format";
import { compareWithUsual, describeDifference, venueDayStart, visitorsSince } from "./summary";
import { FORECAST_DAYS, todayForecastText } from "./insights";


/** The weekly summary reads every device of the place under this name (spec: the name is fixed). */
export const WEEKLY_DEVICE_NAME = "all";

const PERCENT_AXIS = { label: "% of capacity", unit: "%", range: [0, 100] as [number, number] };

function TodaySummary({ place }: { place: OwnedPlace }) {
  // Shared with the key-trends tiles and the hourly chart: one request each.
  const trends = useApi(ownerApi.keyTrends(place.id));
  const people = useApi(ownerApi.people15(place.id));
  const daily = useApi(ownerApi.dailySummary(place.id));
  const ready = trends.data && people.data && daily.data;
  const failed = [trends, people, daily].filter((fetched) => fetched.error !== null);
  let body;
  if (!ready) {
    body = <Pending failed={failed.length > 0} retry={() => failed.forEach((fetched) => fetched.retry())} what="today's summary" />;
  } else {
    const visitors = visitorsSince(people.data!, venueDayStart(Date.now(), { timeZone: place.timezone, dayStartHour: place.day_start_hour }));
    const peakHour = trends.data!.peakHour;
    const comparison = peakHour ? compareWithUsual(daily.data!, peakHour) : null;
    body = (
      <dl className="summary">
        <div>
          <dt>Visitors so far</dt>
          <dd>{visitors === null ? "No counts yet today" : visitors}</dd>
        </div>
        <div>
          <dt>Busiest hour</dt>
          <dd>{peakHour ? `${formatHourLabel(peakHour, SITE_LOCALE)} · ${trends.data!.peakHourUtilization ?? 0}%` : "No counts yet today"}</dd>
        </div>
        <div>
          <dt>Compared with usual</dt>
          <dd>
            {comparison
              ? `${describeDifference(comparison)} (usually ${Math.round(comparison.usual)}% at ${formatHourLabel(peakHour!, SITE_LOCALE)})`
              : "Not enough history yet"}
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <ChartCard title="Today so far" note="Visitors are estimated from rises in the headcount since 5 AM." wide>
      {body}
      <ForecastLine placeId={place.id} />
    </ChartCard>
  );
}

/** One line from the Forecast tab's answer (the same request): "Expected peak today: 10 PM, about 85%". */
function ForecastLine({ placeId }: { placeId: number }) {
  const { data } = useApi(ownerApi.forecast(placeId, { days: String(FORECAST_DAYS) }));
  // Without an answer the line stays out: the summary above stands on its own.
  return data ? <p className="forecast-line">{todayForecastText(data)}</p> : null;
}

function HourlyComparisonChart({ placeId }: { placeId: number }) {
  const { data, error, retry } = useApi(ownerApi.dailySummary(placeId));
  const chart = useMemo(() => (data ? hourlyComparisonData(data) : null), [data]);
  const options = useCategoryBarOptions(chart?.labels ?? null, {
    xLabel: "Hour",
    series: [
      { label: "Usual", color: CHART_COLORS.usual },
      { label: "Today", color: CHART_COLORS.today },
    ],
    y: PERCENT_AXIS,
  });
  return (
    <ChartCard title="Hourly: usual versus today" note="Usual is the average of the last four same weekdays.">
      {chart ? (
        <UPlotChart options={options} data={chart.data} summary={`Hourly capacity, usual and today, for ${chart.labels.length} hours.`} />
      ) : (
        <Pending failed={error !== null} retry={retry} what="the hourly comparison" />
      )}
    </ChartCard>
  );
}

function RecentCapacityChart({ place }: { place: OwnedPlace }) {
  const { data, error, retry } = useApi(ownerApi.capacity15(place.id));
  const series = useMemo(() => (data ? intervalData(data) : null), [data]);
  const options = useMemo(
    () => timeLineOptions({ label: "Capacity", color: CHART_COLORS.capacity, y: PERCENT_AXIS, timeZone: place.timezone }),
    [place.timezone],
  );
  return (
    <ChartCard title="Capacity, last 24 hours" note="Every 15 minutes.">
      {series ? (
        <UPlotChart options={options} data={series} summary={`Capacity every 15 minutes over the last 24 hours, ${series[0].length} readings.`} />
      ) : (
        <Pending failed={error !== null} retry={retry} what="recent capacity" />
      )}
    </ChartCard>
  );
}

function WeeklySummaryChart({ placeId }: { placeId: number }) {
  const { data, error, retry } = useApi(ownerApi.weeklySummary(placeId, { device_name: WEEKLY_DEVICE_NAME }));
  const chart = useMemo(() => (data ? weeklyData(data) : null), [data]);
  const options = useCategoryBarOptions(chart?.labels ?? null, {
    xLabel: "Day",
    series: [{ label: "Average people", color: CHART_COLORS.weekly }],
    y: { label: "People" },
  });
  return (
    <ChartCard title="Weekly summary" note="Average number of people by weekday over the last four weeks." wide>
      {chart ? (
        <UPlotChart options={options} data={chart.data} height={220} summary="Average people by weekday, Monday to Sunday." />
      ) : (
        <Pending failed={error !== null} retry={retry} what="the weekly summary" />
      )}
    </ChartCard>
  );
}

export function Overview({ place }: { place: OwnedPlace }) {
  return (
    <div className="chart-grid">
      <TodaySummary place={place} />
      <HourlyComparisonChart placeId={place.id} />
      <RecentCapacityChart place={place} />
      <WeeklySummaryChart placeId={place.id} />
    </div>
  );
}
