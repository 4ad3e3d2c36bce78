// The live map's first view as a picture in the server's HTML (docs/server-rendering.md#the-live-map-as-islands):
// the view Leaflet's fitBounds gives a phone's map box, and the basemap tiles that cover it, in
// Web Mercator (EPSG:3857, 256 px tiles) as Leaflet computes them. Pure, so the worker and a test
// can run it; the map island then draws Leaflet over the picture.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapView extends LatLng {
  zoom: number;
}

/** A tile of the view, placed by its top-left corner relative to the box's centre (px). */
export interface PlacedTile {
  url: string;
  left: number;
  top: number;
}

/**
 * How the live map fits its venues (Leaflet's fitBounds options in client/map/venueMapCore.ts), which
 * the server's picture of its first view must match (client/pages/live/MapPreview.tsx).
 */
export const VENUE_FIT = { padding: 40, maxZoom: 16 } as const;

const TILE = 256;
const MAX_LATITUDE = 85.0511287798;

/** A position in world pixels at `zoom` (Leaflet's `CRS.EPSG3857.latLngToPoint`). */
export function project({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(Math.min(lat, MAX_LATITUDE), -MAX_LATITUDE) * Math.PI) / 180);
  return { x: scale * (0.5 + lng / 360), y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
}

function unproject({ x, y }: { x: number; y: number }, zoom: number): LatLng {
  const scale = TILE * 2 ** zoom;
  const lng = (x / scale - 0.5) * 360;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / scale))) * 180) / Math.PI;
  return { lat, lng };
}

/**
 * What `map.fitBounds(bounds, { padding: [padding, padding], maxZoom })` shows in a box of this size
 * (Leaflet 1.9, zoom snapped to whole levels): the largest whole zoom at which the points, with the
 * padding on every side, fit; centred on their bounds. Null without points.
 */
export function fitView(points: readonly LatLng[], box: { width: number; height: number }, padding: number, maxZoom: number): MapView | null {
  if (points.length === 0) return null;
  const south = Math.min(...points.map((point) => point.lat));
  const north = Math.max(...points.map((point) => point.lat));
  const west = Math.min(...points.map((point) => point.lng));
  const east = Math.max(...points.map((point) => point.lng));
  // Leaflet measures the bounds at zoom 0 and scales: size / boundsSize, then log2, floored.
  const nw = project({ lat: north, lng: west }, 0);
  const se = project({ lat: south, lng: east }, 0);
  const scale = Math.min((box.width - 2 * padding) / Math.max(se.x - nw.x, 1e-9), (box.height - 2 * padding) / Math.max(se.y - nw.y, 1e-9));
  // Within 1 % of a whole level counts as it (Leaflet's snap), then down to the level that fits.
  const zoom = Math.min(maxZoom, Math.floor(Math.round(Math.log2(scale) * 100) / 100));
  const a = project({ lat: south, lng: west }, zoom);
  const b = project({ lat: north, lng: east }, zoom);
  return { ...unproject({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, zoom), zoom };
}

/** The tiles covering a box of this size centred on the view, from an XYZ template (`{s}`, `{z}`, `{x}`, `{y}`, `{r}`). */
export function tilesCovering(view: MapView, box: { width: number; height: number }, template: string, retina = "@2x"): PlacedTile[] {
  // Leaflet rounds the view's top-left corner to a whole pixel.
  const centre = project(view, view.zoom);
  const left = Math.round(centre.x - box.width / 2);
  const top = Math.round(centre.y - box.height / 2);
  const tiles: PlacedTile[] = [];
  const last = 2 ** view.zoom - 1;
  for (let y = Math.floor(top / TILE); y <= Math.floor((top + box.height - 1) / TILE); y++) {
    if (y < 0 || y > last) continue;
    for (let x = Math.floor(left / TILE); x <= Math.floor((left + box.width - 1) / TILE); x++) {
      const wrapped = ((x % (last + 1)) + last + 1) % (last + 1);
      const url = template
        // Leaflet's default subdomains, chosen as it chooses them.
        .replace("{s}", "abc"[Math.abs(x + y) % 3])
        .replace("{z}", String(view.zoom))
        .replace("{x}", String(wrapped))
        .replace("{y}", String(y))
        .replace("{r}", retina);
      tiles.push({ url, left: x * TILE - left - box.width / 2, top: y * TILE - top - box.height / 2 });
    }
  }
  return tiles;
}
