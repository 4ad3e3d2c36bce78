// Invite links carry a signed token: which invite (a place_invites row, which makes it single-use)
// for which place. Same secret as access tokens but its own audience, so neither passes for the other.
import { errors, jwtVerify, SignJWT } from "jose";
import { TOKEN_ISSUER } from "./tokens";

export const INVITE_AUDIENCE = "third-place-invite";
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface InviteClaims {
  inviteId: string;
  placeId: number;
}

export type InviteCheck = { status: "valid"; claims: InviteClaims } | { status: "expired" } | { status: "invalid" };

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export function signInviteToken(secret: string, claims: InviteClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ place_id: claims.placeId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setJti(claims.inviteId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(INVITE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secretKey(secret));
}

export async function verifyInviteToken(secret: string, token: string, options: { now?: number } = {}): Promise<InviteCheck> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: INVITE_AUDIENCE,
      requiredClaims: ["jti", "exp"],
      currentDate: options.now === undefined ? undefined : new Date(options.now),
    });
    const placeId = payload.place_id;
    if (typeof placeId !== "number" || !Number.isSafeInteger(placeId) || placeId <= 0 || !payload.jti) {
      return { status: "invalid" };
    }
    return { status: "valid", claims: { inviteId: payload.jti, placeId } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { status: "expired" };
    if (error instanceof errors.JOSEError) return { status: "invalid" };
    throw error;
  }
}
