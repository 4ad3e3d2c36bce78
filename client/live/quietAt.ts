// The live map's "Quiet at 9 PM" filter (docs/app.md#quiet-at): the venues the forecast has
// Relaxed at an hour the visitor picks, read from GET /api/places/suggestions. The hour is kept in
// the address (?quiet_at=21) like the other filters, and means the next time the visitor's own
// clock reads it.
import type { SuggestionsAnswer } from "../../common/schemas/saved";

export const DEFAULT_QUIET_HOUR = 21;
/**
 * The widest radius the API takes (MAX_RADIUS_M of common/schemas/saved.ts, whose schemas the map's
 * bundle does not load for two numbers; the client test checks they match).
 */
export const QUIET_RADIUS_M = 20_000;
/** The most places one answer holds (MAX_SUGGESTIONS of saved.ts, checked alike): Relaxed ones rank first. */
export const QUIET_LIMIT = 50;
export const QUIET_AT_PARAM = "quiet_at";

/** The live page's form sends the picked hour here beside the box's ?quiet_at=, whose value is the hour the page showed. */
const QUIET_HOUR_PARAM = "quiet_hour";

const hourOf = (text: string | null) => (text !== null && /^\d{1,2}$/.test(text) && Number(text) < 24 ? Number(text) : null);

/** The hour of ?quiet_at= (0–23; ?quiet_hour= when the form sent one), or null when the filter is off. */
export function readQuietAt(params: URLSearchParams): number | null {
  const on = hourOf(params.get(QUIET_AT_PARAM));
  return on === null ? null : (hourOf(params.get(QUIET_HOUR_PARAM)) ?? on);
}

/**
 * The suggestions' `at` for `hour`: the start of that hour on the local clock, today while it is
 * that hour or still ahead, else tomorrow. Always an hour's start, so every render (and every
 * visitor) asks the same cached question.
 */
export function quietAtTime(hour: number, now: Date): Date {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (now.getHours() === hour) return at;
  if (at.getTime() <= now.getTime()) {
    // Past today: the same hour tomorrow (by the calendar, so a DST change keeps the hour).
    at.setDate(at.getDate() + 1);
    at.setHours(hour, 0, 0, 0);
  }
  return at;
}

/**
 * Where the map asks from: the middle of the venues with a position, with the widest radius the
 * API allows (20 km covers a city's venues); null without any positioned venue.
 */
export function quietQueryArea(places: readonly { latitude: number | null; longitude: number | null }[]) {
  const positioned = places.filter((place) => place.latitude !== null && place.longitude !== null);
  if (positioned.length === 0) return null;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    lat: mean(positioned.map((place) => place.latitude!)),
    lng: mean(positioned.map((place) => place.longitude!)),
    radius_m: QUIET_RADIUS_M,
  };
}

/** The ids of the venues forecast Relaxed in the answer. */
export function quietIds(answer: SuggestionsAnswer): Set<number> {
  return new Set(answer.places.filter((place) => place.level === "Relaxed").map((place) => place.id));
}
