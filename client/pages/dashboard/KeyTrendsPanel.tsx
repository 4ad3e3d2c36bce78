// The four key-trend tiles, refreshed every 30 s so an owner watching tonight's crowd sees it move.
// Until the venue first opens in a venue day, the peak tiles show last night's (evening.ts).
import type { OwnedPlace } from "../../../common/schemas/answers";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { RetryButton } from "./ChartCard";
import { beforeFirstOpening, lastNightDate } from "./evening";
import { keyTrendTiles } from "./keyTrends";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

export const KEY_TRENDS_REFRESH_MS = 30_000;

export function KeyTrendsPanel({ place }: { place: OwnedPlace }) {
  const { data, loadedAt, error, retry } = useApi(ownerApi.keyTrends(place.id), { refreshMs: KEY_TRENDS_REFRESH_MS });
  const clock = { timeZone: place.timezone, dayStartHour: place.day_start_hour };
  const now = loadedAt ?? Date.now();
  const lastNight = beforeFirstOpening(place, clock, now);
  const lastNightPeak = useApi(lastNight ? ownerApi.peakHourly({ date: lastNightDate(clock, now), place_id: String(place.id) }) : null);
  return (
    <section className="key-trends" aria-label="Key trends">
      <dl className="tiles">
        {keyTrendTiles(data, lastNight ? lastNightPeak.data : undefined).map((tile) => (
          <div className="tile" key={tile.label}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      {loadedAt ? (
        <p className="key-trends-updated">
          Updated {formatInstant(loadedAt, SITE_LOCALE, { hour: "numeric", minute: "2-digit" })}
        </p>
      ) : null}
      {error !== null && !data ? <RetryButton retry={retry} what="key trends" /> : null}
    </section>
  );
}
