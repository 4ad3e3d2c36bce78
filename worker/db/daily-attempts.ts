// Attempts an account may make a few times a day (friend requests, handle changes): one row per
// attempt in the action's log, counted over the last 24 hours.
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { handleChangeLog, type friendRequestLog } from "../../drizzle/schema";
import { HANDLE_CHANGES_PER_DAY } from "../../common/schemas/profile";
import { d1Statement, type Database } from "./client";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A log of attempts: (id, user_id, sent_at). */
export type AttemptLog = typeof friendRequestLog | typeof handleChangeLog;

/**
 * Counts one attempt against the account's daily `limit` in `log`: null when it may go ahead, else
 * the seconds until the oldest attempt of the last 24 hours ages out. The count and the insert are
 * one statement, so parallel attempts cannot pass the limit together.
 */
export async function takeDailyAttempt(db: Database, log: AttemptLog, accountId: number, limit: number, now: number): Promise<number | null> {
  const since = now - DAY_MS;
  const [, inserted] = await db.$client.batch([
    d1Statement(db, db.delete(log).where(and(eq(log.userId, accountId), lte(log.sentAt, new Date(since))))),
    d1Statement(
      db,
      sql`INSERT INTO ${log} (user_id, sent_at)
      SELECT ${accountId}, ${now}
      WHERE (SELECT count(*) FROM ${log} WHERE user_id = ${accountId} AND sent_at > ${since}) < ${limit}
      RETURNING id`,
    ),
  ]);
  if (inserted.results.length > 0) return null;
  const [oldest] = await db
    .select({ sentAt: log.sentAt })
    .from(log)
    .where(and(eq(log.userId, accountId), gt(log.sentAt, new Date(since))))
    .orderBy(asc(log.sentAt))
    .limit(1);
  return Math.max(1, Math.ceil(((oldest?.sentAt.getTime() ?? now) + DAY_MS - now) / 1000));
}

/** PATCH /api/me's handle changes, taken or free (docs/accounts.md#profile). */
export const takeHandleChangeAttempt = (db: Database, accountId: number, now: number) =>
  takeDailyAttempt(db, handleChangeLog, accountId, HANDLE_CHANGES_PER_DAY, now);
