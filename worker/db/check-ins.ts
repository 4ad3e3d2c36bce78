// D1 behind check-ins (docs/friends.md#check-ins): one current check-in per account, a place and
// until when, never a position and never a history. Who sees it is decided when it is read: its
// audience, a friendship now, no block either way and no ghost mode.
import { alias } from "drizzle-orm/sqlite-core";
import { and, desc, eq, gt, gte, isNull, lte, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { blocks, checkInAudience, checkIns, friendships, planInvitees, places, plans, users } from "../../drizzle/schema";
import type { CheckInAudience } from "../../common/schemas/friends";
import { d1Statement, type Database } from "./client";

/**
 * Checks the account in (a check-in elsewhere ends), visible to `friends` when the audience is
 * "chosen": only those still its friends are stored. The old check-in and its audience go in the
 * same batch, so there is never more than one.
 */
export async function checkIn(
  db: Database,
  accountId: number,
  input: { placeId: number; until: number; audience: CheckInAudience; friends: readonly number[] },
  now: number,
): Promise<void> {
  await db.$client.batch([
    d1Statement(db, db.delete(checkIns).where(eq(checkIns.userId, accountId))),
    d1Statement(
      db,
      db.insert(checkIns).values({
        userId: accountId,
        placeId: input.placeId,
        audience: input.audience,
        createdAt: new Date(now),
        expiresAt: new Date(input.until),
      }),
    ),
    // One JSON parameter, not one per id: D1 binds at most 100 parameters per statement.
    d1Statement(
      db,
      sql`INSERT OR IGNORE INTO ${checkInAudience} (user_id, friend_id)
      SELECT ${accountId}, value FROM json_each(${JSON.stringify(input.friends)})
      WHERE EXISTS (SELECT 1 FROM ${friendships} WHERE user_id = ${accountId} AND friend_id = value)`,
    ),
  ]);
}

/** Ends the account's check-in (nothing when there is none). */
export async function leave(db: Database, accountId: number): Promise<void> {
  await db.delete(checkIns).where(eq(checkIns.userId, accountId));
}

/** The account's own check-in while it lasts, with its place and chosen friends, and its ghost mode. */
export async function myCheckIn(db: Database, accountId: number, now: number) {
  // Not one Drizzle batch: its batch maps joined columns wrongly when names repeat.
  const [[row], audience, [account]] = await Promise.all([
    db
      .select({ placeId: places.id, slug: places.slug, name: places.name, audience: checkIns.audience, since: checkIns.createdAt, until: checkIns.expiresAt })
      .from(checkIns)
      .innerJoin(places, eq(places.id, checkIns.placeId))
      .where(and(eq(checkIns.userId, accountId), gt(checkIns.expiresAt, new Date(now)))),
    db.select({ id: checkInAudience.friendId }).from(checkInAudience).where(eq(checkInAudience.userId, accountId)).orderBy(checkInAudience.friendId),
    db.select({ ghost: users.ghostMode }).from(users).where(eq(users.id, accountId)),
  ]);
  return { checkIn: row ? { ...row, friends: row.audience === "chosen" ? audience.map((entry) => entry.id) : [] } : null, ghost: account?.ghost ?? false };
}

/** Turns ghost mode on or off. */
export async function setGhostMode(db: Database, accountId: number, on: boolean): Promise<void> {
  await db.update(users).set({ ghostMode: on }).where(eq(users.id, accountId));
}

/**
 * The one rule of who sees a check-in (the `check_ins` row of the query) at `now`: `viewer` (an id,
 * or a column naming one) is its owner's friend, neither has blocked the other, the owner's ghost
 * mode is off, the check-in lasts, and its audience includes the viewer.
 */
function seenBy(viewer: number | SQLWrapper, now: number): SQL {
  return sql`(
    EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.userId} = ${viewer} AND ${friendships.friendId} = ${checkIns.userId})
    AND ${gt(checkIns.expiresAt, new Date(now))}
    AND NOT EXISTS (SELECT 1 FROM ${users} AS owner WHERE owner.id = ${checkIns.userId} AND owner.ghost_mode = 1)
    AND (${checkIns.audience} = 'friends' OR (${checkIns.audience} = 'chosen' AND EXISTS (
      SELECT 1 FROM ${checkInAudience} WHERE ${checkInAudience.userId} = ${checkIns.userId} AND ${checkInAudience.friendId} = ${viewer})))
    AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${viewer} AND ${blocks.blockedId} = ${checkIns.userId})
      OR (${blocks.blockerId} = ${checkIns.userId} AND ${blocks.blockedId} = ${viewer}))
  )`;
}

/**
 * Check-ins `viewerId` may see now (at `placeId` when given), the latest first (`seenBy`). Read
 * from the viewer's friendships (an index range of at most 500), not from every check-in.
 */
export async function visibleCheckIns(db: Database, viewerId: number, now: number, placeId?: number) {
  return db
    .select({
      id: users.id,
      handle: users.handle,
      name: users.name,
      placeId: places.id,
      slug: places.slug,
      placeName: places.name,
      since: checkIns.createdAt,
      until: checkIns.expiresAt,
    })
    .from(friendships)
    .innerJoin(checkIns, eq(checkIns.userId, friendships.friendId))
    .innerJoin(users, eq(users.id, checkIns.userId))
    .innerJoin(places, eq(places.id, checkIns.placeId))
    .where(and(eq(friendships.userId, viewerId), seenBy(viewerId, now), placeId === undefined ? undefined : eq(checkIns.placeId, placeId)))
    .orderBy(desc(checkIns.createdAt), users.id);
}

/**
 * The members of plans at the place of `checkerId`'s check-in who may see it (`seenBy`), for plans
 * not cancelled whose time lies between `window.after` ago and `window.before` ahead; members who
 * answered "no" and the checker are left out. One row per plan and member.
 */
export async function planMembersSeeingCheckIn(db: Database, checkerId: number, now: number, window: { before: number; after: number }) {
  const member = alias(users, "member");
  const isMember = sql`(${member.id} = ${plans.organiserId} OR EXISTS (
    SELECT 1 FROM ${planInvitees} WHERE ${planInvitees.planId} = ${plans.id} AND ${planInvitees.userId} = ${member.id} AND ${planInvitees.answer} IS NOT 'no'))`;
  return db
    .select({
      planId: plans.id,
      title: plans.title,
      startsAt: plans.startsAt,
      placeId: places.id,
      placeName: places.name,
      timeZone: places.timezone,
      checkerName: users.name,
      memberId: member.id,
    })
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.userId))
    .innerJoin(places, eq(places.id, checkIns.placeId))
    .innerJoin(plans, eq(plans.placeId, checkIns.placeId))
    .innerJoin(member, isMember)
    .where(
      and(
        eq(checkIns.userId, checkerId),
        isNull(plans.cancelledAt),
        gte(plans.startsAt, new Date(now - window.after)),
        lte(plans.startsAt, new Date(now + window.before)),
        ne(member.id, checkerId),
        seenBy(member.id, now),
      ),
    );
}

/** Deletes every check-in that has ended (the cron): none is kept as history. Answers how many. */
export async function deleteEndedCheckIns(db: Database, now: number): Promise<number> {
  const deleted = await db.delete(checkIns).where(lte(checkIns.expiresAt, new Date(now))).returning({ userId: checkIns.userId });
  return deleted.length;
}
