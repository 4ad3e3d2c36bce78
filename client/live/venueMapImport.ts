// The one import of the Leaflet map for pages the worker renders (docs/server-rendering.md#the-live-map-as-islands).
// Leaflet touches the window when it loads and the worker renders the page, so the import is for
// the browser only: `import.meta.env.SSR` is true in the worker's build, which drops it, and Leaflet
// is not in the worker's bundle. The layer rules (.dependency-cruiser.cjs) leave this module out
// for that reason, and only it.

/** The app's React map (Near me), for React.lazy; null in the worker. */
export const loadVenueMap = import.meta.env.SSR ? null : () => import("../map/VenueMap");

/** The live page's map island (a plain island, client/islands/registry.ts); null in the worker. */
export const loadLiveMapIsland = import.meta.env.SSR ? null : () => import("./liveMapIsland");
