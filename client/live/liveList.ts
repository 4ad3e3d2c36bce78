// The live map's filters and order, kept in the address (?open_now=1&special_now=1&offer_now=1&level=Lively
// &sort=quietest&quiet_at=21) so a filtered map can be shared. Applied to the one /api/live answer in
// the browser, except "Quiet at", which asks the forecast (quietAt.ts).
import type { LivePlace } from "../../common/schemas/answers";
import { LEVELS, type Level } from "../../common/vocabulary";
import type { LevelFilter } from "./levels";
import { QUIET_AT_PARAM, readQuietAt } from "./quietAt";

export const LIVE_SORTS = { name: "Name", quietest: "Quietest now", busiest: "Busiest now" } as const;
export type LiveSort = keyof typeof LIVE_SORTS;

export interface LiveFilters {
  /** Only venues open now by their hours (venues without hours are left out too). */
  openNow: boolean;
  /** Only venues with a special on now (docs/menus-and-specials.md#live-map). */
  specialNow: boolean;
  /** Only venues with an offer on now (docs/offers.md#on-the-map). */
  offerNow: boolean;
  /** The live level; a closed venue has none (closed wins), so no level keeps it, as GET /api/live?level= does. */
  level: LevelFilter;
  sort: LiveSort;
  /** "Quiet at 9 PM": the local hour (0–23) whose forecast keeps Relaxed venues, or null (quietAt.ts). */
  quietAt: number | null;
}

const DEFAULT_FILTERS: LiveFilters = { openNow: false, specialNow: false, offerNow: false, level: "all", sort: "name", quietAt: null };

/** Filters from the address; anything unknown is the default. */
export function readLiveFilters(params: URLSearchParams): LiveFilters {
  const level = params.get("level");
  const sort = params.get("sort");
  return {
    openNow: params.get("open_now") === "1",
    specialNow: params.get("special_now") === "1",
    offerNow: params.get("offer_now") === "1",
    level: LEVELS.includes(level as Level) ? (level as Level) : DEFAULT_FILTERS.level,
    sort: sort !== null && sort in LIVE_SORTS ? (sort as LiveSort) : DEFAULT_FILTERS.sort,
    quietAt: readQuietAt(params),
  };
}

/** The address's query for filters, defaults left out. */
export function liveFilterParams(filters: LiveFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.openNow !== DEFAULT_FILTERS.openNow) params.set("open_now", "1");
  if (filters.specialNow !== DEFAULT_FILTERS.specialNow) params.set("special_now", "1");
  if (filters.offerNow !== DEFAULT_FILTERS.offerNow) params.set("offer_now", "1");
  if (filters.level !== DEFAULT_FILTERS.level) params.set("level", filters.level);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set("sort", filters.sort);
  if (filters.quietAt !== null) params.set(QUIET_AT_PARAM, String(filters.quietAt));
  return params;
}

/**
 * Open venues with a live level first (in the sort's direction: by percent, or by level where a
 * venue hides its counts and has no percent), then silent ones, then closed ones; names break ties.
 */
function rank(place: LivePlace): number {
  if (place.open_now === false) return 2;
  return place.level === null ? 1 : 0;
}

function busyness(a: LivePlace, b: LivePlace): number {
  if (a.percent !== null && b.percent !== null) return a.percent - b.percent;
  return LEVELS.indexOf(a.level!) - LEVELS.indexOf(b.level!);
}

export function applyLiveFilters<T extends LivePlace>(places: readonly T[], filters: Omit<LiveFilters, "quietAt">): T[] {
  const kept = places.filter(
    (place) =>
      (!filters.openNow || place.open_now === true) &&
      (!filters.specialNow || place.special_now) &&
      (!filters.offerNow || place.offer_now === true) &&
      (filters.level === "all" || place.level === filters.level),
  );
  const direction = filters.sort === "busiest" ? -1 : 1;
  return kept.sort((a, b) => {
    if (filters.sort !== "name") {
      const byRank = rank(a) - rank(b);
      if (byRank !== 0) return byRank;
      if (rank(a) === 0 && busyness(a, b) !== 0) return direction * busyness(a, b);
    }
    // In English whatever the browser's language, so the worker and the browser list in one order.
    return a.name.localeCompare(b.name, "en-US");
  });
}
