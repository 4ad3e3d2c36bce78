// When to go (docs/when-to-go.md): a place's popular times and its forecast, public and served
// through the Cache API, so however many visitors open a profile, a place costs D1 at most one
// read of each answer a minute.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { venueDayAt, venueDayRange } from "../../common/local-time";
import { forecastAnswerSchema, popularTimesAnswerSchema } from "../../common/schemas/answers";
import { placeKeySchema } from "../../common/schemas/place";
import { getDb } from "../db/client";
import type { Database } from "../db/client";
import { historyUpToNow } from "../db/usual-history";
import { findWhenPlace, oneOffEventsBetween, type WhenPlaceRow } from "../db/when-to-go";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi";
import { forecastWithoutCounts, popularTimesWithoutCounts } from "../lib/public-counts";
import { cacheKey, forecastPath, popularTimesPath, servedFromCache, sharedFor } from "../lib/public-cache";
import { cachedUsualProfile } from "../lib/usual-profile";
import { LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { forecast } from "../occupancy/forecast";
import { publicHolidays } from "../occupancy/holidays";
import { HISTORY_DAYS, popularTimesFrom } from "../occupancy/popular-times";

/** How long an answer may be served from a cache: a minute. */
export const WHEN_CACHE_SECONDS = 60;

const tag = "When to go";
const keyParameter = [
  { in: "path" as const, name: "id", required: true, schema: { type: "string" as const, description: "a numeric id, or a slug such as the-night-owl" } },
];

/**
 * Answers from caches.default under the path of the validated key (any query string is ignored,
 * so nobody can bust the cache at will), or finds the place and builds the answer, which says for
 * how long it may be cached.
 */
async function served(
  c: Context<AppEnv>,
  pathOf: (key: number | string) => string,
  build: (db: Database, place: WhenPlaceRow, now: number) => Promise<{ body: object; seconds: number }>,
) {
  const key = v.safeParse(placeKeySchema, c.req.param("id"));
  if (!key.success) throw notFound("No such place.");
  return servedFromCache(c, cacheKey(c.req.url, pathOf(key.output)), async () => {
    const db = getDb(c.env);
    const now = Date.now();
    const place = await findWhenPlace(db, key.output, now);
    if (!place) throw notFound("No such place.");
    const { body, seconds } = await build(db, place, now);
    return c.json(body, 200, { "cache-control": sharedFor(seconds) });
  });
}

export const whenToGoRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/popular-times",
    describe({
      tag,
      summary: "Usual busyness per weekday and hour, and live against usual (cached up to 60 s)",
      description: "Method: docs/when-to-go.md. `usual` is percent of the packed threshold, null when closed or without enough history; every percent is null where the owners hide counts (levels only).",
      access: "public",
      parameters: keyParameter,
      answers: { 200: popularTimesAnswerSchema },
      errors: [404],
    }),
    (c) =>
      served(c, popularTimesPath, async (db, place, now) => {
        const profile = await cachedUsualProfile(db, place, now, c.req.url, (promise) => c.executionCtx.waitUntil(promise));
        // Never cached past the moment the live numbers would turn stale.
        const seconds = place.live
          ? Math.min(WHEN_CACHE_SECONDS, Math.floor((place.live.updatedAt + LIVE_WINDOW_MS - now) / 1000))
          : WHEN_CACHE_SECONDS;
        const answer = popularTimesFrom(profile, place, now, place.live);
        return { body: place.publicCounts ? answer : popularTimesWithoutCounts(answer), seconds };
      }),
  )
  .get(
    "/places/:id/forecast",
    describe({
      tag,
      summary: "Expected busyness per hour from now to the end of the week ahead, and the best time to go (cached up to 60 s)",
      description:
        "Method: docs/when-to-go.md. Percents of the packed threshold; null when closed, without enough history, or where the owners hide counts. `low`–`high` is an 80 % range: about 4 in 5 hours fall within it.",
      access: "public",
      parameters: keyParameter,
      answers: { 200: forecastAnswerSchema },
      errors: [404],
    }),
    (c) =>
      served(c, forecastPath, async (db, place, now) => {
        const today = venueDayAt(place, now);
        const [history, events, holidays] = await Promise.all([
          historyUpToNow(db, place, now, (write) => c.executionCtx.waitUntil(write())),
          oneOffEventsBetween(db, place.id, venueDayRange(place, today - HISTORY_DAYS).start, venueDayRange(place, today + 7).start),
          publicHolidays(place.region, today - HISTORY_DAYS, today + 7),
        ]);
        const answer = forecast(history, { ...place, holidays }, now, events);
        return { body: place.publicCounts ? answer : forecastWithoutCounts(answer), seconds: WHEN_CACHE_SECONDS };
      }),
  );
