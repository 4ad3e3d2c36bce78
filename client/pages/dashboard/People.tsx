// 'People' (behind enable_new_dashboard): headcount over the last 24 hours.
import { useMemo } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { CHART_COLORS, timeLineOptions } from "../../charts/options";
import { UPlotChart } from "../../charts/UPlotChart";
import { ChartCard, Pending } from "./ChartCard";
import { intervalData } from "./chartData";

export const PEOPLE_CHART_TITLE = "Population (Past 24hrs)";

export function People({ place }: { place: OwnedPlace }) {
  const { data, error, retry } = useApi(ownerApi.people15(place.id));
  const series = useMemo(() => (data ? intervalData(data) : null), [data]);
  const options = useMemo(
    () => timeLineOptions({ label: "People", color: CHART_COLORS.people, y: { label: "People" }, timeZone: place.timezone }),
    [place.timezone],
  );
  return (
    <ChartCard title={PEOPLE_CHART_TITLE} note="Average people in each 15-minute period." wide>
      {series ? (
        <UPlotChart options={options} data={series} summary={`People every 15 minutes over the last 24 hours, ${series[0].length} readings.`} />
      ) : (
        <Pending failed={error !== null} retry={retry} what="the population chart" />
      )}
    </ChartCard>
  );
}
