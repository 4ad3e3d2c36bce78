import { and, count, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { placeInvites, placeOwners, places, users } from "../../drizzle/schema";
import type { AcceptInviteAnswer, OpenInviteAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";

/** Open links a place may have at once (unused, unrevoked, unexpired), whoever made them. */
export const OPEN_INVITES_PER_PLACE = 20;

/** Invites whose link would still let someone in. */
const isOpen = (now: Date) =>
  and(isNull(placeInvites.usedAt), isNull(placeInvites.revokedAt), gt(placeInvites.expiresAt, now));

/**
 * Records an invite unless its place already has OPEN_INVITES_PER_PLACE open ones; the count is
 * inside the insert, so parallel calls cannot pass the cap together. Returns whether it was written.
 */
export async function createInvite(
  db: Database,
  invite: { id: string; placeId: number; createdBy: number | null; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const open = db
    .select({ n: count() })
    .from(placeInvites)
    .where(and(eq(placeInvites.placeId, invite.placeId), isOpen(now)));
  const result = await db.insert(placeInvites).select(
    // Insert-select names every column in table order.
    db
      .select({
        id: sql`${invite.id}`.as("id"),
        placeId: places.id,
        createdBy: sql`${invite.createdBy}`.as("created_by"),
        expiresAt: sql`${invite.expiresAt.getTime()}`.as("expires_at"),
        usedAt: sql`null`.as("used_at"),
        usedBy: sql`null`.as("used_by"),
        revokedAt: sql`null`.as("revoked_at"),
        createdAt: sql`${now.getTime()}`.as("created_at"),
      })
      .from(places)
      .where(and(eq(places.id, invite.placeId), sql`(${open}) < ${OPEN_INVITES_PER_PLACE}`)),
  );
  return result.meta.changes === 1;
}

type OpenInviteRow = { id: string; createdAt: Date; expiresAt: Date; creatorName: string | null; creatorEmail: string | null };

export function toOpenInviteAnswer(row: OpenInviteRow): OpenInviteAnswer {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    created_by: row.creatorEmail === null ? null : { name: row.creatorName ?? "", email: row.creatorEmail },
  };
}

/** GET /api/place/{id}/invites: the place's open links, newest first, without their tokens. */
export async function listOpenInvites(db: Database, placeId: number, now: Date): Promise<OpenInviteAnswer[]> {
  const rows = await db
    .select({
      id: placeInvites.id,
      createdAt: placeInvites.createdAt,
      expiresAt: placeInvites.expiresAt,
      creatorName: users.name,
      creatorEmail: users.email,
    })
    .from(placeInvites)
    .leftJoin(users, eq(users.id, placeInvites.createdBy))
    .where(and(eq(placeInvites.placeId, placeId), isOpen(now)))
    .orderBy(desc(placeInvites.createdAt), desc(placeInvites.id));
  return rows.map(toOpenInviteAnswer);
}

/**
 * Revokes the place's (null: every place's) unused, unrevoked invites that match `which`; a query,
 * so batches can use it.
 */
export function revokeUnusedInvites(db: Database, placeId: number | null, which: SQL | undefined, now: Date) {
  return db
    .update(placeInvites)
    .set({ revokedAt: now })
    .where(
      and(placeId === null ? undefined : eq(placeInvites.placeId, placeId), isNull(placeInvites.usedAt), isNull(placeInvites.revokedAt), which),
    );
}

/** Withdraws an unused link of this place; returns whether this call did it. */
export async function revokeInvite(db: Database, placeId: number, inviteId: string, now: Date): Promise<boolean> {
  const result = await revokeUnusedInvites(db, placeId, eq(placeInvites.id, inviteId), now);
  return result.meta.changes === 1;
}

/** POST /api/invites/accept: the place the invite opens. */
export function toAcceptInviteAnswer(invite: { placeId: number; placeName: string }): AcceptInviteAnswer {
  return { place_id: invite.placeId, place_name: invite.placeName };
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
      revokedAt: placeInvites.revokedAt,
    })
    .from(placeInvites)
    .innerJoin(places, eq(places.id, placeInvites.placeId))
    .where(eq(placeInvites.id, id))
    .limit(1);
  return invite;
}

/**
 * Makes `userId` an owner of the invite's place and marks the invite used, in one transaction. The
 * owner row is only written while the invite is still open (unused, unrevoked, unexpired), so two
 * people racing for one link, or a revocation, cannot let a second person in; returns whether this
 * call used it.
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
          .where(and(eq(placeInvites.id, inviteId), isOpen(now))),
      )
      .onConflictDoNothing(),
    db
      .update(placeInvites)
      .set({ usedAt: now, usedBy: userId })
      .where(and(eq(placeInvites.id, inviteId), isOpen(now))),
  ]);
  return used.meta.changes === 1;
}
