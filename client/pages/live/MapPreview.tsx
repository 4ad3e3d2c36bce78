// The live map's first view as a picture in the server's HTML (docs/server-rendering.md#the-live-map-as-islands):
// the basemap tiles Leaflet will draw on a phone, as an SVG of images (the CSP allows no style
// attributes; an SVG image is placed by its own attributes). The visitor sees the map at once, with
// JavaScript or without, and it is the page's largest element; the map island draws Leaflet over
// it and removes it once Leaflet's own tiles are in.
import { fitView, tilesCovering, VENUE_FIT, type LatLng } from "../../../common/map-view";

/**
 * A 390 × 844 phone's map box, inside its border (live-map.css: the page's width less its padding;
 * 62 % of the screen's height).
 */
const PHONE_MAP_BOX = { width: 356, height: 521 } as const;

export function MapPreview({ places, tileUrl }: { places: readonly LatLng[]; tileUrl: string | null }) {
  const view = tileUrl ? fitView(places, PHONE_MAP_BOX, VENUE_FIT.padding, VENUE_FIT.maxZoom) : null;
  if (!view || !tileUrl) return null;
  return (
    <svg className="map-preview" width="1" height="1" overflow="visible" aria-hidden="true" focusable="false" data-map-preview="">
      {tilesCovering(view, PHONE_MAP_BOX, tileUrl).map((tile) => (
        <image key={tile.url} href={tile.url} x={tile.left} y={tile.top} width="256" height="256" />
      ))}
    </svg>
  );
}
