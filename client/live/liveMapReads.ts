// What the live map's plain island (client/live/liveMapIsland.ts) reads from the page's data
// island, in a module of its own: the page (client/pages/live/LiveMap.tsx) lists their keys in the
// marker's `reads` so the worker ships them, and the island's own module, Leaflet's, stays out of
// the worker (docs/server-rendering.md#only-what-the-islands-read).
import { publicApi } from "../api/endpoints";

/** The city's live answer, the list's, and the basemap; `city` null for every venue. */
export const liveMapReads = (city: string | null) => ({ live: publicApi.live(city ?? undefined), tiles: publicApi.mapConfig() });

/** Their keys, for `<PlainIsland reads>`. */
export const liveMapReadKeys = (city: string | null) => Object.values(liveMapReads(city)).map((read) => read.key);
