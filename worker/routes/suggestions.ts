// GET /api/places/suggestions (docs/app.md#saved-places-and-suggestions): where to go now, or at
// an hour of the week ahead, near a point. Public and the same for everyone, so it is cached under a
// key built from the validated, normalised query (lat/lng rounded to ROUND_DEGREES, `at` to its hour),
// never from the request's own text.
import { Hono } from "hono";
import { HOUR_MS, DAY_MS } from "../../common/local-time";
import { suggestionsAnswerSchema, suggestionsQuerySchema, MAX_AHEAD_DAYS, type SuggestionsAnswer, type SuggestionsQuery } from "../../common/schemas/saved";
import { getDb } from "../db/client";
import { placeNameFields } from "../db/occupancy";
import { historyOfRow, nowPlaceOf, placesInBox } from "../db/saved-places";
import type { AppEnv } from "../env";
import { badRequest } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { cacheKey, servedFromCache, sharedFor } from "../lib/public-cache";
import { LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { boundingBox, distanceM, placeAt, rankSuggestions } from "../occupancy/place-now";

/** Decimals lat and lng keep: 0.001° is about 110 m, one cache entry for a block's visitors. */
export const ROUND_DEGREES = 3;
/** Cached as long as the live map (now) or the forecast (ahead). */
const NOW_CACHE_SECONDS = 25;
const AHEAD_CACHE_SECONDS = 60;

export interface NormalQuery extends Omit<SuggestionsQuery, "at"> {
  /** The start of the hour asked about; null: now. */
  at: number | null;
}

const round = (value: number) => Number(value.toFixed(ROUND_DEGREES));

/** The query as answered: lat/lng rounded, `at` to its hour and within the week ahead (else 400). */
export function normalQuery(input: SuggestionsQuery, now: number): NormalQuery {
  let at: number | null = null;
  if (input.at !== undefined) {
    const instant = Date.parse(input.at);
    // The current hour counts as ahead: a client's "9 PM" at 9:10 means this hour's forecast.
    if (instant < now - HOUR_MS || instant > now + MAX_AHEAD_DAYS * DAY_MS) {
      throw badRequest(`at: must be within the next ${MAX_AHEAD_DAYS} days.`, [{ field: "at", message: `must be within the next ${MAX_AHEAD_DAYS} days.` }]);
    }
    at = Math.floor(instant / HOUR_MS) * HOUR_MS;
  }
  return { ...input, lat: round(input.lat), lng: round(input.lng), at };
}

/** The cache path of a normalised query: every field in a fixed order and spelling. */
export function suggestionsPath(q: NormalQuery): string {
  const search = new URLSearchParams();
  search.set("lat", q.lat.toFixed(ROUND_DEGREES));
  search.set("lng", q.lng.toFixed(ROUND_DEGREES));
  search.set("radius_m", String(q.radius_m));
  if (q.at !== null) search.set("at", new Date(q.at).toISOString());
  if (q.level) search.set("level", q.level);
  if (q.category) search.set("category", q.category.join(","));
  if (q.tag) search.set("tag", q.tag.join(","));
  if (q.open !== undefined) search.set("open", q.open ? "1" : "0");
  search.set("limit", String(q.limit));
  return `/api/places/suggestions?${search}`;
}

export const suggestionRoutes = new Hono<AppEnv>().get(
  "/places/suggestions",
  describe({
    tag: "When to go",
    summary: "Places near a point with their level now, or the forecast level at an hour of the week ahead, ranked (cached up to 60 s)",
    description:
      "Ranked: places at `level` first, then the nearest (within 100 m alike), then the quieter against their usual. `category` and `tag` (comma-separated, any of them) and `open=1` (open at that time by the hours) narrow the places. `at` (ISO, within the next 7 days) asks for the forecast of its hour; without it, the live level now. lat/lng are rounded to 3 decimals. `percent` is null where the owners hide counts.",
    access: "public",
    answers: { 200: suggestionsAnswerSchema },
  }),
  query(suggestionsQuerySchema),
  async (c) => {
    const now = Date.now();
    const q = normalQuery(c.req.valid("query"), now);
    return servedFromCache(c, cacheKey(c.req.url, suggestionsPath(q)), async () => {
      const db = getDb(c.env);
      const keep = (write: () => Promise<unknown>) => c.executionCtx.waitUntil(write());
      const center = { lat: q.lat, lng: q.lng };
      const rows = await placesInBox(db, boundingBox(center, q.radius_m), q.category, q.tag);
      const candidates = rows
        .map((row) => ({ row, distance: distanceM(center, { lat: row.latitude!, lng: row.longitude! }) }))
        .filter((candidate) => candidate.distance <= q.radius_m);
      // A live answer is cached only until the first live place in it would turn stale, as the live map's is.
      let seconds = q.at === null ? NOW_CACHE_SECONDS : AHEAD_CACHE_SECONDS;
      const evaluated = await Promise.all(
        candidates.map(async ({ row, distance }) => {
          const place = nowPlaceOf(row, now);
          if (q.at === null && place.live) seconds = Math.min(seconds, Math.floor((place.live.updatedAt + LIVE_WINDOW_MS - now) / 1000));
          const history = await historyOfRow(db, row, place, now, keep);
          return {
            ...placeNameFields(row),
            timezone: row.timeZone,
            ...placeAt(place, history, now, q.at),
            distance_m: Math.round(distance),
          };
        }),
      );
      const kept = q.open === true ? evaluated.filter((place) => place.open === true) : evaluated;
      const answer: SuggestionsAnswer = {
        at: new Date(q.at ?? now).toISOString(),
        forecast: q.at !== null,
        places: rankSuggestions(kept, q.level).slice(0, q.limit),
        generated_at: new Date(now).toISOString(),
      };
      return c.json(answer, 200, { "cache-control": sharedFor(seconds) });
    });
  },
);
