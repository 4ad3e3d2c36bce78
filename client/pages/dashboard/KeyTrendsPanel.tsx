// The four key-trend tiles, refreshed every 30 s so an owner watching tonight's crowd sees it move.
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { RetryButton } from "./ChartCard";
import { keyTrendTiles } from "./keyTrends";

export const KEY_TRENDS_REFRESH_MS = 30_000;

export function KeyTrendsPanel({ placeId }: { placeId: number }) {
  const { data, loadedAt, error, retry } = useApi(ownerApi.keyTrends(placeId), { refreshMs: KEY_TRENDS_REFRESH_MS });
  return (
    <section className="key-trends" aria-label="Key trends">
      <dl className="tiles">
        {keyTrendTiles(data).map((tile) => (
          <div className="tile" key={tile.label}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      {loadedAt ? (
        <p className="key-trends-updated">
          Updated {new Date(loadedAt).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })}
        </p>
      ) : null}
      {error !== null && !data ? <RetryButton retry={retry} what="key trends" /> : null}
    </section>
  );
}
