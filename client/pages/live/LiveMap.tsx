import { useId, useMemo, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LEVELS } from "../../../common/vocabulary";
import { type LivePlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { liveLooksLastHourText } from "../../lib/format";
import { LevelBadge, LevelSymbol } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { LEVEL_DISPLAY, NO_LIVE_LEVEL, type LevelFilter } from "../../live/levels";
import { applyLiveFilters, LIVE_SORTS, liveFilterParams, readLiveFilters, type LiveFilters, type LiveSort } from "../../live/liveList";
import { busiestText, liveSummary, venueWeekday } from "../../live/whenToGo";
import { LIVE_REFRESH_MS, useLivePlaces } from "../../live/useLivePlaces";
import { hasPosition, VenueMap, type VenueMapHandle } from "../../map/VenueMap";
import "./live-map.css";

const FILTER_OPTIONS: readonly LevelFilter[] = ["all", ...LEVELS];

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

function Legend() {
  return (
    <div className="map-legend" aria-labelledby="legend-heading">
      <h2 id="legend-heading">Legend</h2>
      <ul>
        {LEVELS.map((level) => (
          <li key={level} className={LEVEL_DISPLAY[level].className}>
            <LevelSymbol level={level} />
            <span>
              <strong>{level}</strong>: {LEVEL_DISPLAY[level].description.toLowerCase()}
            </span>
          </li>
        ))}
        <li className={LEVEL_DISPLAY.unknown.className}>
          <LevelSymbol level={null} />
          <span>
            <strong>{NO_LIVE_LEVEL}</strong>: the venue's sensor hasn't reported in 5 minutes
          </span>
        </li>
        <li className={LEVEL_DISPLAY.closed.className}>
          <span className="level-symbol" aria-hidden="true">{LEVEL_DISPLAY.closed.symbol}</span>
          <span>
            <strong>Closed</strong>: closed now by its opening hours
          </span>
        </li>
      </ul>
    </div>
  );
}

function VenueRowState({ place }: { place: LivePlace }) {
  const said = liveSummary(place, Date.now());
  if (said.closed) {
    return (
      <div className="venue-row-level">
        <span className={`level-badge ${LEVEL_DISPLAY.closed.className}`}>
          <span className="level-symbol" aria-hidden="true">{LEVEL_DISPLAY.closed.symbol}</span>
          {said.closed}
        </span>
      </div>
    );
  }
  return (
    <div className="venue-row-level">
      <LevelBadge level={place.level} />
      {said.people ? <span>{said.people}</span> : null}
      {said.vsUsual ? <span>{said.vsUsual}</span> : null}
      {said.silent ? <span>{said.silent}</span> : null}
    </div>
  );
}

function VenueList({ places, onShow }: { places: LivePlace[]; onShow: (place: LivePlace) => void }) {
  return (
    <ul className="venue-list">
      {places.map((place) => {
        // Visitors' posts beside the sensor's numbers, never mixed into them (docs/live-looks.md#map-list).
        const looks = liveLooksLastHourText(place.live_looks_last_hour);
        return (
          <li key={place.id} className="venue-row">
            <div>
              <h3>
                <Link to={`/profile/${place.slug}`}>{place.name}</Link>
              </h3>
              <p>{place.address}</p>
              {looks ? <p className="venue-looks">{looks}</p> : null}
              {place.special_now ? <p className="venue-looks">Special on now</p> : null}
            </div>
            <VenueRowState place={place} />
            {hasPosition(place) ? (
              <button
                type="button"
                className="button secondary small"
                aria-label={`Show on map: ${place.name}`}
                onClick={() => onShow(place)}
              >
                Show on map
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "Open now", "Specials now" and the order, beside the level filter. */
function MoreFilters({ filters, onChange }: { filters: LiveFilters; onChange: (next: Partial<LiveFilters>) => void }) {
  const ids = useId();
  return (
    <div className="live-more-filters">
      <div className="live-open-now">
        <input
          type="checkbox"
          id={`${ids}-open`}
          checked={filters.openNow}
          onChange={(event) => onChange({ openNow: event.target.checked })}
        />
        <label htmlFor={`${ids}-open`}>Open now</label>
      </div>
      <div className="live-open-now">
        <input
          type="checkbox"
          id={`${ids}-special`}
          checked={filters.specialNow}
          onChange={(event) => onChange({ specialNow: event.target.checked })}
        />
        <label htmlFor={`${ids}-special`}>Specials now</label>
      </div>
      <div className="live-sort">
        <label htmlFor={`${ids}-sort`}>Sort by</label>
        <select id={`${ids}-sort`} value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as LiveSort })}>
          {Object.entries(LIVE_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function emptyText(filters: LiveFilters): string {
  if (filters.specialNow) return "No venue has a special on right now.";
  if (filters.level === "all") return filters.openNow ? "No venue is open right now." : "No venues yet.";
  return `No venue${filters.openNow ? " open now" : ""} is ${filters.level} right now.`;
}

/**
 * Today's "Usually busiest 9–11 PM" for the map's popup. The live answer carries no popular times,
 * so they are fetched only for the venue a visitor opens.
 */
async function busiestToday(placeId: number): Promise<string | null> {
  const answer = await publicApi.popularTimes(placeId).load();
  const weekday = venueWeekday(answer.timezone, answer.day_start_hour, Date.now());
  const today = answer.days.find((day) => day.weekday === weekday);
  return answer.enough_data && today ? busiestText(today.hours) : null;
}

export default function LiveMap() {
  useDocumentTitle("Live Look");
  const navigate = useNavigate();
  // The basemap from the server's configuration; without it the map has no tiles.
  const { data: tiles } = useApi(publicApi.mapConfig());
  const { places, generatedAt, failed } = useLivePlaces(LIVE_REFRESH_MS);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readLiveFilters(searchParams);
  const setFilters = (next: Partial<LiveFilters>) =>
    setSearchParams(liveFilterParams({ ...filters, ...next }), { replace: true, preventScrollReset: true });
  const mapRef = useRef<VenueMapHandle>(null);
  const mapSectionRef = useRef<HTMLDivElement>(null);

  const { openNow, specialNow, level, sort } = filters;
  const shown = useMemo(() => applyLiveFilters(places ?? [], { openNow, specialNow, level, sort }), [places, openNow, specialNow, level, sort]);
  const total = places?.length ?? 0;

  const showOnMap = (place: LivePlace) => {
    mapSectionRef.current?.scrollIntoView({ block: "start" });
    mapRef.current?.showPlace(place.id);
  };

  return (
    <main className="page live-page" id="main">
      <section className="page-banner">
        <h1>Live Look</h1>
        <p>
          Every partner venue and how busy it is right now, measured by the sensor inside. Levels refresh every 30
          seconds. Choose a venue to see its profile, hours and events.
        </p>
      </section>

      <div className="live-controls">
        <div>
          <LevelFilterControl legend="Show venues" options={FILTER_OPTIONS} value={filters.level} onChange={(level) => setFilters({ level })} />
          <MoreFilters filters={filters} onChange={setFilters} />
        </div>
        <Legend />
      </div>


      <div ref={mapSectionRef} className="live-map-section">
        <div className="live-toolbar">
          <p className="live-status">
            <span role="status">
              {places === null
                ? failed
                  ? "Live levels are unavailable at the moment. Please try again shortly."
                  : "Loading venues…"
                : `Showing ${shown.length} of ${total} venues.`}
            </span>
            {generatedAt ? <span> Updated {timeFormat.format(new Date(generatedAt))}.</span> : null}
            {places !== null && failed ? <span> The last refresh failed; showing the previous levels.</span> : null}
          </p>
          <button type="button" className="button secondary small" onClick={() => mapRef.current?.showAll()}>
            Zoom to the venues
          </button>
        </div>
        <VenueMap
          ref={mapRef}
          places={shown}
          tiles={tiles}
          onOpenPlace={(place) => navigate(`/profile/${place.slug}`)}
          busiestToday={busiestToday}
        />
      </div>

      <section className="live-list" aria-labelledby="list-heading">
        <h2 id="list-heading">Venues</h2>
        {places !== null && shown.length === 0 ? (
          <p>{emptyText(filters)}</p>
        ) : (
          <VenueList places={shown} onShow={showOnMap} />
        )}
      </section>
    </main>
  );
}
