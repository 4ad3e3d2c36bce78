// GET /api/live: the public live map's data, one entry per place, from D1 place_live (written by
// each place's object at most every 30 seconds) and cached at the edge for up to 25 seconds, so a
// new count is on the map within a minute.
import { Hono } from "hono";
import { getDb } from "../db/client";
import { livePlaceRows, toLivePlace } from "../db/occupancy";
import type { AppEnv } from "../env";
import { LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { describe } from "../lib/openapi";
import { liveAnswerSchema, type LiveAnswer } from "../../common/schemas/answers";

const MAX_CACHE_SECONDS = 25;

export const liveRoutes = new Hono<AppEnv>().get(
  "/live",
  describe({
    tag: "Live",
    summary: "Every place's live level (cached up to 25 s)",
    access: "public",
    answers: { 200: liveAnswerSchema },
  }),
  async (c) => {
    // One cache entry whatever the query string, so nobody can bust the cache at will.
    const cacheKey = new Request(new URL("/api/live", c.req.url).toString());
    const cache = caches.default;
    const hit = await cache.match(cacheKey);
    if (hit) return new Response(hit.body, hit);

    const now = Date.now();
    const rows = await livePlaceRows(getDb(c.env));
    // The answer may be cached only until the first live place would turn stale, so a silent
    // venue never shows as live, even from the cache.
    let maxAgeSeconds = MAX_CACHE_SECONDS;
    const places = rows.map((row) => toLivePlace(row, now));
    for (const place of places) {
      if (place.people !== null) {
        maxAgeSeconds = Math.min(maxAgeSeconds, Math.floor((Date.parse(place.updated_at!) + LIVE_WINDOW_MS - now) / 1000));
      }
    }
    const answer: LiveAnswer = { places, generated_at: new Date(now).toISOString() };
    const cacheControl = maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : "no-cache";
    const response = c.json(answer, 200, { "cache-control": cacheControl });
    if (maxAgeSeconds > 0) c.executionCtx.waitUntil(cache.put(cacheKey, response.clone()));
    return response;
  },
);
