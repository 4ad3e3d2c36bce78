import { OFFER_MESSAGES } from "../../offers/offerMessages";
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { LEVELS } from "../../../common/vocabulary";
import { type CitiesAnswer, type LivePlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import type { Preload } from "../../api/pageData";
import { useApi } from "../../api/useApi";
import { InstallOffer } from "../../app/InstallOffer";
import { SaveButton } from "../../app/SaveButton";
import { useSavedPlaces, type SavedPlacesState } from "../../app/useSavedPlaces";
import { NeedsJavaScript } from "../../components/NeedsJavaScript";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { cityPagePath, PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { liveLooksLastHourText } from "../../lib/format";
import { useLocale } from "../../lib/i18n";
import { useHydrated, useNow } from "../../lib/hydration";
import { LevelBadge, LevelSymbol } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { LEVEL_DISPLAY, NO_LIVE_LEVEL, type LevelFilter } from "../../live/levels";
import { applyLiveFilters, LIVE_SORTS, liveFilterParams, readLiveFilters, type LiveFilters, type LiveSort } from "../../live/liveList";
import { DEFAULT_QUIET_HOUR, QUIET_LIMIT, quietAtTime, quietIds, quietQueryArea } from "../../live/quietAt";
import { busiestText, liveSummary, venueWeekday } from "../../live/whenToGo";
import { formatHour, formatInstant } from "../../../common/formats";
import { LIVE_REFRESH_MS, useLivePlaces } from "../../live/useLivePlaces";
import { describeOnMap, hasPosition } from "../../live/mapPlaces";
import type { VenueMapHandle } from "../../live/venueMap";
import { loadVenueMap } from "../../live/venueMapImport";
import "./live-map.css";

/**
 * What the worker reads to render the list (docs/server-rendering.md): the city's live levels (on
 * `/city/{slug}` that city's, on `/live-look` the visitor's, docs/cities.md#the-visitors-city), the
 * cities and the basemap, which the map uses once the browser has drawn it. One that could not be
 * read renders as loading, and the browser reads it.
 */
export const preload: Preload = async ({ slug }, load) => {
  const city = slug ?? (await load(publicApi.cityHere()).then((here) => here.slug, () => undefined));
  return Promise.allSettled([load(publicApi.live(city)), load(publicApi.cities()), load(publicApi.mapConfig())]);
};

const FILTER_OPTIONS: readonly LevelFilter[] = ["all", ...LEVELS];

/** What the colours mean, behind a "?" beside the title: on a phone the map comes first. */
function Legend() {
  return (
    <details className="map-legend">
      <summary>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">What the colours mean</span>
      </summary>
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
    </details>
  );
}

function VenueRowState({ place }: { place: LivePlace }) {
  const said = liveSummary(place, useNow(), useLocale());
  if (said.closed) {
    return (
      <div className="venue-row-level">
        <LevelBadge level={place.level} closed text={said.closed} />
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

/** A failed save, and the install offer once a place is saved (docs/app.md#install). */
function SaveOutcome({ saving }: { saving: SavedPlacesState }) {
  return (
    <div className="save-outcome">
      {saving.error ? <p role="alert">{saving.error}</p> : null}
      <InstallOffer onlyWhenOffered />
    </div>
  );
}

/** The save toggle of a row or popup. */
function SaveControl({ place, saving }: { place: LivePlace; saving: SavedPlacesState }) {
  return (
    <SaveButton
      placeName={place.name}
      saved={saving.isSaved(place.id)}
      signedIn={saving.signedIn}
      busy={saving.busyId === place.id}
      onToggle={() => void saving.toggle(place)}
    />
  );
}

interface VenueListProps {
  places: LivePlace[];
  /** Null until the map is drawn: its buttons wait for it. */
  onShow: ((place: LivePlace) => void) | null;
  saving: SavedPlacesState;
}

function VenueList({ places, onShow, saving }: VenueListProps) {
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
              {place.offer_now ? <p className="venue-looks">{OFFER_MESSAGES.rowOn}</p> : null}
            </div>
            <VenueRowState place={place} />
            <div className="venue-row-actions">
              <SaveControl place={place} saving={saving} />
              {hasPosition(place) ? (
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={`Show on map: ${place.name}`}
                  disabled={!onShow}
                  onClick={() => onShow?.(place)}
                >
                  Show on map
                </button>
              ) : null}
            </div>
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
      <div className="live-open-now live-chip">
        <input
          type="checkbox"
          id={`${ids}-open`}
          checked={filters.openNow}
          onChange={(event) => onChange({ openNow: event.target.checked })}
        />
        <label htmlFor={`${ids}-open`}>Open now</label>
      </div>
      <div className="live-open-now live-chip">
        <input
          type="checkbox"
          id={`${ids}-special`}
          checked={filters.specialNow}
          onChange={(event) => onChange({ specialNow: event.target.checked })}
        />
        <label htmlFor={`${ids}-special`}>Specials now</label>
      </div>
      <div className="live-open-now live-chip">
        <input type="checkbox" id={`${ids}-offer`} checked={filters.offerNow} onChange={(event) => onChange({ offerNow: event.target.checked })} />
        <label htmlFor={`${ids}-offer`}>{OFFER_MESSAGES.filterLive}</label>
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

/** "Quiet at 9 PM": on, the map keeps the venues forecast Relaxed at that hour. */
function QuietAtFilter({ hour, onChange }: { hour: number | null; onChange: (hour: number | null) => void }) {
  const ids = useId();
  const locale = useLocale();
  // The hour picked while the filter is off, so turning it on again keeps it.
  const [picked, setPicked] = useState(hour ?? DEFAULT_QUIET_HOUR);
  const shownHour = hour ?? picked;
  return (
    <div className="live-quiet-at live-chip">
      <input type="checkbox" id={`${ids}-on`} checked={hour !== null} onChange={(event) => onChange(event.target.checked ? shownHour : null)} />
      <label htmlFor={`${ids}-on`}>Quiet at {formatHour(shownHour, 0, locale)}</label>
      <label htmlFor={`${ids}-hour`} className="visually-hidden">Quiet at what time</label>
      <select
        id={`${ids}-hour`}
        value={shownHour}
        onChange={(event) => {
          const next = Number(event.target.value);
          setPicked(next);
          onChange(next);
        }}
      >
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {formatHour(h, 0, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

function emptyText(filters: LiveFilters, locale: string): string {
  if (filters.quietAt !== null) return `No venue${filters.openNow ? " open now" : ""} is forecast Relaxed at ${formatHour(filters.quietAt, 0, locale)}.`;
  if (filters.specialNow) return "No venue has a special on right now.";
  if (filters.offerNow) return OFFER_MESSAGES.noneOnMap;
  if (filters.level === "all") return filters.openNow ? "No venue is open right now." : "No venues yet.";
  return `No venue${filters.openNow ? " open now" : ""} is ${filters.level} right now.`;
}

/**
 * Today's "Usually busiest 9–11 PM" for the map's popup. The live answer carries no popular times,
 * so they are fetched only for the venue a visitor opens.
 */
async function busiestToday(placeId: number, locale: string): Promise<string | null> {
  const answer = await publicApi.popularTimes(placeId).load();
  const weekday = venueWeekday(answer.timezone, answer.day_start_hour, Date.now());
  const today = answer.days.find((day) => day.weekday === weekday);
  return answer.enough_data && today ? busiestText(today.hours, locale) : null;
}

/**
 * The map's box (its size, CSS in live-map.css) until the map is drawn in it: on the server, while
 * hydrating, and while Leaflet's code loads.
 */
function MapPending() {
  return (
    <div className="venue-map venue-map-pending">
      <NeedsJavaScript what="The map" />
    </div>
  );
}

/** Leaflet, drawn in the browser only, once the page has hydrated; null in the worker. */
const VenueMap = loadVenueMap && lazy(loadVenueMap);

/**
 * Links to every city's live page, the one shown marked (docs/cities.md); nothing with one city.
 */
function CityLinks({ cities, current }: { cities: CitiesAnswer["cities"]; current: string | undefined }) {
  if (cities.length < 2) return null;
  return (
    <nav className="city-links live-cities" aria-label="Cities">
      <ul>
        {cities.map((city) => (
          <li key={city.slug}>
            <Link to={cityPagePath(city.slug)} aria-current={city.slug === current ? "page" : undefined}>
              {city.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `/live-look` (the visitor's city) and `/city/{slug}` (that city): one city's venues live and on
 * the map (docs/cities.md).
 */
export default function LiveMap() {
  const { slug } = useParams();
  const locale = useLocale();
  // What the map says of a venue at the moment it asks, and today's busiest hours of the one it opens.
  const describeNow = useCallback((place: LivePlace) => describeOnMap(place, Date.now(), locale), [locale]);
  const busiestOf = useCallback((placeId: number) => busiestToday(placeId, locale), [locale]);
  // On /live-look, the visitor's city by where Cloudflare places them; every venue if that cannot be read.
  const here = useApi(slug === undefined ? publicApi.cityHere() : null);
  const city = slug ?? (here.data ? here.data.slug : here.error ? undefined : null);
  const { data: cityList } = useApi(publicApi.cities());
  const cityName = cityList?.cities.find((candidate) => candidate.slug === city)?.name ?? null;
  useDocumentTitle(slug !== undefined && cityName ? `${cityName}: ${PUBLIC_PAGE_TITLES["/live-look"]}` : PUBLIC_PAGE_TITLES["/live-look"]);
  const navigate = useNavigate();
  // The basemap from the server's configuration; without it the map has no tiles.
  const { data: tiles } = useApi(publicApi.mapConfig());
  const live = useLivePlaces(LIVE_REFRESH_MS, city);
  const { places, generatedAt } = live;
  // A city we do not serve (GET /api/live?city= answers 404).
  const unknownCity = slug !== undefined && live.status === 404;
  const failed = live.failed && !unknownCity;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readLiveFilters(searchParams);
  const setFilters = (next: Partial<LiveFilters>) =>
    setSearchParams(liveFilterParams({ ...filters, ...next }), { replace: true, preventScrollReset: true });
  const mapRef = useRef<VenueMapHandle>(null);
  // The map is drawn after hydrating, once its code has come: until then its buttons are disabled
  // (with JavaScript off, for good).
  const [mapDrawn, setMapDrawn] = useState(false);
  const attachMap = useCallback((handle: VenueMapHandle | null) => {
    mapRef.current = handle;
    setMapDrawn(handle !== null);
  }, []);
  const mapSectionRef = useRef<HTMLDivElement>(null);

  const { openNow, specialNow, offerNow, level, sort } = filters;
  const listed = useMemo(() => applyLiveFilters(places ?? [], { openNow, specialNow, offerNow, level, sort }), [places, openNow, specialNow, offerNow, level, sort]);
  const total = places?.length ?? 0;

  // "Quiet at 9 PM" (docs/app.md#quiet-at): the forecast for that hour, from the suggestions.
  const quietHour = filters.quietAt;
  const area = places ? quietQueryArea(places) : null;
  const quietRead =
    quietHour !== null && area
      ? publicApi.suggestions({ ...area, at: quietAtTime(quietHour, new Date()).toISOString(), level: "Relaxed", limit: QUIET_LIMIT })
      : null;
  const quiet = useApi(quietRead);
  const quietSet = useMemo(() => (quiet.data ? quietIds(quiet.data) : null), [quiet.data]);
  const shown = useMemo(() => (quietHour !== null && quietSet ? listed.filter((place) => quietSet.has(place.id)) : listed), [listed, quietHour, quietSet]);
  const mapped = useMemo(() => shown.filter(hasPosition), [shown]);
  const saving = useSavedPlaces();
  const hydrated = useHydrated();

  const showOnMap = (place: LivePlace) => {
    mapSectionRef.current?.scrollIntoView({ block: "start" });
    mapRef.current?.showPlace(place.id);
  };

  return (
    <main className="page live-page" id="main">
      {/* On a phone the map comes first (issue 36): a title, one line, then the map fitted to the venues. */}
      <div className="live-heading">
        <h1>{cityName ? `Live map: ${cityName}` : "Live map"}</h1>
        <Legend />
      </div>
      <p className="live-lede">How busy every partner venue is right now, from the sensor inside. Refreshes every 30 seconds.</p>
      {unknownCity ? <p role="alert">We're not live in that city yet: pick one of our cities above.</p> : null}

      <SaveOutcome saving={saving} />

      <div ref={mapSectionRef} className="live-map-section">
        {VenueMap && hydrated ? (
          <Suspense fallback={<MapPending />}>
            <VenueMap
              ref={attachMap}
              places={mapped}
              describe={describeNow}
              tiles={tiles}
              onOpenPlace={(place) => navigate(`/profile/${place.slug}`)}
              busiestToday={busiestOf}
              popupAction={(place) => <SaveControl place={place} saving={saving} />}
            />
          </Suspense>
        ) : (
          <MapPending />
        )}
        <div className="live-toolbar">
          <p className="live-status">
            <span role="status">
              {places === null
                ? failed
                  ? "Live levels are unavailable at the moment. Please try again shortly."
                  : "Loading venues…"
                : `Showing ${shown.length} of ${total} venues${quietHour !== null && quietSet ? ` forecast Relaxed at ${formatHour(quietHour, 0, locale)}` : ""}.`}
            </span>
            {quietHour !== null && !quietSet ? (
              <span> {quiet.error ? `The forecast for ${formatHour(quietHour, 0, locale)} is unavailable at the moment.` : `Loading the forecast for ${formatHour(quietHour, 0, locale)}…`}</span>
            ) : null}
            {/* In this browser's time zone, which the worker does not know. */}
            {generatedAt && hydrated ? <span> Updated {formatInstant(Date.parse(generatedAt), locale, { hour: "numeric", minute: "2-digit" })}.</span> : null}
            {places !== null && failed ? <span> The last refresh failed; showing the previous levels.</span> : null}
          </p>
          <button type="button" className="button secondary small" disabled={!mapDrawn} onClick={() => mapRef.current?.showAll()}>
            Zoom to the venues
          </button>
        </div>
      </div>

      {/* Under the map, so on a phone the map stays on the first screen. */}
      {cityList ? <CityLinks cities={cityList.cities} current={city ?? undefined} /> : null}

      <div className="live-controls">
        <LevelFilterControl legend="Show venues" options={FILTER_OPTIONS} value={filters.level} onChange={(level) => setFilters({ level })} />
        <MoreFilters filters={filters} onChange={setFilters} />
        <QuietAtFilter hour={quietHour} onChange={(quietAt) => setFilters({ quietAt })} />
        <NeedsJavaScript what="Filtering the venues" />
      </div>

      <section className="live-list" aria-labelledby="list-heading">
        <h2 id="list-heading">Venues</h2>
        {places !== null && shown.length === 0 ? (
          <p>{emptyText(filters, locale)}</p>
        ) : (
          <VenueList places={shown} onShow={mapDrawn ? showOnMap : null} saving={saving} />
        )}
      </section>
    </main>
  );
}
