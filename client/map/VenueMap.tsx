// The live map's Leaflet layer. Loaded lazily by the browser's entry for the /live-look page
// (client/live/venueMap.ts), once the page has hydrated, so Leaflet and its CSS load with that page
// only, after its first view, and never in the worker.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { LivePlace } from "../../common/schemas/answers";
import { CITY_CENTRE, type MappedPlace, type PlaceOnMap, type VenueMapProps } from "../live/venueMap";
import "./venue-map.css";

/** As the original client's, the map opens centred about 40.72, -74 at zoom 10. */
export const MAP_CENTER: L.LatLngTuple = [CITY_CENTRE.lat, CITY_CENTRE.lng];
export const MAP_ZOOM = 10;
/** Zoom used when a venue is shown from the list: close enough to tell neighbouring bars apart. */
const VENUE_ZOOM = 17;

/**
 * Name, address and level as DOM nodes (venue names are data, never HTML). With `openProfile`, a
 * "View profile" link follows; a plain click stays in the single-page app.
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

function markerIcon(look: PlaceOnMap): L.DivIcon {
  return L.divIcon({
    className: `venue-marker ${look.className}`,
    html: `<span aria-hidden="true">${look.symbol}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    tooltipAnchor: [14, 0],
    popupAnchor: [0, -14],
  });
}

/** Zooms the map to show every marker, with room around the edge ones. */
function fitToMarkers(map: L.Map, entries: Iterable<{ marker: L.Marker }>, animate = true) {
  const positions = [...entries].map((entry) => entry.marker.getLatLng());
  map.fitBounds(L.latLngBounds(positions), { padding: [40, 40], maxZoom: 16, animate });
}

/** Leaflet marks a keyboard-usable marker role="button"; this gives it a spoken name. */
function labelMarker(marker: L.Marker, place: LivePlace, look: PlaceOnMap) {
  marker.getElement()?.setAttribute("aria-label", `${place.name}, ${look.state}. Open profile`);
}

export default function VenueMap({ places, describe, tiles, onOpenPlace, busiestToday, popupAction, ref }: VenueMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef(new Map<number, { marker: L.Marker; place: MappedPlace; look: PlaceOnMap }>());
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const onOpenRef = useRef(onOpenPlace);
  onOpenRef.current = onOpenPlace;
  const busiestRef = useRef(busiestToday);
  busiestRef.current = busiestToday;
  // The open popup's venue and the element React renders the page's popup action into.
  const [popup, setPopup] = useState<{ placeId: number; slot: HTMLElement } | null>(null);

  useEffect(() => {
    const map = L.map(containerRef.current!, { center: MAP_CENTER, zoom: MAP_ZOOM, keyboard: true });
    mapRef.current = map;
    map.on("popupclose", () => setPopup(null));
    const markers = markersRef.current;
    return () => {
      map.remove();
      mapRef.current = null;
      markers.clear();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tile_url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    return () => void layer.remove();
  }, [tiles]);

  // The first venues drawn fit the map (issue 36: zoomed out on the city, 17 markers were one blob);
  // later refreshes leave the visitor's view alone.
  const fittedRef = useRef(false);

  // Markers are updated in place on every refresh, so a focused marker keeps its focus.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const markers = markersRef.current;
    const shownIds = new Set(places.map((place) => place.id));
    for (const [id, entry] of markers) {
      if (!shownIds.has(id)) {
        entry.marker.remove();
        markers.delete(id);
      }
    }
    for (const place of places) {
      const look = describeRef.current(place);
      const existing = markers.get(place.id);
      if (existing) {
        if (existing.look.className !== look.className || existing.look.symbol !== look.symbol) existing.marker.setIcon(markerIcon(look));
        existing.marker.setLatLng([place.latitude, place.longitude]);
        labelMarker(existing.marker, place, look);
        existing.marker.setTooltipContent(summary(place, look));
        Object.assign(existing, { place, look });
        continue;
      }
      const marker = L.marker([place.latitude, place.longitude], { icon: markerIcon(look), keyboard: true, riseOnHover: true })
        .bindTooltip(summary(place, look), { direction: "right" })
        .on("click", () => onOpenRef.current(markers.get(place.id)!.place))
        .on("keypress", (event) => {
          if ((event as L.LeafletKeyboardEvent).originalEvent.key === "Enter") onOpenRef.current(markers.get(place.id)!.place);
        })
        .addTo(map);
      labelMarker(marker, place, look);
      markers.set(place.id, { marker, place, look });
    }
    if (!fittedRef.current && markers.size > 0) {
      fittedRef.current = true;
      // Where the map opens, without an animation: a zoom still running when the page is left
      // threw in Leaflet once the map was removed (`_leaflet_pos` of a gone pane).
      fitToMarkers(map, markers.values(), false);
    }
  }, [places]);

  // One handle for the map's lifetime (its methods read refs): the page learns the map is drawn when it arrives.
  useImperativeHandle(ref, () => ({
    showPlace(placeId) {
      const map = mapRef.current;
      const entry = markersRef.current.get(placeId);
      if (!map || !entry) return;
      const position = entry.marker.getLatLng();
      map.setView(position, Math.max(map.getZoom(), VENUE_ZOOM));
      const content = summary(entry.place, describeRef.current(entry.place), (place) => onOpenRef.current(place));
      const slot = document.createElement("div");
      slot.className = "venue-popup-action";
      content.append(slot);
      L.popup({ offset: [0, -10] }).setLatLng(position).setContent(content).openOn(map);
      setPopup({ placeId, slot });
      void addBusiest(content, busiestRef.current(placeId));
      // Keyboard users land on the popup's link rather than back in the list.
      content.querySelector("a")?.focus({ preventScroll: true });
    },
    showAll() {
      const map = mapRef.current;
      if (map && markersRef.current.size > 0) fitToMarkers(map, markersRef.current.values());
    },
  }), []);

  const popupPlace = popup ? markersRef.current.get(popup.placeId)?.place : undefined;
  return (
    <>
      <div ref={containerRef} className="venue-map" role="region" aria-label="Map of venues and their live levels" />
      {popup && popupPlace && popupAction ? createPortal(popupAction(popupPlace), popup.slot) : null}
    </>
  );
}
