// The extension lets Node run this file too: scripts/seed.ts hashes the demo owner's password with it.
import { constantTimeEqual, fromBase64Url, toBase64Url } from "../lib/crypto.ts";

/**
 * Production Workers refuse PBKDF2 above 100,000 iterations
 * (docs/architecture.md#platform-limits-we-design-around).
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** "pbkdf2-sha256$<iterations>$<salt>$<hash>": the count is stored so it can change later. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return [SCHEME, iterations, toBase64Url(salt), toBase64Url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  const hash = await derive(password, fromBase64Url(saltText), iterations);
  return constantTimeEqual(toBase64Url(hash), hashText);
}
