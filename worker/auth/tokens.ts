// Access tokens: HS256 JWTs (jose). The algorithm, issuer and audience are pinned on verify, so
// `alg: none`, other algorithms, other audiences and tampered tokens are all refused.
import { errors, jwtVerify, SignJWT } from "jose";
import { randomToken } from "../lib/crypto";

export const TOKEN_ISSUER = "third-place";
export const TOKEN_AUDIENCE = "third-place-api";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ADMIN_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export type Role = "owner" | "admin";

/** Who is calling: a signed-in user, or the administrator (userId null when signed in by password). */
export interface Principal {
  userId: number | null;
  role: Role;
  /** Admin tokens only: their id and expiry, so POST /api/admin/logout can end them early. */
  adminToken?: { id: string; expiresAt: Date };
  /**
   * Account tokens: the sign-in (refresh family) that issued it, which a fresh proof is bound to
   * (docs/accounts.md#fresh-proof). Absent only in tokens from before sign-ins were named.
   */
  sessionId?: string;
}

const secretKey = (secret: string) => new TextEncoder().encode(secret);

/**
 * The HMAC key that verifies tokens, imported once per secret in this isolate: importing it cost
 * more than the check itself on every signed-in request (docs/performance.md#messages).
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
function verifyKey(secret: string): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", secretKey(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(secret, key);
  }
  return key;
}

export async function issueAccessToken(
  secret: string,
  principal: Principal,
  options: { now?: number; ttlSeconds?: number } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  const ttl = options.ttlSeconds ?? (principal.role === "admin" ? ADMIN_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS);
  const jwt = new SignJWT(principal.sessionId ? { role: principal.role, sid: principal.sessionId } : { role: principal.role });
  // Admin tokens live 12 hours with no refresh: an id lets signing out revoke one on the server.
  if (principal.role === "admin") jwt.setJti(randomToken(16));
  return jwt
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(principal.userId === null ? "admin" : String(principal.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl)
    .sign(secretKey(secret));
}

/** The caller behind a token, or null for anything invalid, expired or not ours. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  options: { now?: number } = {},
): Promise<Principal | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: options.now === undefined ? undefined : new Date(options.now),
    });
    const role = payload.role;
    if (role === "admin") {
      // A token without an id could not be revoked: refuse it (only tokens from before ids existed).
      if (typeof payload.jti !== "string" || payload.jti === "") return null;
      return {
        role,
        userId: payload.sub === "admin" ? null : Number(payload.sub),
        adminToken: { id: payload.jti, expiresAt: new Date(payload.exp! * 1000) },
      };
    }
    const userId = Number(payload.sub);
    if (role !== "owner" || !Number.isSafeInteger(userId) || userId <= 0) return null;
    return typeof payload.sid === "string" && payload.sid !== "" ? { role, userId, sessionId: payload.sid } : { role, userId };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
