// A place whose owners hide its counts (`public_counts` off) shows visitors level bands only
// (docs/when-to-go.md#public-counts): no people, no percent and no threshold in any public answer,
// since percent × packed threshold ÷ 100 is the head count, and a percent alone is the head count
// up to one factor that a single visit can find. The fields stay, null: the answers keep their shape.
import type { ForecastAnswer, PopularTimesAnswer } from "../../common/schemas/answers";

/** Popular times with the usual and live percents withheld; the live level and `vs_usual` stay. */
export function popularTimesWithoutCounts(answer: PopularTimesAnswer): PopularTimesAnswer {
  return {
    ...answer,
    days: answer.days.map((day) => ({ ...day, hours: day.hours.map((hour) => ({ ...hour, usual: null })) })),
    live: answer.live && { ...answer.live, percent: null },
  };
}

/** The forecast with its percents withheld: which hours are closed and when the quietest one is stay. */
export function forecastWithoutCounts(answer: ForecastAnswer): ForecastAnswer {
  return {
    ...answer,
    hours: answer.hours.map((hour) => ({ ...hour, percent: null, low: null, high: null })),
    best_time: answer.best_time && { ...answer.best_time, percent: null },
  };
}
