// What a place is like now or at an hour ahead, for saved places and suggestions
// (docs/app.md#saved-places-and-suggestions): the live level now, or the forecast percent and level
// of the hour asked about (forecast.ts, from the kept usual means); against its usual (popular-times.ts);
// open then and the next opening (opening-hours.ts); the distance and the ranking. Pure.
import { HOUR_MS, venueDayAt } from "../../common/local-time";
import type { Level, VsUsual } from "../../common/schemas/answers";
import { forecast, forecastHours } from "./forecast";
import type { Thresholds } from "./levels";
import { levelOfPercent, livelyEdge } from "../../common/venue-hour";
import { closedAt, hasHours, isOpenAt, nextOpeningAt } from "../../common/opening-hours";
import { usualPercentAt, usualProfile, vsUsual, type History, type LiveNow, type WhenPlace } from "./popular-times";

export interface NowPlace extends WhenPlace, Thresholds {
  publicCounts: boolean;
  /** Live numbers while fresh, else null. */
  live: LiveNow | null;
}

export interface PlaceAt {
  percent: number | null;
  level: Level | null;
  vs_usual: VsUsual | null;
  open: boolean | null;
  opens_at: string | null;
}

/**
 * The place at `at` (null: now). Now: its live level and percent against the usual of this hour.
 * Ahead: the forecast of the hour `at` falls in (without one-off events) against that hour's usual.
 * Percents are withheld where the owners hide counts.
 */
export function placeAt(place: NowPlace, history: History, now: number, at: number | null): PlaceAt {
  const when = at ?? now;
  const days = usualProfile(history, place).days;
  let percent: number | null = null;
  let level: Level | null = null;
  if (at === null) {
    percent = place.live?.percent ?? null;
    level = place.live?.level ?? null;
  } else {
    const aheadDays = venueDayAt(place, at) - venueDayAt(place, now) + 1;
    const hour = forecastHours(history, place, now, [], aheadDays).find((item) => {
      const start = Date.parse(item.start);
      return start <= at && at < start + HOUR_MS;
    });
    percent = hour?.percent ?? null;
    level = percent === null ? null : levelOfPercent(percent, livelyEdge(place));
  }
  // Closed wins: no level, percent or "vs usual" for a closed hour (docs/when-to-go.md#closed-wins).
  if (closedAt(place.hours, place.timeZone, when)) {
    percent = null;
    level = null;
  }
  const opensAt = nextOpeningAt(place.hours, place.timeZone, when);
  return {
    percent: place.publicCounts ? percent : null,
    level,
    vs_usual: vsUsual(percent, usualPercentAt(days, place, when)),
    open: hasHours(place.hours) ? isOpenAt(place.hours, place.timeZone, when) : null,
    opens_at: opensAt === null ? null : new Date(opensAt).toISOString(),
  };
}

/** The forecast's best time to go (the quietest open hour of the next 12), its percent withheld where counts are hidden. */
export function bestTimeOf(place: NowPlace, history: History, now: number) {
  const best = forecast(history, place, now, []).best_time;
  return best && !place.publicCounts ? { ...best, percent: null } : best;
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres (haversine). */
export function distanceM(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box around `center` holding every point within `radiusM` (wider near the poles; the whole longitude range at them). */
export function boundingBox(center: Point, radiusM: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const cos = Math.cos(radians(Math.min(89.9, Math.abs(center.lat) + dLat)));
  const dLng = Math.min(180, dLat / cos);
  return { minLat: center.lat - dLat, maxLat: center.lat + dLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}

export interface Rankable {
  level: Level | null;
  distance_m: number;
  vs_usual: VsUsual | null;
  id: number;
}

/** Distances within this many metres rank alike. */
export const RANK_STEP_M = 100;

const VS_ORDER: Record<VsUsual, number> = { quieter: 0, usual: 1, busier: 2 };

/**
 * Suggestions in order: those at the preferred level first, then the nearest (to RANK_STEP_M: a
 * few steps more are no difference on foot), then the quieter against their usual (unknown last),
 * then the nearest exactly, then by id so the order is stable.
 */
export function rankSuggestions<T extends Rankable>(items: readonly T[], preferredLevel: Level | undefined): T[] {
  const miss = (item: T) => (preferredLevel !== undefined && item.level !== preferredLevel ? 1 : 0);
  const step = (item: T) => Math.round(item.distance_m / RANK_STEP_M);
  const vs = (item: T) => (item.vs_usual === null ? 3 : VS_ORDER[item.vs_usual]);
  return items.toSorted(
    (a, b) => miss(a) - miss(b) || step(a) - step(b) || vs(a) - vs(b) || a.distance_m - b.distance_m || a.id - b.id,
  );
}
