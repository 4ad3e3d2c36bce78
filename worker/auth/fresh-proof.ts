// A fresh proof before the actions that change how one gets into an account (docs/accounts.md#fresh-proof):
// the password, or an assertion of one of the account's passkeys, given on this sign-in in the last
// 5 minutes. So a stolen access token alone cannot add a passkey, remove one or set the password.
import type { Context } from "hono";
import type { User } from "../../drizzle/schema";
import type { Database } from "../db/client";
import { FRESH_PROOF_TTL_MS, hasFreshProof, recordProof } from "../db/session-proofs";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { authAccountLimit } from "../lib/rate-limit";
import { FRESH_PROOF_NEEDED_MESSAGE, PROOF_PASSKEY_MESSAGE, PROOF_PASSWORD_MESSAGE, type ReauthProof } from "../../common/schemas/profile";
import { checkAssertion, relyingPartyOf } from "./passkeys";
import { verifyPassword } from "./password";
import { SESSION_ENDED_MESSAGE } from "./sessions";

/** The sign-in the caller's token names; a token from before sign-ins were named is refreshed first (401). */
export function sessionIdOf(c: Context<AppEnv>): string {
  const { sessionId } = c.get("principal");
  if (!sessionId) throw unauthorized(SESSION_ENDED_MESSAGE);
  return sessionId;
}

/**
 * Checks the password or a passkey's assertion (a "confirm" challenge of this account); throws
 * 403 with `messages`' sentence when it does not prove the account (not 401: the caller is signed
 * in, and a 401 would make the client refresh and sign out). Counted like a sign-in of the account.
 */
export async function checkProof(
  c: Context<AppEnv>,
  db: Database,
  user: User,
  proof: ReauthProof,
  messages: { password: string; passkey: string } = { password: PROOF_PASSWORD_MESSAGE, passkey: PROOF_PASSKEY_MESSAGE },
) {
  // Guessing the password here is guessing it at sign-in: the same limit.
  await authAccountLimit(c.env, "login", user.email);
  if (proof.credential) {
    const confirmed = await checkAssertion(db, relyingPartyOf(c.env, c.req.url), proof.credential, "confirm", user.id, new Date());
    if (typeof confirmed === "string") throw forbidden(messages.passkey);
  } else if (!(await verifyPassword(proof.password!, user.passwordHash))) {
    throw forbidden(messages.password);
  }
}

/** POST /api/me/reauth: checks the proof and records it for this sign-in; when it stops counting. */
export async function proveSession(c: Context<AppEnv>, db: Database, user: User, proof: ReauthProof, now: Date): Promise<Date> {
  const sessionId = sessionIdOf(c);
  await checkProof(c, db, user, proof);
  await recordProof(db, sessionId, user.id, now);
  return new Date(now.getTime() + FRESH_PROOF_TTL_MS);
}

/** Throws 403 unless this sign-in proved itself in the last 5 minutes; the sign-in's id. */
export async function requireFreshProof(c: Context<AppEnv>, db: Database, userId: number, now: Date): Promise<string> {
  const sessionId = sessionIdOf(c);
  if (!(await hasFreshProof(db, sessionId, userId, now))) throw forbidden(FRESH_PROOF_NEEDED_MESSAGE);
  return sessionId;
}
