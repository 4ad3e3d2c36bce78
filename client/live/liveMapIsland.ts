// The /live-look page's map (docs/server-rendering.md#the-live-map-as-islands): a plain island,
// no React. The worker rendered the page with the list filtered by the address; this draws the
// same venues on Leaflet from the page's data island, hydrating when the map nears the screen,
// enables the list's "Show on map" and "Zoom to the venues", applies "Quiet at" (the visitor's
// clock), and refreshes the markers every 30 s. A popup's Save is the React island `save`,
// rendered when a popup opens. Loaded only through venueMapImport.ts (never in the worker).
import type { LiveAnswer, LivePlace, MapConfigAnswer } from "../../common/schemas/answers";
import { publicApi } from "../api/endpoints";
import { renderedPageData } from "../api/pageData";
import type { IslandRuntime } from "../islands/plain";
import { drawVenueMap } from "../map/venueMapCore";
import { applyLiveFilters, readLiveFilters } from "./liveList";
import { liveMapReads } from "./liveMapReads";
import { describeOnMap, hasPosition } from "./mapPlaces";
import { quietAtIds, showQuietRows } from "./quietRows";
import { LIVE_REFRESH_MS } from "./useLivePlaces";
import type { VenueMapOptions } from "./venueMap";
import { busiestText, venueWeekday } from "./whenToGo";

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

/** An answer the worker rendered the page with, else read now. */
async function rendered<T>(read: { key: string; load: () => Promise<T> }): Promise<T | null> {
  const answer = renderedPageData()?.answers.get(read.key);
  if (answer) return answer.data as T;
  return read.load().catch(() => null);
}

export function mountLiveMap(marker: HTMLElement, islands: IslandRuntime): () => void {
  // The page's city (docs/cities.md): its live answer is the one the worker rendered the list from.
  // Times in the page's locale (docs/languages.md), as the worker rendered the list.
  const { city, locale } = JSON.parse(marker.dataset.props ?? "{}") as { city?: string | null; locale: string };
  // The page lists these reads' keys on the marker (`reads`), so the worker ships their answers.
  const reads = liveMapReads(city ?? null);
  const box = marker.querySelector<HTMLElement>(".venue-map")!;
  box.classList.remove("venue-map-pending");
  // The server's picture of the map stays under Leaflet until Leaflet's own tiles are in.
  const preview = box.querySelector("[data-map-preview]");
  box.replaceChildren(...(preview ? [preview] : []));
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "Map of venues and their live levels");
  const filters = readLiveFilters(new URLSearchParams(location.search));
  let quiet: Set<number> | null = null;
  const shown = (places: readonly LivePlace[]) =>
    applyLiveFilters(places, filters).filter(hasPosition).filter((place) => quiet === null || quiet.has(place.id));

  let unmountPopup: Promise<() => void> | null = null;
  const options: VenueMapOptions = {
    places: [],
    tiles: null,
    describe: (place) => describeOnMap(place, Date.now(), locale),
    onOpenPlace: (place) => location.assign(`/profile/${encodeURIComponent(place.slug)}`),
    busiestToday: (placeId) => busiestToday(placeId, locale),
    onTilesLoaded: () => preview?.remove(),
    onPopup(open) {
      void unmountPopup?.then((unmount) => unmount());
      unmountPopup = open ? islands.render(open.slot, "save", { place: { id: open.place.id, name: open.place.name } }) : null;
    },
  };
  const drawing = drawVenueMap(box, options);

  const zoom = marker.querySelector<HTMLButtonElement>("[data-map-zoom]");
  const showAll = () => drawing.showAll();
  zoom?.addEventListener("click", showAll);
  const rowButtons = [...document.querySelectorAll<HTMLButtonElement>("button[data-show-on-map]")];
  const showOnMap = (event: Event) => {
    box.closest(".live-map-section")?.scrollIntoView({ block: "start" });
    drawing.showPlace(Number((event.currentTarget as HTMLButtonElement).dataset.showOnMap));
  };

  let places: readonly LivePlace[] = [];
  // Unmounted (the single-page app mounts it again once its list is there): an answer arriving after draws nothing.
  let removed = false;
  const draw = () => {
    if (!removed) drawing.update({ ...options, places: shown(places) });
  };
  void (async () => {
    const [live, tiles] = await Promise.all([rendered<LiveAnswer>(reads.live), rendered<MapConfigAnswer>(reads.tiles)]);
    if (removed) return;
    options.tiles = tiles;
    places = live?.places ?? [];
    if (filters.quietAt !== null) {
      // Unavailable, the map keeps what the list shows, and the status says so.
      quiet = await quietAtIds(places, filters.quietAt, new Date());
      if (removed) return;
      const status = document.querySelector("[data-live-status]");
      const list = document.querySelector(".venue-list");
      if (status && list) showQuietRows(list, status, quiet, applyLiveFilters(places, filters).length, places.length, filters.quietAt, locale);
    }
    draw();
    // The map is drawn: its buttons work (disabled in the server's HTML, and with JavaScript off).
    if (zoom) zoom.disabled = false;
    for (const button of rowButtons) {
      button.disabled = false;
      button.addEventListener("click", showOnMap);
    }
  })();

  const refresh = setInterval(() => {
    if (document.visibilityState !== "visible") return;
    reads.live
      .load()
      .then((answer) => {
        places = answer.places;
        draw();
      })
      // The markers keep the last levels; the next refresh tries again.
      .catch(() => undefined);
  }, LIVE_REFRESH_MS);

  return () => {
    removed = true;
    clearInterval(refresh);
    zoom?.removeEventListener("click", showAll);
    for (const button of rowButtons) button.removeEventListener("click", showOnMap);
    void unmountPopup?.then((unmount) => unmount());
    drawing.remove();
  };
}
