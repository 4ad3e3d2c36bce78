// GET /api/live: the public live map's data, one entry per place, from D1 place_live (written by
// each place's object at most every 30 seconds) and cached at the edge for up to 25 seconds, so a
// new count is on the map within a minute.
import { Hono } from "hono";
import { getDb } from "../db/client";
import { livePlaceRows } from "../db/occupancy";
import type { AppEnv } from "../env";
import { imageUrl } from "../lib/images";
import { isRecent, LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { describe } from "../lib/openapi";
import { liveAnswerSchema, type LiveAnswer, type LivePlace } from "../../common/schemas/answers";

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
    const places = rows.map((row): LivePlace => {
      const updatedAt = row.updatedAt?.getTime() ?? null;
      const live = isRecent(updatedAt, now) && row.people !== null;
      if (live) maxAgeSeconds = Math.min(maxAgeSeconds, Math.floor((updatedAt! + LIVE_WINDOW_MS - now) / 1000));
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
        type: row.type,
        category: row.category,
        cover_image: imageUrl(row.coverImageKey),
        people: live ? row.people : null,
        percent: live ? row.percent : null,
        level: live ? row.level : null,
        updated_at: updatedAt === null ? null : new Date(updatedAt).toISOString(),
      };
    });
    const answer: LiveAnswer = { places, generated_at: new Date(now).toISOString() };
    const cacheControl = maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : "no-cache";
    const response = c.json(answer, 200, { "cache-control": cacheControl });
    if (maxAgeSeconds > 0) c.executionCtx.waitUntil(cache.put(cacheKey, response.clone()));
    return response;
  },
);
