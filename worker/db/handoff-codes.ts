import { and, eq, gt, lte } from "drizzle-orm";
import { handoffCodes, users } from "../../drizzle/schema";
import type { HandoffOwnerAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";

/** Stores a new code's hash and drops every expired one, which nothing can redeem any more. */
export async function insertHandoffCode(db: Database, code: { codeHash: string; userId: number; expiresAt: Date }, now: Date) {
  await db.batch([db.delete(handoffCodes).where(lte(handoffCodes.expiresAt, now)), db.insert(handoffCodes).values(code)]);
}

/** Whom a live code would sign in, without using it up; selected as its answer. */
export async function handoffCodeOwner(db: Database, codeHash: string, now: Date): Promise<HandoffOwnerAnswer | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(handoffCodes)
    .innerJoin(users, eq(users.id, handoffCodes.userId))
    .where(and(eq(handoffCodes.codeHash, codeHash), gt(handoffCodes.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Uses a live code up in one statement, so of two redeems of the same code exactly one wins; with
 * `userId` the code must belong to that user. The user id it signs in, or undefined.
 */
export async function redeemHandoffCode(db: Database, codeHash: string, userId: number | undefined, now: Date) {
  const [row] = await db
    .delete(handoffCodes)
    .where(
      and(
        eq(handoffCodes.codeHash, codeHash),
        gt(handoffCodes.expiresAt, now),
        userId === undefined ? undefined : eq(handoffCodes.userId, userId),
      ),
    )
    .returning({ userId: handoffCodes.userId });
  return row?.userId;
}
