// The head of the public pages' HTML (docs/search-and-previews.md): what search engines and chat
// apps read before any script runs. worker/index.ts asks pageHead for the page's head (null for
// pages of one person: accounts, owners, the admin, the app) and withPageHead writes it into the
// HTML it serves, whether that HTML is the bare shell or has its body rendered on the server.
// A profile's head reads D1 and is kept at the edge for a minute under the place's id or slug;
// every write that changes the place, its menu or its events purges it (worker/lib/public-cache.ts).
import * as v from "valibot";
import { API_LOCALE } from "../common/formats";
import { pathLanguage } from "../common/languages";
import { weekBusiestText } from "../common/live-summary";
import { isPublicPage } from "../common/public-pages";
import { placeKeySchema } from "../common/schemas/place";
import { citiesWithPlaces } from "./db/cities";
import { getDb } from "./db/client";
import { upcomingOneOffEvents } from "./db/events";
import { findMenu } from "./db/menus";
import { findPlaceRow, publicPlace } from "./db/places";
import { findWhenPlace } from "./db/when-to-go";
import { imageUrl } from "./lib/images";
import { menuAnswer } from "./lib/menu-document";
import { profileUrl, publicOrigin } from "./lib/origin";
import {
  cityHead,
  headTags,
  localizedHead,
  missingVenueHead,
  publicPageHead,
  siteShareImage,
  venueHead,
  type PageHead,
} from "./lib/page-head";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./lib/share-image-rules";
import { cacheKey, edgeOnly, PROFILE_CACHE_SECONDS, profileHeadPath } from "./lib/public-cache";
import { popularTimesWithoutCounts } from "./lib/public-counts";
import { cachedUsualProfile } from "./lib/usual-profile";
import { venueJsonLd } from "./lib/venue-json-ld";
import { popularTimesFrom } from "./occupancy/popular-times";

/** The most upcoming events a profile's JSON-LD lists (the profile itself shows 5). */
export const EVENTS_IN_JSON_LD = 10;

/**
 * The head of the page at `url`: a public page's own, a profile's built from its venue, or null
 * for every other page (it keeps the shell's generic title and description).
 */
export async function pageHead(url: URL, env: Env, ctx: ExecutionContext, now = Date.now()): Promise<PageHead | null> {
  const origin = publicOrigin(env, url.toString());
  const { language, path } = pathLanguage(url.pathname);
  const head = await englishPageHead(path, url, env, ctx, origin, now);
  return head && localizedHead(head, language, origin);
}

/** The head of the page at `path` (without its language's prefix), as the English page has it. */
async function englishPageHead(path: string, url: URL, env: Env, ctx: ExecutionContext, origin: string, now: number): Promise<PageHead | null> {
  if (isPublicPage(path)) return publicPageHead(path, origin);
  const city = /^\/city\/([^/]+)$/.exec(path);
  if (city) return cityPageHead(env, city[1], origin);
  const profile = /^\/profile\/([^/]+)$/.exec(path);
  if (!profile) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(profile[1]);
  } catch {
    return missingVenueHead(origin);
  }
  const key = v.safeParse(placeKeySchema, segment);
  if (!key.success) return missingVenueHead(origin);
  const cached = cacheKey(url.toString(), profileHeadPath(key.output));
  const hit = await caches.default.match(cached);
  if (hit) return hit.json<PageHead>();
  const head = await venuePageHead(env, ctx, key.output, origin, url.toString(), now);
  if (!head) return missingVenueHead(origin);
  const stored = new Response(JSON.stringify(head), { headers: { "content-type": "application/json", "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) } });
  ctx.waitUntil(caches.default.put(cached, stored));
  return head;
}

/** A city page's head from the cities table (a handful of rows: read whole, as GET /api/cities does). */
async function cityPageHead(env: Env, segment: string, origin: string): Promise<PageHead> {
  const city = (await citiesWithPlaces(getDb(env))).find((row) => row.slug === segment);
  return cityHead(city ?? null, origin);
}

/** A venue's head from D1 (and its usual profile's cache), or null when there is no such venue. */
async function venuePageHead(env: Env, ctx: ExecutionContext, key: number | string, origin: string, requestUrl: string, now: number): Promise<PageHead | null> {
  const db = getDb(env);
  const row = await findPlaceRow(db, key);
  if (!row) return null;
  const [place, menu, events, when] = await Promise.all([
    publicPlace(db, row),
    findMenu(db, row.id),
    upcomingOneOffEvents(db, row.id, new Date(now), EVENTS_IN_JSON_LD),
    findWhenPlace(db, row.id, now),
  ]);
  if (!menu || !when) return null;
  const usual = await cachedUsualProfile(db, when, now, requestUrl, (promise) => ctx.waitUntil(promise));
  // As the profile shows it: nothing of the usual where the owners hide counts.
  const popular = popularTimesFrom(usual, when, now, null);
  const busiest = weekBusiestText(when.publicCounts ? popular : popularTimesWithoutCounts(popular), API_LOCALE);
  const canonical = profileUrl(origin, row.slug);
  const absolute = (key: string | null) => (key ? `${origin}${imageUrl(key)}` : null);
  const share = absolute(row.shareImageKey);
  const image = share
    ? { url: share, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: row.name }
    : siteShareImage(origin);
  const jsonLd = venueJsonLd({
    place,
    menu: menuAnswer(menu.menu, menu.money),
    events,
    url: canonical,
    origin,
    image: share ?? absolute(row.coverImageKey),
  });
  return venueHead({ place, busiest, canonical, image, jsonLd });
}

/**
 * The HTML with the page's head: the shell's own title and description give way to the page's, and
 * its canonical address, alternates, robots, Open Graph, Twitter card and JSON-LD are added at the end of <head>.
 */
export function withPageHead(html: Response, head: PageHead): Response {
  return new HTMLRewriter()
    .on("head > title", {
      element(element) {
        element.remove();
      },
    })
    .on('head > meta[name="description"]', {
      element(element) {
        element.remove();
      },
    })
    .on("head", {
      element(element) {
        element.append(headTags(head), { html: true });
      },
    })
    .transform(html);
}
