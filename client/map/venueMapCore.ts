// The live map's Leaflet drawing, without React (docs/server-rendering.md#the-live-map-as-islands): the
// /live-look page's map island (client/live/liveMapIsland.ts) draws with it on a page of islands,
// where React DOM would be 64 KB more before the first touch, and the app's <VenueMap> (VenueMap.tsx)
// wraps it. It draws what it is given and never fetches (docs/code-layout.md#layer-rules).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { VENUE_FIT } from "../../common/map-view";
import type { LivePlace, MapConfigAnswer } from "../../common/schemas/answers";
import { CITY_CENTRE, type MappedPlace, type PlaceOnMap, type VenueMapDrawing, type VenueMapOptions } from "../live/venueMap";
import { declutter, type Offset } from "./declutter";
import "./venue-map.css";

/** As the original client's, the map opens centred about 40.72, -74 at zoom 10. */
const MAP_CENTER: L.LatLngTuple = [CITY_CENTRE.lat, CITY_CENTRE.lng];
const MAP_ZOOM = 10;
/** Zoom used when a venue is shown from the list: close enough to tell neighbouring bars apart. */
const VENUE_ZOOM = 17;

/**
 * Name, address and level as DOM nodes (venue names are data, never HTML). With `openProfile`, a
 * "View profile" link follows; a plain click is the page's to handle.
 */
function summary(place: LivePlace, look: PlaceOnMap, openProfile?: (place: LivePlace) => void): HTMLElement {
  const box = document.createElement("div");
  box.className = "venue-summary";
  const line = (tag: "strong" | "span", text: string, className = "") => {
    const element = document.createElement(tag);
    element.className = className;
    element.textContent = text;
    return element;
  };
  box.append(line("strong", place.name), line("span", place.address));
  box.append(line("span", look.levelLine, `venue-summary-level ${look.className}`));
  for (const text of look.notes) box.append(line("span", text));
  if (openProfile) {
    const link = document.createElement("a");
    link.href = `/profile/${encodeURIComponent(place.slug)}`;
    link.textContent = "View profile";
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openProfile(place);
    });
    box.append(link);
  }
  return box;
}

/** Today's "Usually busiest 9–11 PM", added to an open popup once it arrives. */
async function addBusiest(box: HTMLElement, busiest: Promise<string | null>) {
  try {
    const text = await busiest;
    if (!text) return;
    const line = document.createElement("span");
    line.textContent = text;
    box.insertBefore(line, box.querySelector("a"));
  } catch (error) {
    // The popup is complete without it.
    console.error(error);
  }
}

/** A marker's box, in px: a 28 px target, 44 px with the space that keeps its neighbours apart. */
const MARKER_SIZE = 28;
const HALF = MARKER_SIZE / 2;
const NO_OFFSET: Offset = { dx: 0, dy: 0 };

/** The marker's icon, drawn `offset` px from its place when markers would overlap there (client/map/declutter.ts). */
function markerIcon(look: PlaceOnMap, offset: Offset = NO_OFFSET): L.DivIcon {
  return L.divIcon({
    className: `venue-marker ${look.className}`,
    html: `<span aria-hidden="true">${look.symbol}</span>`,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [HALF - offset.dx, HALF - offset.dy],
    tooltipAnchor: [HALF + offset.dx, offset.dy],
    popupAnchor: [offset.dx, offset.dy - HALF],
  });
}

/** Zooms the map to show every marker, with room around the edge ones. */
function fitToMarkers(map: L.Map, entries: Iterable<{ marker: L.Marker }>, animate = true) {
  const positions = [...entries].map((entry) => entry.marker.getLatLng());
  map.fitBounds(L.latLngBounds(positions), { padding: [VENUE_FIT.padding, VENUE_FIT.padding], maxZoom: VENUE_FIT.maxZoom, animate });
}

/** Leaflet marks a keyboard-usable marker role="button"; this gives it a spoken name. */
function labelMarker(marker: L.Marker, place: LivePlace, look: PlaceOnMap) {
  marker.getElement()?.setAttribute("aria-label", `${place.name}, ${look.state}. Open profile`);
}

/** Draws the map in `container` (its box: `.venue-map`, sized by the page's CSS). */
export function drawVenueMap(container: HTMLElement, options: VenueMapOptions): VenueMapDrawing {
  let current = options;
  const map = L.map(container, { center: MAP_CENTER, zoom: MAP_ZOOM, keyboard: true });
  const markers = new Map<number, { marker: L.Marker; place: MappedPlace; look: PlaceOnMap; offset: Offset }>();
  let tileLayer: L.TileLayer | null = null;
  let tilesShown: MapConfigAnswer | null = null;
  // The first venues drawn fit the map (issue 36: zoomed out on the city, 17 markers were one blob);
  // later refreshes leave the visitor's view alone.
  let fitted = false;
  map.on("popupclose", () => current.onPopup?.(null));

  const setTiles = (tiles: MapConfigAnswer | null) => {
    if (tiles === tilesShown) return;
    tilesShown = tiles;
    tileLayer?.remove();
    tileLayer = tiles ? L.tileLayer(tiles.tile_url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map) : null;
    tileLayer?.once("load", () => current.onTilesLoaded?.());
  };

  const open = (id: number) => current.onOpenPlace(markers.get(id)!.place);

  // Markers that would overlap at this zoom are spread apart, each still its own target (issue 38);
  // an icon changes only when its offset does, so a focused marker keeps its focus.
  const spreadMarkers = () => {
    const points = [...markers].map(([id, entry]) => {
      const { x, y } = map.latLngToLayerPoint(entry.marker.getLatLng());
      return { id, x, y };
    });
    const offsets = declutter(points, MARKER_SIZE);
    for (const [id, entry] of markers) {
      const exact = offsets.get(id) ?? NO_OFFSET;
      const offset = { dx: Math.round(exact.dx), dy: Math.round(exact.dy) };
      if (offset.dx === entry.offset.dx && offset.dy === entry.offset.dy) continue;
      entry.offset = offset;
      entry.marker.setIcon(markerIcon(entry.look, offset));
    }
  };
  map.on("zoomend", spreadMarkers);

  // Markers are updated in place on every refresh, so a focused marker keeps its focus.
  const setPlaces = (places: MappedPlace[]) => {
    const shownIds = new Set(places.map((place) => place.id));
    for (const [id, entry] of markers) {
      if (!shownIds.has(id)) {
        entry.marker.remove();
        markers.delete(id);
      }
    }
    for (const place of places) {
      const look = current.describe(place);
      const existing = markers.get(place.id);
      if (existing) {
        if (existing.look.className !== look.className || existing.look.symbol !== look.symbol) existing.marker.setIcon(markerIcon(look, existing.offset));
        existing.marker.setLatLng([place.latitude, place.longitude]);
        labelMarker(existing.marker, place, look);
        existing.marker.setTooltipContent(summary(place, look));
        Object.assign(existing, { place, look });
        continue;
      }
      const marker = L.marker([place.latitude, place.longitude], { icon: markerIcon(look), keyboard: true, riseOnHover: true })
        .bindTooltip(summary(place, look), { direction: "right" })
        .on("click", () => open(place.id))
        .on("keypress", (event) => {
          if ((event as L.LeafletKeyboardEvent).originalEvent.key === "Enter") open(place.id);
        })
        .addTo(map);
      labelMarker(marker, place, look);
      markers.set(place.id, { marker, place, look, offset: NO_OFFSET });
    }
    if (!fitted && markers.size > 0) {
      fitted = true;
      // Where the map opens, without an animation: a zoom still running when the page is left
      // threw in Leaflet once the map was removed (`_leaflet_pos` of a gone pane).
      fitToMarkers(map, markers.values(), false);
    }
    spreadMarkers();
  };

  const update = (next: VenueMapOptions) => {
    current = next;
    setTiles(next.tiles);
    setPlaces(next.places);
  };
  update(options);

  return {
    update,
    showPlace(placeId) {
      const entry = markers.get(placeId);
      if (!entry) return;
      const position = entry.marker.getLatLng();
      map.setView(position, Math.max(map.getZoom(), VENUE_ZOOM));
      const content = summary(entry.place, current.describe(entry.place), (place) => current.onOpenPlace(place));
      const slot = document.createElement("div");
      slot.className = "venue-popup-action";
      content.append(slot);
      L.popup({ offset: [0, -10] }).setLatLng(position).setContent(content).openOn(map);
      current.onPopup?.({ place: entry.place, slot });
      void addBusiest(content, current.busiestToday(placeId));
      // Keyboard users land on the popup's link rather than back in the list.
      content.querySelector("a")?.focus({ preventScroll: true });
    },
    showAll() {
      if (markers.size > 0) fitToMarkers(map, markers.values());
    },
    remove() {
      map.remove();
      markers.clear();
    },
  };
}
