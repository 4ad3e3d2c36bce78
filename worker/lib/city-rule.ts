// Which city a place belongs to (docs/cities.md#which-city), pure: the admin's pick when given,
// else the nearest city within 50 km of its position, else (no position) the default city on
// create and its own city on an update.
import { distanceM } from "../occupancy/place-now";

/** A position further than this from every city's centre belongs to none: the admin picks. */
export const CITY_RADIUS_M = 50_000;

export interface CityPoint {
  id: number;
  slug: string;
  latitude: number;
  longitude: number;
}

/** The nearest city within CITY_RADIUS_M of a position; undefined when none is that close. */
export function nearestCity<C extends CityPoint>(cities: readonly C[], position: { latitude: number; longitude: number }): C | undefined {
  let best: { city: C; distance: number } | undefined;
  for (const city of cities) {
    const distance = distanceM({ lat: position.latitude, lng: position.longitude }, { lat: city.latitude, lng: city.longitude });
    if (distance <= CITY_RADIUS_M && (!best || distance < best.distance)) best = { city, distance };
  }
  return best?.city;
}

export type CityChoice<C> = { city: C } | { problem: string };

/**
 * A place's city as it is written: `picked` (a slug the admin chose), else by `position` when one is
 * sent, else `current` (its city so far, or the default city for a new place).
 */
export function cityForPlace<C extends CityPoint>(
  cities: readonly C[],
  input: { picked?: string; position: { latitude: number; longitude: number } | null; current: C | undefined },
): CityChoice<C> {
  if (input.picked !== undefined) {
    const city = cities.find((candidate) => candidate.slug === input.picked);
    return city ? { city } : { problem: `No city "${input.picked}". Choose one of: ${cities.map((candidate) => candidate.slug).join(", ")}.` };
  }
  if (input.position) {
    const city = nearestCity(cities, input.position);
    return city ? { city } : { problem: `No city we serve is within ${CITY_RADIUS_M / 1000} km of this position: choose the city.` };
  }
  return input.current ? { city: input.current } : { problem: "Give the place a position or choose its city." };
}

/**
 * The city a visitor's map opens on (docs/cities.md#the-visitors-city): the nearest city to their
 * position however far (a visitor in Munich sees Berlin), else (no position: locally, or a request
 * Cloudflare could not place) the default city, else the first.
 */
export function visitorCity<C extends CityPoint>(cities: readonly C[], position: { latitude: number; longitude: number }, defaultSlug: string): C {
  const fallback = cities.find((city) => city.slug === defaultSlug) ?? cities[0];
  if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return fallback;
  let best = fallback;
  let bestDistance = Infinity;
  for (const city of cities) {
    const distance = distanceM({ lat: position.latitude, lng: position.longitude }, { lat: city.latitude, lng: city.longitude });
    if (distance < bestDistance) [best, bestDistance] = [city, distance];
  }
  return best;
}
