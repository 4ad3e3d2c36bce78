// The demo's per-venue rows (events, reviews, Live Looks) are written venue by venue, and a venue
// that already has some keeps its own: `npm run seed` on a used database adds nothing twice.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";

export type SeedDatabase = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Groups `items` by venue slug and, for each seeded venue of which `hasOwn` says no, hands its
 * place id and items to `insert`. Returns how many items were written.
 */
export async function insertPerVenue<T extends { slug: string }>(
  database: Parameters<typeof drizzle>[0],
  items: readonly T[],
  hasOwn: (db: SeedDatabase, placeId: number) => Promise<boolean>,
  insert: (db: SeedDatabase, placeId: number, items: T[]) => Promise<void>,
): Promise<number> {
  const db = drizzle(database, { schema });
  const placeIds = new Map((await db.select({ id: schema.places.id, slug: schema.places.slug }).from(schema.places)).map((p) => [p.slug, p.id]));
  let added = 0;
  for (const slug of new Set(items.map((item) => item.slug))) {
    const placeId = placeIds.get(slug);
    if (placeId === undefined || (await hasOwn(db, placeId))) continue;
    const own = items.filter((item) => item.slug === slug);
    await insert(db, placeId, own);
    added += own.length;
  }
  return added;
}
