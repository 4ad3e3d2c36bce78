// The /live-look page's one import of its Leaflet map (docs/server-rendering.md#the-live-maps-map).
// Leaflet touches the window when it loads and the worker renders the page, so the import is for
// the browser only: `import.meta.env.SSR` is true in the worker's build, which drops it, and Leaflet
// is not in the worker's bundle. The layer rules (.dependency-cruiser.cjs) leave this module out
// for that reason, and only it.

/** The map's module, for React.lazy; null in the worker. */
export const loadVenueMap = import.meta.env.SSR ? null : () => import("../map/VenueMap");
