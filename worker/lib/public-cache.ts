// Public answers served through the Cache API (caches.default), keyed by a path built from the
// request's validated ids, and purged by the writes that change them (docs/when-to-go.md#caching). Only answers that are the same for every
// caller may go through here: a request with credentials never reads nor fills the cache.
import type { Context } from "hono";
import { localizedPath, PAGE_LANGUAGES } from "../../common/languages";
import { bearerToken } from "../auth/middleware";
import type { Database } from "../db/client";
import { findPlaceRow } from "../db/places";
import type { AppEnv } from "../env";

/**
 * How long a profile's public answers (the place, its events, its reviews) are kept at the edge: a
 * minute. Writes purge them, so the minute only bounds how stale a place can be after a change the
 * worker cannot see coming (a tag renamed, an event starting), while a busy profile costs D1 its
 * reads at most once a minute instead of on every view.
 */
export const PROFILE_CACHE_SECONDS = 60;

/**
 * Cache-Control for answers cached at the edge only: the browser asks again on every load (max-age=0
 * with no validator is a fresh request), so a visitor's own write shows on the next load, which a
 * purge at the edge could never promise for a copy kept in the browser.
 */
export const edgeOnly = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

/** Cache-Control for answers the browser may keep too (when to go, the live map). */
export const sharedFor = (seconds: number) => (seconds > 0 ? `public, max-age=${seconds}, s-maxage=${seconds}` : "no-cache");

/**
 * The cache key of a path on the request's host. The path is built from the route's validated ids
 * (the helpers below), never taken from the request: `/api/places/%35/live-looks` names place 5 as
 * `/api/places/5/live-looks` does, and must be the one entry a purge deletes. No query string
 * either, so nobody can bust the cache at will.
 */
export function cacheKey(requestUrl: string, path: string): Request {
  return new Request(new URL(path, requestUrl).toString());
}

/** A place as its public paths name it: the id's own spelling, or the slug. */
const placeName = (key: number | string) => (typeof key === "number" ? String(key) : encodeURIComponent(key));

/** GET /api/place/{id or slug} */
export const placePath = (key: number | string) => `/api/place/${placeName(key)}`;
/** GET /api/places/{id or slug}/popular-times */
export const popularTimesPath = (key: number | string) => `/api/places/${placeName(key)}/popular-times`;
/** GET /api/places/{id or slug}/forecast */
export const forecastPath = (key: number | string) => `/api/places/${placeName(key)}/forecast`;
/** GET /api/places/{id or slug}/events.ics: the venue's calendar (docs/embeds.md#calendars). */
export const eventsCalendarPath = (key: number | string) => `/api/places/${placeName(key)}/events.ics`;
/** GET /api/places/{id or slug}/badge.svg: the live level badge (docs/embeds.md#badge-and-widget). */
export const badgePath = (key: number | string) => `/api/places/${placeName(key)}/badge.svg`;
/** GET /api/places/{id or slug}/embed: the live level widget. */
export const embedPath = (key: number | string) => `/api/places/${placeName(key)}/embed`;
/**
 * A profile page's head (worker/page-heads.ts, docs/search-and-previews.md#caching): its title,
 * description, share image and JSON-LD, kept as JSON under a path that is no route. The page's
 * HTML itself is never kept, so a deploy's new bundle names are in the next page served.
 */
export const profileHeadPath = (key: number | string) => `/_cache/profile-head/${placeName(key)}`;
/** The profile page the worker renders (docs/server-rendering.md#caching). */
export const profilePagePath = (key: number | string) => `/profile/${placeName(key)}`;
/** The profile page under one name in every language, each kept at the edge on its own (docs/languages.md#the-edge-cache). */
const profilePagesOf = (key: number | string) => PAGE_LANGUAGES.map((language) => localizedPath(language, profilePagePath(key)));
/** A place's events (the first page, the one profiles show). */
export const eventsPath = (placeId: number) => `/api/business/${placeId}/events`;

/**
 * Whether the request carries a token: its answer may be private, so the cache is bypassed. The
 * signed-out client's empty "Bearer " names nobody and gets the public, cached answer.
 */
export const hasCredentials = (c: Context<AppEnv>) => bearerToken(c) !== null;

/**
 * Serves `key` from caches.default, or builds the answer and stores it there when its
 * Cache-Control allows (a `no-cache` or `no-store` answer, an error, is never stored).
 */
export async function servedFromCache(c: Context<AppEnv>, key: Request, build: () => Promise<Response>): Promise<Response> {
  const hit = await caches.default.match(key);
  if (hit) return new Response(hit.body, hit);
  const response = await build();
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (response.status === 200 && /\bs-maxage=[1-9]/.test(cacheControl)) {
    c.executionCtx.waitUntil(caches.default.put(key, response.clone()));
  }
  return response;
}

/** The cached public paths of a place, under each name it goes by. */
export function placeCachePaths(place: { id: number; slug?: string | null }): string[] {
  const keys = [place.id, ...(place.slug ? [place.slug] : [])];
  return [
    ...keys.flatMap((key) => [placePath(key), popularTimesPath(key), forecastPath(key), eventsCalendarPath(key), badgePath(key), embedPath(key), profileHeadPath(key), ...profilePagesOf(key)]),
    eventsPath(place.id),
    reviewsPath(place.id),
    liveLooksPath(place.id),
    menuPath(place.id),
    specialsPath(place.id),
    offersPath(place.id),
  ];
}

/**
 * Drops every cached public answer of the places (the place, its events, reviews, Live Looks, menu
 * and specials, its popular times and forecast, its calendar, live badge and widget, its profile
 * page's head and its server-rendered page, by id and by slug), so a write shows on the next load. Awaited, not left to waitUntil: the writer's next read
 * must not find the old copy.
 */
export async function purgePlaces(c: Context<AppEnv>, ...places: { id: number; slug?: string | null }[]): Promise<void> {
  await purgePaths(c, ...places.flatMap(placeCachePaths));
}

/** Drops the cached answers of these paths (on the request's host). */
export async function purgePaths(c: Context<AppEnv>, ...paths: string[]): Promise<void> {
  await Promise.all([...new Set(paths)].map((path) => caches.default.delete(cacheKey(c.req.url, path))));
}

/** A place's reviews, the only answer a review changes. */
export const reviewsPath = (placeId: number) => `/api/places/${placeId}/reviews`;

/** A place's public Live Looks (the first page), which posting, hiding, restoring and deleting one change. */
export const liveLooksPath = (placeId: number) => `/api/places/${placeId}/live-looks`;

/** purgePlaces for places known by id: their slugs are read, so slug-named entries go too. */
export async function purgePlaceIds(c: Context<AppEnv>, db: Database, ...ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => findPlaceRow(db, id)));
  await purgePlaces(c, ...unique.map((id, i) => ({ id, slug: rows[i]?.slug })));
}

/**
 * A place's server-rendered profile pages, by id and by slug (docs/server-rendering.md#caching): a
 * write to a part the page shows (reviews, Live Looks) purges them with that part's answer.
 */
export async function profilePagePaths(db: Database, placeId: number): Promise<string[]> {
  const row = await findPlaceRow(db, placeId);
  return [placeId, ...(row?.slug ? [row.slug] : [])].flatMap(profilePagesOf);
}

/** A place's menu, which writing it (or its photos) and updating the place (its country) change. */
/** GET /api/cities, purged when a place is added or changes city (docs/cities.md). */
export const CITIES_PATH = "/api/cities";
export const menuPath = (placeId: number) => `/api/places/${placeId}/menu`;

/**
 * After a menu write: the menu's answer, and the profile's head and its rendered page (which
 * carries that head), whose JSON-LD carries the menu (by id and by slug).
 */
export async function purgeMenu(c: Context<AppEnv>, db: Database, placeId: number): Promise<void> {
  const slug = (await findPlaceRow(db, placeId))?.slug;
  const keys = slug ? [placeId, slug] : [placeId];
  await purgePaths(c, menuPath(placeId), ...keys.flatMap((key) => [profileHeadPath(key), profilePagePath(key)]));
}

/** A place's public specials, which every special write changes. */
export const specialsPath = (placeId: number) => `/api/places/${placeId}/specials`;

/** A place's public offers, which every offer write changes (docs/offers.md). */
export const offersPath = (placeId: number) => `/api/places/${placeId}/offers`;
