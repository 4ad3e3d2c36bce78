import { and, asc, count, eq, ne, notExists, sql } from "drizzle-orm";
import { placeInvites, placeOwners, users } from "../../drizzle/schema";
import type { PlaceOwnerAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";
import { revokeUnusedInvites } from "./invites";
import { disableWebhooksOfOwner } from "./alerts";

export function toPlaceOwnerAnswer(row: { id: number; name: string; email: string; since: Date }): PlaceOwnerAnswer {
  return { id: row.id, name: row.name, email: row.email, since: row.since.toISOString() };
}

/** GET /api/place/{id}/owners: longest-standing first, as the place's owner names are listed. */
export async function listPlaceOwners(db: Database, placeId: number): Promise<PlaceOwnerAnswer[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, since: placeOwners.createdAt })
    .from(placeOwners)
    .innerJoin(users, eq(users.id, placeOwners.userId))
    .where(eq(placeOwners.placeId, placeId))
    .orderBy(asc(placeOwners.createdAt), asc(users.id));
  return rows.map(toPlaceOwnerAnswer);
}

/**
 * Removes `userId` from the place's owners and, in the same batch, withdraws the open invite links
 * they made for it, so a removed owner cannot let themselves back in, and switches off the
 * webhooks they added, so the place's alerts stop reaching them (disableWebhooksOfOwner). With
 * `keepLastOwner` the row goes only while another owner remains, checked inside the delete so two
 * owners removing each other at once cannot leave the place with none. Returns whether the owner was removed.
 */
export async function removePlaceOwner(
  db: Database,
  placeId: number,
  userId: number,
  keepLastOwner: boolean,
  now: Date,
): Promise<boolean> {
  const others = db
    .select({ n: count() })
    .from(placeOwners)
    .where(and(eq(placeOwners.placeId, placeId), ne(placeOwners.userId, userId)));
  const ownerRow = and(eq(placeOwners.placeId, placeId), eq(placeOwners.userId, userId));
  const ownerGone = notExists(db.select({ userId: placeOwners.userId }).from(placeOwners).where(ownerRow));
  const [removed] = await db.batch([
    db.delete(placeOwners).where(keepLastOwner ? and(ownerRow, sql`(${others}) > 0`) : ownerRow),
    revokeUnusedInvites(db, placeId, and(eq(placeInvites.createdBy, userId), ownerGone), now),
    disableWebhooksOfOwner(db, placeId, userId, ownerGone, now),
  ]);
  return removed.meta.changes === 1;
}
