// Fresh proofs of who holds a sign-in (docs/accounts.md#fresh-proof): the password or a passkey of
// the account, given on one sign-in (its refresh family) in the last FRESH_PROOF_TTL_MS.
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { refreshTokens, sessionProofs } from "../../drizzle/schema";
import type { Database } from "./client";

/** How long a proof opens the guarded actions: long enough for one sitting in settings. */
export const FRESH_PROOF_TTL_MS = 5 * 60_000;

/** Records (or renews) a proof given on this sign-in. */
export async function recordProof(db: Database, sessionId: string, userId: number, now: Date) {
  await db
    .insert(sessionProofs)
    .values({ sessionId, userId, verifiedAt: now })
    .onConflictDoUpdate({ target: sessionProofs.sessionId, set: { userId, verifiedAt: now } });
}

/** Whether this sign-in, still live, proved itself for this account within the last 5 minutes. */
export async function hasFreshProof(db: Database, sessionId: string, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(sessionProofs)
    .innerJoin(refreshTokens, eq(refreshTokens.familyId, sessionProofs.sessionId))
    .where(
      and(
        eq(sessionProofs.sessionId, sessionId),
        eq(sessionProofs.userId, userId),
        gt(sessionProofs.verifiedAt, new Date(now.getTime() - FRESH_PROOF_TTL_MS)),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The account's proofs, but for the sign-in `keep` when given: statements for a batch. */
export const dropProofs = (db: Database, userId: number, keep?: string) =>
  db.delete(sessionProofs).where(and(eq(sessionProofs.userId, userId), keep === undefined ? undefined : ne(sessionProofs.sessionId, keep)));
