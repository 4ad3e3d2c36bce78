// The VAPID signature of a push (RFC 8292; docs/push.md#keys): an ES256 JWT naming the push
// service's origin (aud), an expiry (exp, at most 24 hours ahead) and who runs this server (sub),
// sent with our public key as `Authorization: vapid t=<jwt>, k=<key>`. Signed here with jose
// rather than by @block65/webcrypto-web-push's vapidHeaders, which refuses http:// endpoints
// (the local receivers of docs/push.md#testing-locally) and reads the wall clock instead of `now`.
import { importJWK, SignJWT } from "jose";
import { fromBase64Url, toBase64Url } from "../lib/crypto";

/** Push services refuse an exp more than 24 hours ahead; 12 leaves room for clock skew. */
export const VAPID_TTL_SECONDS = 12 * 3600;

type VapidEnv = Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">;

let cached: { privateKey: string; key: CryptoKey } | null = null;

/** The signing key from the base64url public point (0x04 ‖ x ‖ y) and private scalar, imported once per isolate. */
async function signingKey(env: VapidEnv): Promise<CryptoKey> {
  if (cached?.privateKey === env.VAPID_PRIVATE_KEY) return cached.key;
  const point = fromBase64Url(env.VAPID_PUBLIC_KEY);
  if (point.length !== 65 || point[0] !== 4) throw new Error("VAPID_PUBLIC_KEY is not a base64url uncompressed P-256 point.");
  const jwk = { kty: "EC", crv: "P-256", x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33)), d: env.VAPID_PRIVATE_KEY };
  const key = (await importJWK(jwk, "ES256")) as CryptoKey;
  cached = { privateKey: env.VAPID_PRIVATE_KEY, key };
  return key;
}

/** The Authorization header of a push to `endpoint` at `now`. */
export async function vapidAuthorization(env: VapidEnv, endpoint: string, now: number): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "ES256", typ: "JWT" })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(issuedAt + VAPID_TTL_SECONDS)
    .setSubject(env.VAPID_SUBJECT)
    .sign(await signingKey(env));
  return `vapid t=${jwt}, k=${env.VAPID_PUBLIC_KEY}`;
}
