// GET /api/cities: the cities we serve and how many places each has (docs/cities.md). Cities change
// only by migration and a place's city with its writes, so the answer is kept at the edge for a
// minute like a profile's public answers (docs/when-to-go.md#caching).
import { Hono } from "hono";
import { allCities, citiesWithPlaces } from "../db/cities";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { describe } from "../lib/openapi";
import { cacheKey, CITIES_PATH, edgeOnly, PROFILE_CACHE_SECONDS, servedFromCache } from "../lib/public-cache";
import { visitorCity } from "../lib/city-rule";
import { citiesAnswerSchema, visitorCityAnswerSchema, type CitiesAnswer, type VisitorCityAnswer } from "../../common/schemas/answers";

export const cityRoutes = new Hono<AppEnv>()
  .get(
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
  )
  .get(
    "/cities/here",
    describe({
      tag: "Places",
      summary: "The visitor's city: the nearest to where Cloudflare places the request, else the default city",
      description: "The live map opens on it (docs/cities.md#the-visitors-city). Not cached: it depends on the visitor.",
      access: "public",
      answers: { 200: visitorCityAnswerSchema },
    }),
    async (c) => {
      const cities = await allCities(getDb(c.env));
      // Locally every visitor is in VISITOR_CITY (.dev.vars): request.cf's position there is a placeholder.
      const local = c.env.VISITOR_CITY ? cities.find((city) => city.slug === c.env.VISITOR_CITY) : undefined;
      const cf = c.req.raw.cf as { latitude?: string; longitude?: string } | undefined;
      const city = local ?? visitorCity(cities, { latitude: Number(cf?.latitude), longitude: Number(cf?.longitude) }, c.env.DEFAULT_CITY);
      const answer: VisitorCityAnswer = { slug: city.slug, name: city.name, latitude: city.latitude, longitude: city.longitude, zoom: city.zoom };
      return c.json(answer);
    },
  );
