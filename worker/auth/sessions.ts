// Owner sessions: a short access token (tokens.ts) plus a long-lived refresh token in an httpOnly
// cookie. Each refresh rotates the cookie; a rotated token presented again means two parties hold
// it, so the whole family (everything descending from that sign-in) is revoked.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Database } from "../db/client";
import { dropAccountChallenges } from "../db/passkeys";
import {
  familyHasLiveToken,
  findRefreshToken,
  insertRefreshToken,
  revokeAccountTokens,
  revokeFamily,
  rotateRefreshToken,
  type RefreshTokenRow,
} from "../db/refresh-tokens";
import { dropProofs } from "../db/session-proofs";
import { findUserById } from "../db/users";
import type { AppEnv } from "../env";
import { randomToken, sha256Hex } from "../lib/crypto";
import { unauthorized } from "../lib/errors";
import { issueAccessToken, type Role } from "./tokens";

export const REFRESH_COOKIE_NAME = "tp_refresh";
/** Only the API reads the cookie; the pages never see it. */
export const REFRESH_COOKIE_PATH = "/api";
/** A sign-in lasts 30 days however often it is refreshed; then the owner signs in again. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A rotated token seen again this soon after its rotation is a second request of the same browser
 * that was already in flight (two tabs, parallel calls), not a thief: it gets an access token but
 * no new cookie, and the family lives on.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

export type RefreshDecision = "rotate" | "grace" | "revoke-family" | "refuse";

/**
 * What a refresh with `row` (the cookie's token, if known) asking for `userId` may do. Reuse is
 * checked before the user id, so replaying a rotated token revokes its family whatever id comes with it.
 */
export function decideRefresh(
  row: Pick<RefreshTokenRow, "userId" | "expiresAt" | "revokedAt"> | undefined,
  userId: number,
  now: Date,
  familyStillLive: boolean,
): RefreshDecision {
  if (!row || row.expiresAt <= now) return "refuse";
  if (row.revokedAt) {
    const justRotated = familyStillLive && now.getTime() - row.revokedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (!justRotated) return "revoke-family";
    return row.userId === userId ? "grace" : "refuse";
  }
  return row.userId === userId ? "rotate" : "refuse";
}

function setRefreshCookie(c: Context<AppEnv>, token: string, expiresAt: Date, now: Date) {
  setCookie(c, REFRESH_COOKIE_NAME, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE_NAME, { path: REFRESH_COOKIE_PATH, secure: true, httpOnly: true, sameSite: "Strict" });
}

// The token names its sign-in, so a fresh proof given on it stays with it (docs/accounts.md#fresh-proof).
const accessTokenFor = (c: Context<AppEnv>, userId: number, role: Role, sessionId: string) =>
  issueAccessToken(c.env.JWT_SECRET, { userId, role, sessionId });

/** Signs a user in: a new refresh family in the cookie, and the access token to return. */
export async function startSession(c: Context<AppEnv>, db: Database, user: { id: number; role: Role }) {
  const now = new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  const familyId = randomToken(16);
  await insertRefreshToken(db, { id: randomToken(16), userId: user.id, familyId, tokenHash: await sha256Hex(token), expiresAt }, now);
  setRefreshCookie(c, token, expiresAt, now);
  return accessTokenFor(c, user.id, user.role, familyId);
}

/** The cookie's token row, if the request carries a refresh cookie we issued. */
async function presentedToken(c: Context<AppEnv>, db: Database) {
  const token = getCookie(c, REFRESH_COOKIE_NAME);
  return token ? findRefreshToken(db, await sha256Hex(token)) : undefined;
}

/** POST /api/refresh: a new access token for `userId`, rotating the cookie; throws 401 otherwise. */
export async function refreshSession(c: Context<AppEnv>, db: Database, userId: number): Promise<string> {
  const row = await presentedToken(c, db);
  const now = new Date();
  const familyStillLive = row?.revokedAt ? await familyHasLiveToken(db, row.familyId, now) : false;
  const decision = decideRefresh(row, userId, now, familyStillLive);
  if (decision === "revoke-family") await revokeFamily(db, row!.familyId, now);
  const user = decision === "rotate" || decision === "grace" ? await findUserById(db, userId) : undefined;
  if (!row || !user) {
    // This browser's cookie will never work again (or belongs to someone else): drop it.
    clearRefreshCookie(c);
    throw unauthorized(SESSION_ENDED_MESSAGE);
  }
  if (decision === "rotate") {
    const token = randomToken();
    const next = { id: randomToken(16), userId, familyId: row.familyId, tokenHash: await sha256Hex(token), expiresAt: row.expiresAt };
    // Losing the race to a parallel refresh is the grace case: the winner's cookie stands.
    if (await rotateRefreshToken(db, row.id, next, now)) setRefreshCookie(c, token, row.expiresAt, now);
  }
  return accessTokenFor(c, user.id, user.role, row.familyId);
}

/** Ends the sign-in behind the cookie, if any; always clears the cookie. */
export async function endSession(c: Context<AppEnv>, db: Database) {
  const row = await presentedToken(c, db);
  if (row) await revokeFamily(db, row.familyId, new Date());
  clearRefreshCookie(c);
}

/**
 * Signs the account out everywhere (docs/accounts.md#signing-out-everywhere): every sign-in's
 * refresh tokens, the fresh proofs given on them and its passkey ceremonies under way, but the
 * sign-in `keep` (the one that just proved itself and changed a way in) when given. Access tokens
 * already issued live out their 15 minutes and open nothing a fresh proof guards.
 */
export async function endAccountSessions(db: Database, userId: number, now: Date, keep?: string) {
  await db.batch([revokeAccountTokens(db, userId, now, keep), dropProofs(db, userId, keep), dropAccountChallenges(db, userId)]);
}
