// The live map's Leaflet map as the /live-look page sees it: its props and handle, and the context
// that hands the page the map's component. Leaflet touches the window when it loads, so neither the
// page nor the worker's renderer may import it (docs/server-rendering.md#lazy-parts-in-the-browser-only):
// the browser's entry (main.tsx) provides the map, loaded lazily; the worker provides nothing, and
// the page shows the map's empty box in its place until the browser has hydrated and loaded it.
import { createContext, type ComponentType, type ReactNode, type Ref } from "react";
import type { LivePlace, MapConfigAnswer } from "../../common/schemas/answers";

export type MappedPlace = LivePlace & { latitude: number; longitude: number };

export function hasPosition(place: LivePlace): place is MappedPlace {
  return place.latitude !== null && place.longitude !== null;
}

export interface VenueMapHandle {
  /** Centres the map on a venue and opens its popup. */
  showPlace(placeId: number): void;
  /** Fits the view to every venue on the map. */
  showAll(): void;
}

export interface VenueMapProps {
  places: LivePlace[];
  /** Null until loaded, or when it could not be loaded: the map then works without a basemap. */
  tiles: MapConfigAnswer | null;
  onOpenPlace: (place: LivePlace) => void;
  /**
   * Today's "Usually busiest 9–11 PM" for a venue whose popup opens (null when there is none). The
   * page reads it: the map draws and never fetches (docs/code-layout.md).
   */
  busiestToday: (placeId: number) => Promise<string | null>;
  /** What the page puts in an open popup under the venue's summary (the save button). */
  popupAction?: (place: LivePlace) => ReactNode;
  ref?: Ref<VenueMapHandle>;
}

/** The map's component, lazily loaded; null in the worker and in tests that draw no map. */
export const VenueMapContext = createContext<ComponentType<VenueMapProps> | null>(null);
