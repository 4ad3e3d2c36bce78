// Passkeys and the WebAuthn challenges handed out for them (docs/accounts.md#passkeys).
import { and, asc, count, eq, exists, isNull, lte, ne, or, sql } from "drizzle-orm";
import { passkeys, users, webauthnChallenges, type Passkey } from "../../drizzle/schema";
import { MAX_PASSKEYS_PER_ACCOUNT, type PasskeyAnswer } from "../../common/schemas/passkeys";
import type { Database } from "./client";
import { NO_PASSWORD } from "./users";

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)["purpose"];
export type ChallengeRow = typeof webauthnChallenges.$inferSelect;

/**
 * Stores a challenge and drops every expired one. A signed-in account's earlier challenges of the
 * same purpose go too: only its newest ceremony can finish, so it holds one row per purpose.
 */
export async function insertChallenge(
  db: Database,
  row: { challenge: string; purpose: ChallengePurpose; userId?: number; userHandle?: string; pending?: string; expiresAt: Date },
  now: Date,
) {
  await db.batch([
    db
      .delete(webauthnChallenges)
      .where(
        or(
          lte(webauthnChallenges.expiresAt, now),
          row.userId === undefined ? undefined : and(eq(webauthnChallenges.userId, row.userId), eq(webauthnChallenges.purpose, row.purpose)),
        ),
      ),
    db.insert(webauthnChallenges).values(row),
  ]);
}

/**
 * Uses a live challenge up in one statement (of two answers to one challenge exactly one gets it),
 * for `purpose` and, when given, the signed-in account it was issued to. Undefined when it is
 * unknown, used, expired, of another purpose or another account's.
 */
export async function takeChallenge(db: Database, challenge: string, purpose: ChallengePurpose, userId: number | null, now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning();
  return row && row.expiresAt > now ? row : undefined;
}

/** The account's passkey ceremonies under way (adding one, confirming): a statement for a batch. */
export const dropAccountChallenges = (db: Database, userId: number) => db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));

export const toPasskeyAnswer = (row: Passkey): PasskeyAnswer => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The account's passkeys, oldest first. */
export function listPasskeys(db: Database, userId: number): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function findPasskeyByCredentialId(db: Database, credentialId: string): Promise<Passkey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export type NewPasskey = Pick<Passkey, "userId" | "credentialId" | "publicKey" | "counter" | "userHandle" | "name"> & { transports: string[] };

/**
 * Adds a passkey unless the account already has MAX_PASSKEYS_PER_ACCOUNT (counted inside the
 * insert, so parallel adds cannot pass the cap) or the credential is registered already.
 */
export async function insertPasskey(db: Database, passkey: NewPasskey, now: Date): Promise<Passkey | "limit" | "taken"> {
  const held = db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, passkey.userId));
  const [row] = await db
    .insert(passkeys)
    .select(
      // Insert-select names every column in table order.
      db
        .select({
          id: sql`null`.as("id"),
          userId: users.id,
          credentialId: sql`${passkey.credentialId}`.as("credential_id"),
          publicKey: sql`${passkey.publicKey}`.as("public_key"),
          counter: sql`${passkey.counter}`.as("counter"),
          transports: sql`${JSON.stringify(passkey.transports)}`.as("transports"),
          userHandle: sql`${passkey.userHandle}`.as("user_handle"),
          name: sql`${passkey.name}`.as("name"),
          createdAt: sql`${now.getTime()}`.as("created_at"),
          lastUsedAt: sql`null`.as("last_used_at"),
        })
        .from(users)
        .where(and(eq(users.id, passkey.userId), sql`(${held}) < ${MAX_PASSKEYS_PER_ACCOUNT}`)),
    )
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  return (await findPasskeyByCredentialId(db, passkey.credentialId)) ? "taken" : "limit";
}

/** After a verified assertion: the new counter and the time. False when another sign-in moved the counter first. */
export async function recordPasskeyUse(db: Database, passkey: Pick<Passkey, "id" | "counter">, newCounter: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return row !== undefined;
}

export async function renamePasskey(db: Database, userId: number, id: number, name: string): Promise<Passkey | undefined> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}

/**
 * Removes one of the account's passkeys unless it is the account's last way to sign in (no
 * password and no other passkey), checked inside the delete so two removals cannot both pass.
 */
export async function deletePasskey(db: Database, userId: number, id: number): Promise<"deleted" | "not-found" | "last"> {
  const others = db.select({ n: count() }).from(passkeys).where(and(eq(passkeys.userId, userId), ne(passkeys.id, id)));
  const hasPassword = db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), ne(users.passwordHash, NO_PASSWORD)));
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId), or(sql`(${others}) > 0`, exists(hasPassword))))
    .returning({ id: passkeys.id });
  if (row) return "deleted";
  const [mine] = await db.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return mine ? "last" : "not-found";
}
