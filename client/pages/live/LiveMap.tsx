import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LEVELS } from "../../../common/vocabulary";
import { type LivePlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { LevelBadge, LevelSymbol } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { filterByLevel, LEVEL_DISPLAY, NO_LIVE_LEVEL, type LevelFilter } from "../../live/levels";
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
      </ul>
    </div>
  );
}

function VenueList({ places, onShow }: { places: LivePlace[]; onShow: (place: LivePlace) => void }) {
  return (
    <ul className="venue-list">
      {places.map((place) => (
        <li key={place.id} className="venue-row">
          <div>
            <h3>
              <Link to={`/profile/${place.slug}`}>{place.name}</Link>
            </h3>
            <p>{place.address}</p>
          </div>
          <div className="venue-row-level">
            <LevelBadge level={place.level} />
            {place.people !== null ? <span>About {place.people} people</span> : null}
          </div>
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
      ))}
    </ul>
  );
}

export default function LiveMap() {
  useDocumentTitle("Live Look");
  const navigate = useNavigate();
  // The basemap from the server's configuration; without it the map has no tiles.
  const { data: tiles } = useApi(publicApi.mapConfig());
  const { places, generatedAt, failed } = useLivePlaces(LIVE_REFRESH_MS);
  const [filter, setFilter] = useState<LevelFilter>("all");
  const mapRef = useRef<VenueMapHandle>(null);
  const mapSectionRef = useRef<HTMLDivElement>(null);

  const shown = useMemo(
    () => filterByLevel(places ?? [], filter).sort((a, b) => a.name.localeCompare(b.name)),
    [places, filter],
  );
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
        <LevelFilterControl legend="Show venues" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />
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
        <VenueMap ref={mapRef} places={shown} tiles={tiles} onOpenPlace={(place) => navigate(`/profile/${place.slug}`)} />
      </div>

      <section className="live-list" aria-labelledby="list-heading">
        <h2 id="list-heading">Venues</h2>
        {places !== null && shown.length === 0 ? (
          <p>{filter === "all" ? "No venues yet." : `No venue is ${filter} right now.`}</p>
        ) : (
          <VenueList places={shown} onShow={showOnMap} />
        )}
      </section>
    </main>
  );
}
