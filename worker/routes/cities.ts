// GET /api/cities: the cities we serve and how many places each has (docs/cities.md). Cities change
// only by migration and a place's city with its writes, so the answer is kept at the edge for a
// minute like a profile's public answers (docs/when-to-go.md#caching).
import { Hono } from "hono";
import { citiesWithPlaces } from "../db/cities";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { describe } from "../lib/openapi";
import { cacheKey, CITIES_PATH, edgeOnly, PROFILE_CACHE_SECONDS, servedFromCache } from "../lib/public-cache";
import { citiesAnswerSchema, type CitiesAnswer } from "../../common/schemas/answers";

export const cityRoutes = new Hono<AppEnv>().get(
  "/cities",
  describe({
    tag: "Places",
    summary: "The cities we serve: slug, name, country (ISO 3166-1), time zone and number of places",
    access: "public",
    answers: { 200: citiesAnswerSchema },
  }),
  async (c) =>
    servedFromCache(c, cacheKey(c.req.url, CITIES_PATH), async () => {
      const answer: CitiesAnswer = { cities: await citiesWithPlaces(getDb(c.env)) };
      return c.json(answer, 200, { "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) });
    }),
);
