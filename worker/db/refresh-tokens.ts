import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { refreshTokens } from "../../drizzle/schema";
import type { Database } from "./client";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface NewRefreshToken {
  id: string;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
}

export async function findRefreshToken(db: Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Starts a family (one sign-in) and drops the user's expired tokens, which nothing can use any more. */
export async function insertRefreshToken(db: Database, token: NewRefreshToken, now: Date) {
  await db.batch([
    db.delete(refreshTokens).where(and(eq(refreshTokens.userId, token.userId), lt(refreshTokens.expiresAt, now))),
    db.insert(refreshTokens).values(token),
  ]);
}

/**
 * Replaces `currentId` by `next` in one transaction. The new row is only written while the current one
 * is still live, so of two refreshes racing with the same token exactly one rotates; returns whether
 * this call did.
 */
export async function rotateRefreshToken(db: Database, currentId: string, next: NewRefreshToken, now: Date) {
  const [inserted] = await db.batch([
    db.insert(refreshTokens).select(
      db
        .select({
          id: sql`${next.id}`.as("id"),
          userId: sql`${next.userId}`.as("user_id"),
          familyId: sql`${next.familyId}`.as("family_id"),
          tokenHash: sql`${next.tokenHash}`.as("token_hash"),
          expiresAt: sql`${next.expiresAt.getTime()}`.as("expires_at"),
          revokedAt: sql`NULL`.as("revoked_at"),
          createdAt: sql`${now.getTime()}`.as("created_at"),
        })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.id, currentId), isNull(refreshTokens.revokedAt))),
    ),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.id, currentId), isNull(refreshTokens.revokedAt))),
  ]);
  return inserted.meta.changes === 1;
}

/** Ends every token of a sign-in: on logout, and when a rotated token comes back (likely stolen). */
export async function revokeFamily(db: Database, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function familyHasLiveToken(db: Database, familyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Every live token of the account, but the sign-in `keep` when given: "sign out everywhere" (docs/accounts.md#signing-out-everywhere). */
export const revokeAccountTokens = (db: Database, userId: number, now: Date, keep?: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep === undefined ? undefined : ne(refreshTokens.familyId, keep)));
