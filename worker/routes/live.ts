// GET /api/live: the public live map's data, one entry per place, from D1 place_live (written by
// each place's object at most every 30 seconds) and cached at the edge for up to 25 seconds, so a
// new count is on the map within a minute. Each entry says whether the place is open now, when it
// opens next, how its live level compares with its usual (docs/when-to-go.md#live-map) and how
// many Live Looks it had in the last hour (docs/live-looks.md#map-list) and whether a special is on
// now (docs/menus-and-specials.md#live-map) and an offer (docs/offers.md#on-the-map), and its next
// event tonight (docs/when-to-go.md#next-event).
import { Hono, type Context } from "hono";
import { getDb } from "../db/client";
import { cityBySlug } from "../db/cities";
import { eventsStartingBetween } from "../db/events";
import { liveLookCountsLastHour } from "../db/live-looks";
import { allOffers, type OfferRecord } from "../db/offers";
import { allSpecialsWithZone } from "../db/specials";
import { isLiveRow, livePlaceRows, toLivePlace } from "../db/occupancy";
import { hoursOfRow } from "../db/when-to-go";
import type { AppEnv } from "../env";
import { LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { NEXT_EVENT_HORIZON_MS, nextEventsByPlace } from "../occupancy/next-event";
import { usualPercentAt, vsUsual } from "../occupancy/popular-times";
import { notFound } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { forecastFromProfile, offerOnNow, type OfferContext } from "../lib/offer-rules";
import { scheduleState } from "../lib/special-schedule";
import { cacheKey, servedFromCache, sharedFor } from "../lib/public-cache";
import { cachedUsualProfile } from "../lib/usual-profile";
import { liveAnswerSchema, type LiveAnswer } from "../../common/schemas/answers";
import { liveQuerySchema, type LiveQuery } from "../../common/schemas/live";

const MAX_CACHE_SECONDS = 25;

const hasFilters = (filters: LiveQuery) =>
  filters.city !== undefined ||
  filters.open_now !== undefined || filters.level !== undefined || filters.special_now !== undefined || filters.offer_now !== undefined;

/** The entries a query's filters keep. */
function filtered(answer: LiveAnswer, filters: LiveQuery): LiveAnswer {
  if (!hasFilters(filters)) return answer;
  return {
    ...answer,
    places: answer.places.filter(
      (place) =>
        (filters.city === undefined || place.city === filters.city) &&
        (filters.open_now === undefined || place.open_now === filters.open_now) &&
        (filters.level === undefined || place.level === filters.level) &&
        (filters.special_now === undefined || place.special_now === filters.special_now) &&
        (filters.offer_now === undefined || place.offer_now === filters.offer_now),
    ),
  };
}

/** Every place's live entry, cacheable until the first live place would turn stale. */
async function liveAnswer(c: Context<AppEnv>): Promise<Response> {
  const now = Date.now();
  const db = getDb(c.env);
  const [rows, liveLooks, specials, offers, events] = await Promise.all([
    livePlaceRows(db),
    liveLookCountsLastHour(db, now),
    allSpecialsWithZone(db),
    allOffers(db),
    // One-offs that may still be under way (a day's length back) or start within the horizon.
    eventsStartingBetween(db, now - 86_400_000, now + NEXT_EVENT_HORIZON_MS),
  ]);
  const nextEvents = nextEventsByPlace(events, now);
  const specialNow = new Set(specials.filter((special) => scheduleState(special.schedule, special.timeZone, now).onNow).map((special) => special.placeId));
  const offersOf = new Map<number, OfferRecord[]>();
  for (const offer of offers) offersOf.set(offer.placeId, [...(offersOf.get(offer.placeId) ?? []), offer]);
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  // Live against usual for the places with live numbers, and the forecast for places with an offer on in
  // the hours it calls quiet; their usual profiles are cached for the day.
  const places = await Promise.all(
    rows.map(async (row) => {
      const place = { ...row, hours: hoursOfRow(row), calibration: { baseline: row.calibrationBaseline, factor: row.calibrationFactor } };
      const placeOffers = offersOf.get(row.id) ?? [];
      const live = isLiveRow(row, now);
      const needsProfile = live || placeOffers.some((offer) => offer.when === "forecast_quiet");
      const profile = needsProfile ? await cachedUsualProfile(db, place, now, c.req.url, waitUntil) : null;
      const entry = toLivePlace(row, now, live ? vsUsual(row.percent, usualPercentAt(profile!.days, place, now)) : null);
      const ctx: OfferContext = {
        now,
        timeZone: row.timeZone,
        hours: place.hours,
        live: entry.level !== null && row.percent !== null ? { level: entry.level, percent: row.percent } : null,
        forecast: forecastFromProfile(profile, place, now),
        numbers: row.publicCounts,
      };
      // Visitors' posts are counted beside the sensor's numbers, never mixed into them (docs/live-looks.md#map-list).
      return {
        ...entry,
        live_looks_last_hour: liveLooks.get(row.id) ?? 0,
        special_now: specialNow.has(row.id),
        offer_now: placeOffers.some((offer) => offerOnNow(offer, ctx).on),
        next_event: nextEvents.get(row.id) ?? null,
      };
    }),
  );
  // The answer may be cached only until the first live place would turn stale, so a silent
  // venue never shows as live, even from the cache.
  let maxAgeSeconds = MAX_CACHE_SECONDS;
  for (const place of places) {
    if (place.level !== null) {
      maxAgeSeconds = Math.min(maxAgeSeconds, Math.floor((Date.parse(place.updated_at!) + LIVE_WINDOW_MS - now) / 1000));
    }
  }
  const answer: LiveAnswer = { places, generated_at: new Date(now).toISOString() };
  return c.json(answer, 200, { "cache-control": sharedFor(maxAgeSeconds) });
}

export const liveRoutes = new Hono<AppEnv>().get(
  "/live",
  describe({
    tag: "Live",
    summary: "Every place's live level, open now and against its usual (cached up to 25 s)",
    description:
      "`city=berlin` keeps that city's places (an unknown city is a 404); `open_now=1` keeps places open now by their hours (0: closed now); `level=Lively` keeps places at that live level; `special_now=1` keeps places with a special on now (0: none on now). `people` and `percent` are null where the owners hide counts (levels only).",
    access: "public",
    answers: { 200: liveAnswerSchema },
    errors: [404],
  }),
  query(liveQuerySchema),
  async (c) => {
    const filters = c.req.valid("query");
    if (filters.city !== undefined && !(await cityBySlug(getDb(c.env), filters.city))) throw notFound("No such city.");
    // One cache entry whatever the query string, so nobody can bust the cache at will; filters apply to it.
    const response = await servedFromCache(c, cacheKey(c.req.url, "/api/live"), () => liveAnswer(c));
    if (!hasFilters(filters)) return response;
    return c.json(filtered(await response.json<LiveAnswer>(), filters), 200, { "cache-control": response.headers.get("cache-control") ?? "no-cache" });
  },
);
