// Password reset links (docs/accounts.md#password-reset): a token's SHA-256 per link, 30 minutes,
// used up in one statement; at most MAX_LIVE_RESETS live per account.
import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import { passwordResets, users } from "../../drizzle/schema";
import type { Database } from "./client";
import { setPasswordHash } from "./users";

/** Links live at once per account: more requests send no more mail until one expires or is used. */
export const MAX_LIVE_RESETS = 3;

/**
 * Stores a link for the account unless it has MAX_LIVE_RESETS live already (counted inside the
 * insert, so parallel requests cannot pass it), and drops every expired one. Whether it stored it.
 */
export async function insertPasswordReset(db: Database, reset: { tokenHash: string; userId: number; expiresAt: Date }, now: Date): Promise<boolean> {
  const live = db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, reset.userId), gt(passwordResets.expiresAt, now)));
  const [, inserted] = await db.batch([
    db.delete(passwordResets).where(lte(passwordResets.expiresAt, now)),
    db
      .insert(passwordResets)
      .select(
        db
          .select({
            tokenHash: sql`${reset.tokenHash}`.as("token_hash"),
            userId: users.id,
            expiresAt: sql`${reset.expiresAt.getTime()}`.as("expires_at"),
          })
          .from(users)
          .where(and(eq(users.id, reset.userId), sql`(${live}) < ${MAX_LIVE_RESETS}`)),
      )
      .returning({ tokenHash: passwordResets.tokenHash }),
  ]);
  return inserted.length === 1;
}

/**
 * Uses a live link up and sets the account's new password hash, in one batch: the link is deleted
 * whatever else happens, so it works once. The account it reset, or undefined for a link that is
 * unknown, used or expired. Every link of that account goes too: one reset ends them all.
 */
export async function redeemPasswordReset(db: Database, tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
  const [taken] = await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  if (!taken) return undefined;
  await db.batch([
    setPasswordHash(db, taken.userId, passwordHash),
    db.delete(passwordResets).where(eq(passwordResets.userId, taken.userId)),
  ]);
  return taken.userId;
}
