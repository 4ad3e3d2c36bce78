// The one-tap "Stop watching" of a notification (docs/watches.md#stopping-from-a-notification): the
// service worker POSTs to the stop path without credentials (it has no access token), so the path
// carries its own proof: an HMAC of the watch under a key derived from the worker's secret. It
// works once: stopping deletes the watch, and a new watch has a new id and so a new signature.
import { constantTimeEqual, toBase64Url } from "../lib/crypto";

const encoder = new TextEncoder();

async function signatureOf(secret: string, watch: { id: number; userId: number; createdAt: Date }): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(`${secret}\nwatch-stop`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${watch.id}\n${watch.userId}\n${watch.createdAt.getTime()}`)));
  // 128 bits: out of reach of guessing, and a short path.
  return toBase64Url(mac.subarray(0, 16));
}

/** The path that stops this watch: POST, no credentials. */
export async function stopPathOf(secret: string, watch: { id: number; userId: number; createdAt: Date }): Promise<string> {
  return `/api/watches/${watch.id}/stop/${await signatureOf(secret, watch)}`;
}

/** Whether `signature` is this watch's. */
export async function isStopSignature(secret: string, watch: { id: number; userId: number; createdAt: Date }, signature: string): Promise<boolean> {
  return constantTimeEqual(await signatureOf(secret, watch), signature);
}
