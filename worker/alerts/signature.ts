// Webhook signatures (docs/alerts.md#verifying-a-delivery), like Stripe's: the header
// `Third-Place-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the endpoint's
// secret. Pure (Web Crypto only) so receivers can copy verifyWebhookSignature.

export const SIGNATURE_HEADER = "Third-Place-Signature";
/** A receiver should refuse a signature older than this, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The header value for `body` sent at `nowMs`. */
export async function signWebhook(secret: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;
}

/** Compares in time independent of where two strings of equal length differ. */
function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Whether `header` signs `body` (the raw text received) with `secret`, made within
 * `toleranceS` of `nowMs`. Any v1 entry may match (rotation-friendly, as Stripe's).
 */
export async function verifyWebhookSignature(secret: string, body: string, header: string | null, nowMs: number, toleranceS = SIGNATURE_TOLERANCE_S): Promise<boolean> {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([name]) => name === "t")?.[1];
  const signatures = parts.filter(([name, value]) => name === "v1" && value).map(([, value]) => value);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceS) return false;
  const expected = await hmacHex(secret, `${t}.${body}`);
  return signatures.some((signature) => equalText(signature, expected));
}
