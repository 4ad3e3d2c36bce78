// D1 behind friends, friend requests, invite links and blocks (docs/friends.md). Every write that
// makes two accounts closer re-checks, inside the same statement, that neither blocked the other,
// so a block that lands at the same moment always wins.
import { and, asc, desc, eq, gt, lte, notInArray, or, sql } from "drizzle-orm";
import { blocks, checkInAudience, friendInvites, friendRequestLog, friendRequests, friendships, users } from "../../drizzle/schema";
import { FRIEND_REQUESTS_PER_DAY, MAX_FRIENDS, MAX_OPEN_INVITES, type Person } from "../../common/schemas/friends";
import { d1Statement, type Database } from "./client";
import { DAY_MS, takeDailyAttempt } from "./daily-attempts";
const person = { id: users.id, handle: users.handle, name: users.name };

/** A friend's or a blocked account's row as the API answers it. */
export const personSince = (row: { id: number; handle: string; name: string; since: Date }) => ({
  id: row.id,
  handle: row.handle,
  name: row.name,
  since: row.since.toISOString(),
});

/** SQL: a block between the two accounts (given as SQL expressions), in either direction. */
const blockBetween = (a: unknown, b: unknown) =>
  sql`EXISTS (SELECT 1 FROM ${blocks} WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))`;
const friendCount = (account: unknown) => sql`(SELECT count(*) FROM ${friendships} WHERE user_id = ${account})`;

/** The account's friends by name, with since when. */
export async function friendsOf(db: Database, accountId: number) {
  return db
    .select({ ...person, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, accountId))
    .orderBy(sql`lower(${users.name})`, asc(users.id));
}

/** The account with this handle (already lower-case), or undefined. */
export async function accountByHandle(db: Database, handle: string): Promise<Person | undefined> {
  const [row] = await db.select(person).from(users).where(sql`lower(${users.handle}) = ${handle}`).limit(1);
  return row;
}

/** The account with this id, or undefined. */
export async function accountById(db: Database, id: number): Promise<Person | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Counts one friend request attempt against the account's daily limit (takeDailyAttempt). */
export const takeRequestAttempt = (db: Database, accountId: number, now: number) =>
  takeDailyAttempt(db, friendRequestLog, accountId, FRIEND_REQUESTS_PER_DAY, now);

/** Drops request attempts older than a day in every account (the cron; each account's own on its next attempt). */
export async function dropOldRequestAttempts(db: Database, now: number): Promise<void> {
  await db.delete(friendRequestLog).where(lte(friendRequestLog.sentAt, new Date(now - DAY_MS)));
}

/** Who blocked whom between the two. */
async function blocksBetween(db: Database, accountId: number, otherId: number) {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, accountId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, accountId)),
      ),
    );
  return { theyBlocked: rows.some((row) => row.blockerId === otherId), iBlocked: rows.some((row) => row.blockerId === accountId) };
}

export type AcceptOutcome = { kind: "accepted"; friendId: number } | { kind: "unknown" | "my-cap" | "their-cap" };

/**
 * Accepts request `requestId` addressed to `accountId`: both friendship rows and the end of every
 * request between the two in one batch, on condition that neither has MAX_FRIENDS friends and
 * neither blocked the other. "unknown" for a request that is not this account's to answer.
 */
export async function acceptRequest(db: Database, requestId: number, accountId: number, now: number): Promise<AcceptOutcome> {
  const [request] = await db
    .select({ fromId: friendRequests.fromId })
    .from(friendRequests)
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.toId, accountId)));
  if (!request) return { kind: "unknown" };
  const { fromId } = request;
  const friends = sql`EXISTS (SELECT 1 FROM ${friendships} WHERE user_id = ${fromId} AND friend_id = ${accountId})`;
  const [, , ended] = await db.$client.batch<{ id: number }>([
    d1Statement(
      db,
      sql`INSERT OR IGNORE INTO ${friendships} (user_id, friend_id, created_at)
      SELECT from_id, to_id, ${now} FROM ${friendRequests}
      WHERE id = ${requestId} AND to_id = ${accountId}
        AND ${friendCount(fromId)} < ${MAX_FRIENDS} AND ${friendCount(accountId)} < ${MAX_FRIENDS}
        AND NOT ${blockBetween(fromId, accountId)}`,
    ),
    d1Statement(db, sql`INSERT OR IGNORE INTO ${friendships} (user_id, friend_id, created_at) SELECT ${accountId}, ${fromId}, ${now} WHERE ${friends}`),
    d1Statement(
      db,
      sql`DELETE FROM ${friendRequests}
      WHERE ((from_id = ${fromId} AND to_id = ${accountId}) OR (from_id = ${accountId} AND to_id = ${fromId})) AND ${friends}
      RETURNING id`,
    ),
  ]);
  if (ended.results.some((row) => row.id === requestId)) return { kind: "accepted", friendId: fromId };
  if (await blockedBetween(db, accountId, fromId)) return { kind: "unknown" };
  const [mine] = await db.select({ n: sql<number>`count(*)` }).from(friendships).where(eq(friendships.userId, accountId));
  return { kind: mine.n >= MAX_FRIENDS ? "my-cap" : "their-cap" };
}

async function blockedBetween(db: Database, accountId: number, otherId: number) {
  const { theyBlocked, iBlocked } = await blocksBetween(db, accountId, otherId);
  return theyBlocked || iBlocked;
}

export type RequestOutcome =
  | { kind: "created" | "existing" | "accepted"; id: number }
  | { kind: "unknown" | "self" | "you-blocked" | "friends" | "my-cap" | "their-cap" };

/**
 * Asks `toId` to be friends. A request to someone who already asked you accepts theirs; asking
 * again answers the same request. An account that blocked the asker is "unknown", exactly as
 * if the handle were nobody's.
 */
export async function sendRequest(db: Database, fromId: number, toId: number, now: number): Promise<RequestOutcome> {
  const { theyBlocked, iBlocked } = await blocksBetween(db, fromId, toId);
  if (theyBlocked) return { kind: "unknown" };
  if (toId === fromId) return { kind: "self" };
  if (iBlocked) return { kind: "you-blocked" };
  const [friendship] = await db
    .select({ one: sql<number>`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, fromId), eq(friendships.friendId, toId)));
  if (friendship) return { kind: "friends" };
  const [theirs] = await db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(and(eq(friendRequests.fromId, toId), eq(friendRequests.toId, fromId)));
  if (theirs) {
    const accepted = await acceptRequest(db, theirs.id, fromId, now);
    return accepted.kind === "accepted" ? { kind: "accepted", id: theirs.id } : { kind: accepted.kind };
  }
  const [mine] = await db.select({ n: sql<number>`count(*)` }).from(friendships).where(eq(friendships.userId, fromId));
  if (mine.n >= MAX_FRIENDS) return { kind: "my-cap" };
  const [created] = await db.all<{ id: number }>(sql`
    INSERT INTO ${friendRequests} (from_id, to_id, created_at)
    SELECT ${fromId}, ${toId}, ${now}
    WHERE NOT ${blockBetween(fromId, toId)}
      AND NOT EXISTS (SELECT 1 FROM ${friendships} WHERE user_id = ${fromId} AND friend_id = ${toId})
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (created) return { kind: "created", id: created.id };
  const [existing] = await db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)));
  if (existing) return { kind: "existing", id: existing.id };
  // Nothing stored and nothing there: a block or a friendship landed meanwhile.
  const after = await blocksBetween(db, fromId, toId);
  return { kind: after.theyBlocked ? "unknown" : after.iBlocked ? "you-blocked" : "friends" };
}

/** Incoming and outgoing requests, oldest first, with who is on the other side. */
export async function requestsOf(db: Database, accountId: number) {
  const columns = { requestId: friendRequests.id, createdAt: friendRequests.createdAt, ...person };
  // Not one Drizzle batch: its batch maps joined columns of the same name (id) wrongly.
  const [incoming, outgoing] = await Promise.all([
    db.select(columns).from(friendRequests).innerJoin(users, eq(users.id, friendRequests.fromId)).where(eq(friendRequests.toId, accountId)).orderBy(asc(friendRequests.id)),
    db.select(columns).from(friendRequests).innerJoin(users, eq(users.id, friendRequests.toId)).where(eq(friendRequests.fromId, accountId)).orderBy(asc(friendRequests.id)),
  ]);
  return { incoming, outgoing };
}

/** Ends a request the account received (decline) or sent (withdraw); false when there is none. */
export async function endRequest(db: Database, requestId: number, accountId: number, side: "received" | "sent"): Promise<boolean> {
  const mine = side === "received" ? eq(friendRequests.toId, accountId) : eq(friendRequests.fromId, accountId);
  const deleted = await db.delete(friendRequests).where(and(eq(friendRequests.id, requestId), mine)).returning({ id: friendRequests.id });
  return deleted.length > 0;
}

/** The two rows of a friendship, and each one's place in the other's chosen audience. */
const unfriendQueries = (db: Database, accountId: number, otherId: number) =>
  [
    db
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, accountId), eq(friendships.friendId, otherId)),
          and(eq(friendships.userId, otherId), eq(friendships.friendId, accountId)),
        ),
      ),
    db
      .delete(checkInAudience)
      .where(
        or(
          and(eq(checkInAudience.userId, accountId), eq(checkInAudience.friendId, otherId)),
          and(eq(checkInAudience.userId, otherId), eq(checkInAudience.friendId, accountId)),
        ),
      ),
  ] as const;

/** Ends a friendship both ways (nothing when there was none). */
export async function unfriend(db: Database, accountId: number, otherId: number): Promise<void> {
  await db.batch(unfriendQueries(db, accountId, otherId));
}

/**
 * Blocks `otherId`: the block, the end of the friendship, of every request between the two and
 * of each one's place in the other's check-in audience, all at once. False for an unknown account.
 */
export async function block(db: Database, accountId: number, otherId: number, now: number): Promise<boolean> {
  const [inserted] = await db.$client.batch([
    d1Statement(db, sql`INSERT OR IGNORE INTO ${blocks} (blocker_id, blocked_id, created_at) SELECT ${accountId}, id, ${now} FROM ${users} WHERE id = ${otherId}`),
    ...unfriendQueries(db, accountId, otherId).map((query) => d1Statement(db, query)),
    d1Statement(
      db,
      db
        .delete(friendRequests)
        .where(
          or(
            and(eq(friendRequests.fromId, accountId), eq(friendRequests.toId, otherId)),
            and(eq(friendRequests.fromId, otherId), eq(friendRequests.toId, accountId)),
          ),
        ),
    ),
  ]);
  if (inserted.meta.changes > 0) return true;
  return (await accountById(db, otherId)) !== undefined;
}

/** Lifts the account's block of `otherId`; they are not friends again until one asks. */
export async function unblock(db: Database, accountId: number, otherId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, accountId), eq(blocks.blockedId, otherId)));
}

/** The accounts this one blocked (never who blocked it), the latest first. */
export async function blocksOf(db: Database, accountId: number) {
  return db
    .select({ ...person, since: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, accountId))
    .orderBy(desc(blocks.createdAt), asc(users.id));
}

/**
 * Stores a new invite link's hash; the account's expired links go, and beyond MAX_OPEN_INVITES
 * the oldest open ones are withdrawn.
 */
export async function insertInvite(db: Database, invite: { tokenHash: string; userId: number; expiresAt: Date }, now: Date): Promise<void> {
  const keep = db
    .select({ tokenHash: friendInvites.tokenHash })
    .from(friendInvites)
    .where(eq(friendInvites.userId, invite.userId))
    .orderBy(desc(friendInvites.createdAt), desc(friendInvites.tokenHash))
    .limit(MAX_OPEN_INVITES);
  await db.batch([
    db.delete(friendInvites).where(and(eq(friendInvites.userId, invite.userId), lte(friendInvites.expiresAt, now))),
    db.insert(friendInvites).values({ ...invite, createdAt: now }),
    db.delete(friendInvites).where(and(eq(friendInvites.userId, invite.userId), notInArray(friendInvites.tokenHash, keep))),
  ]);
}

/** Drops expired invite links in every account (the cron). */
export async function dropExpiredInvites(db: Database, now: number): Promise<void> {
  await db.delete(friendInvites).where(lte(friendInvites.expiresAt, new Date(now)));
}

export type InviteOutcome = { kind: "friends"; friend: Person } | { kind: "gone" | "own" | "my-cap" | "their-cap" };

/**
 * Makes the link's maker and `accountId` friends and uses the link up, in one batch. Someone
 * already their friend succeeds without using it up. A link of an account that blocked this one,
 * or that this one blocked, is "gone", like a used or expired one, and stays unused.
 */
export async function acceptInvite(db: Database, tokenHash: string, accountId: number, now: Date): Promise<InviteOutcome> {
  const [invite] = await db
    .select({ userId: friendInvites.userId })
    .from(friendInvites)
    .where(and(eq(friendInvites.tokenHash, tokenHash), gt(friendInvites.expiresAt, now)));
  if (!invite) return { kind: "gone" };
  const makerId = invite.userId;
  if (await blockedBetween(db, accountId, makerId)) return { kind: "gone" };
  if (makerId === accountId) return { kind: "own" };
  const maker = await accountById(db, makerId);
  if (!maker) return { kind: "gone" };
  const friends = sql`EXISTS (SELECT 1 FROM ${friendships} WHERE user_id = ${makerId} AND friend_id = ${accountId})`;
  const [already] = await db.select({ one: sql<number>`1` }).from(friendships).where(and(eq(friendships.userId, accountId), eq(friendships.friendId, makerId)));
  if (already) return { kind: "friends", friend: maker };
  const [, , used] = await db.$client.batch([
    d1Statement(
      db,
      sql`INSERT OR IGNORE INTO ${friendships} (user_id, friend_id, created_at)
      SELECT user_id, ${accountId}, ${now.getTime()} FROM ${friendInvites}
      WHERE token_hash = ${tokenHash} AND expires_at > ${now.getTime()}
        AND ${friendCount(makerId)} < ${MAX_FRIENDS} AND ${friendCount(accountId)} < ${MAX_FRIENDS}
        AND NOT ${blockBetween(makerId, accountId)}`,
    ),
    d1Statement(db, sql`INSERT OR IGNORE INTO ${friendships} (user_id, friend_id, created_at) SELECT ${accountId}, ${makerId}, ${now.getTime()} WHERE ${friends}`),
    d1Statement(db, db.delete(friendInvites).where(and(eq(friendInvites.tokenHash, tokenHash), friends)).returning({ tokenHash: friendInvites.tokenHash })),
    d1Statement(db, db
      .delete(friendRequests)
      .where(
        and(
          or(
            and(eq(friendRequests.fromId, makerId), eq(friendRequests.toId, accountId)),
            and(eq(friendRequests.fromId, accountId), eq(friendRequests.toId, makerId)),
          ),
          friends,
        ),
      )),
  ]);
  if (used.results.length > 0) return { kind: "friends", friend: maker };
  // Not used: a parallel accept used it, it expired meanwhile, a block landed, or a cap was reached.
  const [stillOpen] = await db.select({ one: sql<number>`1` }).from(friendInvites).where(eq(friendInvites.tokenHash, tokenHash));
  if (!stillOpen || (await blockedBetween(db, accountId, makerId))) return { kind: "gone" };
  const [mine] = await db.select({ n: sql<number>`count(*)` }).from(friendships).where(eq(friendships.userId, accountId));
  return { kind: mine.n >= MAX_FRIENDS ? "my-cap" : "their-cap" };
}

/** Of `ids`, those that are the account's friends. */
export async function friendsAmong(db: Database, accountId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    // One JSON parameter, not one per id: D1 binds at most 100 parameters per statement.
    .where(and(eq(friendships.userId, accountId), sql`${friendships.friendId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`));
  return new Set(rows.map((row) => row.id));
}
