import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { placeInvites, placeOwners, places } from "../../drizzle/schema";
import type { Database } from "./client";

export async function createInvite(
  db: Database,
  invite: { id: string; placeId: number; createdBy: number | null; expiresAt: Date },
) {
  await db.insert(placeInvites).values(invite);
}

export async function findInvite(db: Database, id: string) {
  const [invite] = await db
    .select({
      id: placeInvites.id,
      placeId: placeInvites.placeId,
      placeName: places.name,
      expiresAt: placeInvites.expiresAt,
      usedAt: placeInvites.usedAt,
      usedBy: placeInvites.usedBy,
    })
    .from(placeInvites)
    .innerJoin(places, eq(places.id, placeInvites.placeId))
    .where(eq(placeInvites.id, id))
    .limit(1);
  return invite;
}

/**
 * Makes `userId` an owner of the invite's place and marks the invite used, in one transaction. The
 * owner row is only written while the invite is still unused and unexpired, so two people racing for
 * one link cannot both get in; returns whether this call used it.
 */
export async function redeemInvite(db: Database, inviteId: string, userId: number, now: Date): Promise<boolean> {
  const [, used] = await db.batch([
    db
      .insert(placeOwners)
      .select(
        db
          .select({
            placeId: placeInvites.placeId,
            userId: sql`${userId}`.as("user_id"),
            createdAt: sql`${now.getTime()}`.as("created_at"),
          })
          .from(placeInvites)
          .where(and(eq(placeInvites.id, inviteId), isNull(placeInvites.usedAt), gt(placeInvites.expiresAt, now))),
      )
      .onConflictDoNothing(),
    db
      .update(placeInvites)
      .set({ usedAt: now, usedBy: userId })
      .where(and(eq(placeInvites.id, inviteId), isNull(placeInvites.usedAt), gt(placeInvites.expiresAt, now))),
  ]);
  return used.meta.changes === 1;
}
