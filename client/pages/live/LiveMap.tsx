import { OFFER_MESSAGES } from "../../offers/offerMessages";
import { useId } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { LEVELS } from "../../../common/vocabulary";
import { type CitiesAnswer, type LivePlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import type { Preload } from "../../api/pageData";
import { useApi } from "../../api/useApi";
import { NeedsJavaScript } from "../../components/NeedsJavaScript";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { cityPagePath, PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { Island, PlainIsland } from "../../islands/Island";
import { liveMapReadKeys, liveMapReads } from "../../live/liveMapReads";
import { liveLooksLastHourText } from "../../lib/format";
import { useLocale, useT } from "../../lib/i18n";
import { useNow } from "../../lib/hydration";
import { LevelBadge, LevelSymbol } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { LEVEL_DISPLAY, NO_LIVE_LEVEL, type LevelFilter } from "../../live/levels";
import { LIVE_FILTERS_ID } from "../../live/liveFilters";
import { applyLiveFilters, LIVE_SORTS, readLiveFilters, type LiveFilters } from "../../live/liveList";
import { DEFAULT_QUIET_HOUR } from "../../live/quietAt";
import { liveSummary } from "../../live/whenToGo";
import { formatHour } from "../../../common/formats";
import { useLivePlaces } from "../../live/useLivePlaces";
import { hasPosition } from "../../live/mapPlaces";
import { MapPreview } from "./MapPreview";
import SavePlace from "./SavePlace";
import "./live-map.css";

// A page of islands (docs/server-rendering.md#the-live-map-as-islands): the worker renders the list
// as the address filters it, the filters are a GET form it answers, and only the map (a plain
// island, Leaflet without React), the filters' "apply on change" and each row's Save hydrate.

/**
 * What the worker reads to render the list (docs/server-rendering.md): the city's live levels (on
 * `/city/{slug}` that city's, on `/live-look` the visitor's, docs/cities.md#the-visitors-city), the
 * cities and the basemap, which the map island draws with. One that could not be read renders as
 * loading, and the map reads it.
 */
export const preload: Preload = async ({ slug }, load) => {
  const city = slug ?? (await load(publicApi.cityHere()).then((here) => here.slug, () => undefined));
  return Promise.allSettled([load(publicApi.live(city)), load(publicApi.cities()), load(publicApi.mapConfig())]);
};

const FILTER_OPTIONS: readonly LevelFilter[] = ["all", ...LEVELS];

/** What the colours mean, behind a "?" beside the title: on a phone the map comes first. */
function Legend() {
  const t = useT();
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
              <strong>{t(LEVEL_DISPLAY[level].name)}</strong>: {t(LEVEL_DISPLAY[level].description)}
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

function VenueList({ places }: { places: LivePlace[] }) {
  return (
    <ul className="venue-list">
      {places.map((place) => {
        // Visitors' posts beside the sensor's numbers, never mixed into them (docs/live-looks.md#map-list).
        const looks = liveLooksLastHourText(place.live_looks_last_hour);
        return (
          <li key={place.id} className="venue-row" data-place-id={place.id}>
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
              <Island name="save" when="interaction" component={SavePlace} props={{ place: { id: place.id, name: place.name } }} />
              {hasPosition(place) ? (
                // The map island enables it once the map is drawn (with JavaScript off, never).
                <button type="button" className="button secondary small" aria-label={`Show on map: ${place.name}`} disabled data-show-on-map={place.id}>
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

/** "Open now", "Specials now", "Offers now" and the order, beside the level filter: the form's fields. */
function MoreFilters({ filters }: { filters: LiveFilters }) {
  const ids = useId();
  const flags = [
    ["open_now", "Open now", filters.openNow],
    ["special_now", "Specials now", filters.specialNow],
    ["offer_now", OFFER_MESSAGES.filterLive, filters.offerNow],
  ] as const;
  return (
    <div className="live-more-filters">
      {flags.map(([name, label, on]) => (
        <div key={name} className="live-open-now live-chip">
          <input type="checkbox" id={`${ids}-${name}`} name={name} value="1" defaultChecked={on} />
          <label htmlFor={`${ids}-${name}`}>{label}</label>
        </div>
      ))}
      <div className="live-sort">
        <label htmlFor={`${ids}-sort`}>Sort by</label>
        <select id={`${ids}-sort`} name="sort" defaultValue={filters.sort}>
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

/**
 * "Quiet at 9 PM": on, the map and the list keep the venues forecast Relaxed at that hour. The box
 * sends ?quiet_at= and the picker ?quiet_hour=, which wins (liveList.ts), so the form needs no script.
 */
function QuietAtFilter({ hour }: { hour: number | null }) {
  const ids = useId();
  const locale = useLocale();
  const shownHour = hour ?? DEFAULT_QUIET_HOUR;
  return (
    <div className="live-quiet-at live-chip">
      <input type="checkbox" id={`${ids}-on`} name="quiet_at" value={shownHour} defaultChecked={hour !== null} />
      <label htmlFor={`${ids}-on`}>Quiet at {formatHour(shownHour, 0, locale)}</label>
      <label htmlFor={`${ids}-hour`} className="visually-hidden">Quiet at what time</label>
      <select id={`${ids}-hour`} name="quiet_hour" defaultValue={shownHour}>
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {formatHour(h, 0, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

function emptyText(filters: LiveFilters): string {
  if (filters.specialNow) return "No venue has a special on right now.";
  if (filters.offerNow) return OFFER_MESSAGES.noneOnMap;
  if (filters.level === "all") return filters.openNow ? "No venue is open right now." : "No venues yet.";
  return `No venue${filters.openNow ? " open now" : ""} is ${filters.level} right now.`;
}

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
  const { pathname } = useLocation();
  const locale = useLocale();
  // On /live-look, the visitor's city by where Cloudflare places them; every venue if that cannot be read.
  const here = useApi(slug === undefined ? publicApi.cityHere() : null);
  const city = slug ?? (here.data ? here.data.slug : here.error ? undefined : null);
  const { data: cityList } = useApi(publicApi.cities());
  const cityName = cityList?.cities.find((candidate) => candidate.slug === city)?.name ?? null;
  useDocumentTitle(slug !== undefined && cityName ? `${cityName}: ${PUBLIC_PAGE_TITLES["/live-look"]}` : PUBLIC_PAGE_TITLES["/live-look"]);
  const live = useLivePlaces(undefined, city);
  // The basemap the map island draws with: its first view is in the HTML too (MapPreview).
  const { data: tiles } = useApi(liveMapReads(city ?? null).tiles);
  const { places } = live;
  // A city we do not serve: not among the cities (the worker knows it so), or GET /api/live?city= answers 404.
  const unknownCity = slug !== undefined && (live.status === 404 || (cityList !== null && !cityList.cities.some((candidate) => candidate.slug === slug)));
  const failed = live.failed && !unknownCity;
  const [searchParams] = useSearchParams();
  const filters = readLiveFilters(searchParams);
  const shown = applyLiveFilters(places ?? [], filters);
  const quietHour = filters.quietAt;

  return (
    <main className="page live-page" id="main">
      {/* On a phone the map comes first (issue 36): a title, one line, then the map fitted to the venues. */}
      <div className="live-heading">
        <h1>{cityName ? `Live map: ${cityName}` : "Live map"}</h1>
        <Legend />
      </div>
      <p className="live-lede">How busy every partner venue is right now, from the sensor inside. The map refreshes every 30 seconds.</p>
      {unknownCity ? <p role="alert">We're not live in that city yet: pick one of our cities above.</p> : null}

      <div className="live-map-section">
        {/* The map island reads the same city's answers from the page's data island, and says times in the page's locale. It enables the
            list's "Show on map" buttons and hides the rows "Quiet at" drops when it mounts: where React
            renders the page (the single-page app, after signing in) the list comes with the live
            answer, so the island mounts again once the list is there, and for the city then known. */}
        <PlainIsland key={places === null ? "loading" : (city ?? "every city")} name="map" when="visible" props={{ city: city ?? null, locale }} reads={liveMapReadKeys(city ?? null)}>
          {/* The map's box (its size in live-map.css) until the map island draws in it. */}
          <div className="venue-map venue-map-pending">
            <MapPreview places={shown.filter(hasPosition).map((place) => ({ lat: place.latitude, lng: place.longitude }))} tileUrl={tiles?.tile_url ?? null} />
            <NeedsJavaScript what="The map" />
          </div>
          <div className="live-toolbar">
            <p className="live-status">
              <span role="status" data-live-status="">
                {places === null
                  ? unknownCity
                    ? "No venues to show."
                    : failed
                    ? "Live levels are unavailable at the moment. Please try again shortly."
                    : "Loading venues…"
                  : `Showing ${shown.length} of ${places.length} venues.${quietHour !== null ? ` Loading the forecast for ${formatHour(quietHour, 0, locale)}…` : ""}`}
              </span>
            </p>
            <button type="button" className="button secondary small" disabled data-map-zoom="">
              Zoom to the venues
            </button>
          </div>
        </PlainIsland>
      </div>

      {/* Under the map, so on a phone the map stays on the first screen. */}
      {cityList ? <CityLinks cities={cityList.cities} current={city ?? undefined} /> : null}

      <PlainIsland name="filters" when="interaction">
        <form id={LIVE_FILTERS_ID} className="live-controls" method="get" action={pathname}>
          <LevelFilterControl legend="Show venues" name="level" options={FILTER_OPTIONS} value={filters.level} />
          <MoreFilters filters={filters} />
          <QuietAtFilter hour={quietHour} />
          <NeedsJavaScript what="Quiet at (the forecast for an hour on your clock)" />
          <button type="submit" className="button secondary small live-apply">
            Apply filters
          </button>
        </form>
      </PlainIsland>

      <section className="live-list" aria-labelledby="list-heading">
        <h2 id="list-heading">Venues</h2>
        {places !== null && shown.length === 0 ? <p>{emptyText(filters)}</p> : <VenueList places={shown} />}
      </section>
    </main>
  );
}
