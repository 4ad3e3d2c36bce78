// The cities we serve (docs/cities.md): a handful of rows, read whole.
import { asc, count, eq } from "drizzle-orm";
import { cities, places, type City } from "../../drizzle/schema";
import type { CityAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";

/** Every city, by name. */
export function allCities(db: Database): Promise<City[]> {
  return db.select().from(cities).orderBy(asc(cities.name));
}

/** One city by its slug; undefined when there is none. */
export async function cityBySlug(db: Database, slug: string): Promise<City | undefined> {
  const [city] = await db.select().from(cities).where(eq(cities.slug, slug)).limit(1);
  return city;
}

/** GET /api/cities: every city with how many places it has, by name. */
export async function citiesWithPlaces(db: Database): Promise<CityAnswer[]> {
  const rows = await db
    .select({ slug: cities.slug, name: cities.name, country: cities.country, time_zone: cities.timeZone, places: count(places.id) })
    .from(cities)
    .leftJoin(places, eq(places.cityId, cities.id))
    .groupBy(cities.id)
    .orderBy(asc(cities.name));
  return rows;
}
