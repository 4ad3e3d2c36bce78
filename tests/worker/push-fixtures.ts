// The browser's half of Web Push, for tests only (docs/push.md#testing-locally): a subscription
// whose keys the test holds, a stub push service that records what it was sent, and the RFC 8291
// decryption (ECDH P-256, HKDF-SHA-256, AES-128-GCM per RFC 8188) that a browser does.
import { env } from "cloudflare:workers";
import { importJWK, jwtVerify, type JWTPayload } from "jose";
import { fromBase64Url, toBase64Url } from "../../worker/lib/crypto";
import { concatBytes } from "./image-fixtures";

const encoder = new TextEncoder();
/** A browser's subscription keys: the P-256 pair and the 16-byte auth secret. */
export interface BrowserKeys {
  privateKey: CryptoKey;
  /** The uncompressed public point (65 bytes). */
  publicKey: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
  /** As PushSubscription.toJSON() writes them. */
  json: { p256dh: string; auth: string };
}

export async function browserKeys(): Promise<BrowserKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { privateKey: pair.privateKey, publicKey, auth, json: { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) } };
}

/** The keys of RFC 8291 Appendix A's user agent, from its private scalar and public point (base64url). */
export async function browserKeysFrom(privateScalar: string, publicPoint: string, auth: string): Promise<BrowserKeys> {
  const publicKey = fromBase64Url(publicPoint);
  const jwk = { kty: "EC", crv: "P-256", d: privateScalar, x: toBase64Url(publicKey.slice(1, 33)), y: toBase64Url(publicKey.slice(33)) };
  const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  return { privateKey, publicKey, auth: fromBase64Url(auth), json: { p256dh: publicPoint, auth } };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info: Uint8Array.from(info) }, key, bytes * 8));
}

/**
 * Decrypts an aes128gcm push body (RFC 8188 §2.1 header: salt, record size, key id = the sender's
 * public key; one record) as the browser would (RFC 8291 §3.3–3.4); the plaintext without padding.
 */
export async function decryptPush(body: Uint8Array<ArrayBuffer>, keys: BrowserKeys): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20];
  const senderPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const sender = await crypto.subtle.importKey("raw", senderPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // The standard name is "public"; workers-types spells it $public (a reserved word in workerd's C++).
  const ecdh = { name: "ECDH", public: sender } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const shared = new Uint8Array(await crypto.subtle.deriveBits(ecdh, keys.privateKey, 256));
  const ikm = await hkdf(keys.auth, shared, concatBytes(encoder.encode("WebPush: info\0"), keys.publicKey, senderPublic), 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  // The last record ends with the delimiter 0x02, then zeros (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** What a stub push service received. */
export interface ReceivedPush {
  url: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** A push service that records each request and answers `status`. */
export function pushService(status: number, headers: Record<string, string> = {}) {
  const received: ReceivedPush[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    received.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    return new Response(null, { status, headers });
  }) as typeof fetch;
  return { received, fetcher };
}

/** Verifies `Authorization: vapid t=<jwt>, k=<key>` against the test VAPID key; the JWT's claims. */
export async function verifyVapid(authorization: string | null, audience: string, now: number): Promise<JWTPayload> {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  if (match[2] !== env.VAPID_PUBLIC_KEY) throw new Error("k is not our public key");
  const point = fromBase64Url(env.VAPID_PUBLIC_KEY);
  const key = await importJWK({ kty: "EC", crv: "P-256", x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33)) }, "ES256");
  const { payload, protectedHeader } = await jwtVerify(match[1], key, { audience, algorithms: ["ES256"], currentDate: new Date(now) });
  if (protectedHeader.typ !== "JWT") throw new Error("typ is not JWT");
  return payload;
}
