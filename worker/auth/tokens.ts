// Access tokens: HS256 JWTs (jose). The algorithm, issuer and audience are pinned on verify, so
// `alg: none`, other algorithms, other audiences and tampered tokens are all refused.
import { errors, jwtVerify, SignJWT } from "jose";

export const TOKEN_ISSUER = "third-place";
export const TOKEN_AUDIENCE = "third-place-api";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ADMIN_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export type Role = "owner" | "admin";

/** Who is calling: a signed-in user, or the administrator (userId null when signed in by password). */
export interface Principal {
  userId: number | null;
  role: Role;
}

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export async function issueAccessToken(
  secret: string,
  principal: Principal,
  options: { now?: number; ttlSeconds?: number } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  const ttl = options.ttlSeconds ?? (principal.role === "admin" ? ADMIN_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS);
  return new SignJWT({ role: principal.role })
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
    const { payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: options.now === undefined ? undefined : new Date(options.now),
    });
    const role = payload.role;
    if (role === "admin") {
      return { role, userId: payload.sub === "admin" ? null : Number(payload.sub) };
    }
    const userId = Number(payload.sub);
    if (role !== "owner" || !Number.isSafeInteger(userId) || userId <= 0) return null;
    return { role, userId };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
