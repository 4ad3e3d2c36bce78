// The live map's Leaflet map as the /live-look page sees it: its props and handle. The page loads
// the map through venueMapImport.ts, in the browser only (docs/server-rendering.md#the-live-map-as-islands).
// The map imports nothing of the page's code at run time (what it shows comes in its props), so no
// module the page shares with the map is split out of the files the page loads first.
import type { ReactNode, Ref } from "react";
import type { LivePlace, MapConfigAnswer } from "../../common/schemas/answers";

/** The city's centre: where the map starts, and where /app looks from without a position or home area. */
export const CITY_CENTRE = { lat: 40.72, lng: -74 } as const;

export type MappedPlace = LivePlace & { latitude: number; longitude: number };

/** What the map says of a venue, now: its marker's look, its state and its summary's lines. */
export interface PlaceOnMap {
  /** The level's class (or closed), for the marker and the summary's level line. */
  className: string;
  /** The marker's symbol. */
  symbol: string;
  /** "Packed", or "Closed · opens 4 PM" for a venue closed by its hours. */
  state: string;
  /** The summary's level line: "Level: Packed", or "Closed · opens 4 PM". */
  levelLine: string;
  /** People inside, against usual, a silent sensor: what is known. */
  notes: string[];
}

export interface VenueMapHandle {
  /** Centres the map on a venue and opens its popup. */
  showPlace(placeId: number): void;
  /** Fits the view to every venue on the map. */
  showAll(): void;
}

/** What the map draws and whom it tells (client/map/venueMapCore.ts); the page reads, the map draws. */
export interface VenueMapOptions {
  /** The venues to mark: those with a position. */
  places: MappedPlace[];
  /** What to say of a venue, asked when its marker is drawn or refreshed and when its popup opens. */
  describe: (place: LivePlace) => PlaceOnMap;
  /** Null until loaded, or when it could not be loaded: the map then works without a basemap. */
  tiles: MapConfigAnswer | null;
  onOpenPlace: (place: LivePlace) => void;
  /**
   * Today's "Usually busiest 9–11 PM" for a venue whose popup opens (null when there is none). The
   * page reads it: the map draws and never fetches (docs/code-layout.md).
   */
  busiestToday: (placeId: number) => Promise<string | null>;
  /** A venue's popup opened (with the element under its summary the page may fill), or closed (null). */
  onPopup?: (open: { place: MappedPlace; slot: HTMLElement } | null) => void;
  /** The basemap's first tiles are drawn (the page's picture of the map can go). */
  onTilesLoaded?: () => void;
}

/** The drawn map: new options, the handle's moves, and removing it. */
export interface VenueMapDrawing extends VenueMapHandle {
  update(options: VenueMapOptions): void;
  remove(): void;
}

/** The app's React map (client/map/VenueMap.tsx) over the same drawing. */
export interface VenueMapProps extends Omit<VenueMapOptions, "onPopup"> {
  /** What the page puts in an open popup under the venue's summary (the save button). */
  popupAction?: (place: LivePlace) => ReactNode;
  ref?: Ref<VenueMapHandle>;
}
