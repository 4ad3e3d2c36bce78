import { and, asc, eq } from "drizzle-orm";
import { placeOwners, places } from "../../drizzle/schema";
import { imageUrl } from "../lib/images";
import type { Database } from "./client";

/** Partner venues for the public logo ticker: only what a visitor may see. */
export async function listPartnerVenues(db: Database) {
  const rows = await db
    .select({ id: places.id, name: places.name, coverImageKey: places.coverImageKey })
    .from(places)
    .orderBy(asc(places.name));
  return rows.map((row) => ({ id: row.id, name: row.name, cover_image: imageUrl(row.coverImageKey) }));
}

export async function isPlaceOwner(db: Database, placeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ placeId: placeOwners.placeId })
    .from(placeOwners)
    .where(and(eq(placeOwners.placeId, placeId), eq(placeOwners.userId, userId)))
    .limit(1);
  return row !== undefined;
}
