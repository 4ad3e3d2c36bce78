import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../../worker/auth/password";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  issueAccessToken,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  verifyAccessToken,
} from "../../worker/auth/tokens";

const secret = "unit-test-secret-of-at-least-32-characters";
const unsigned = (header: object, payload: object) =>
  [header, payload].map((part) => btoa(JSON.stringify(part)).replace(/=+$/, "")).join(".") + ".";

describe("access tokens", () => {
  it("round-trips an owner and an administrator", async () => {
    const owner = await issueAccessToken(secret, { userId: 42, role: "owner" });
    expect(await verifyAccessToken(secret, owner)).toEqual({ userId: 42, role: "owner" });
    const admin = await issueAccessToken(secret, { userId: null, role: "admin" });
    expect(await verifyAccessToken(secret, admin)).toEqual({
      userId: null,
      role: "admin",
      adminToken: { id: expect.any(String), expiresAt: expect.any(Date) },
    });
  });

  it("refuses an admin token without an id, which logout could not revoke", async () => {
    const withoutId = await new SignJWT({ role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("admin")
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(secret, withoutId)).toBeNull();
  });

  it("expires after 15 minutes", async () => {
    const now = Date.UTC(2026, 2, 1, 12);
    const token = await issueAccessToken(secret, { userId: 1, role: "owner" }, { now });
    expect(await verifyAccessToken(secret, token, { now: now + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000 })).not.toBeNull();
    expect(await verifyAccessToken(secret, token, { now: now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000 })).toBeNull();
  });

  it("refuses alg none, another secret, another audience and a tampered payload", async () => {
    const claims = { sub: "1", role: "admin", iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: 1, exp: 4102444800 };
    expect(await verifyAccessToken(secret, unsigned({ alg: "none", typ: "JWT" }, claims))).toBeNull();

    const otherSecret = await issueAccessToken("another-secret-that-is-also-long-enough!", { userId: 1, role: "owner" });
    expect(await verifyAccessToken(secret, otherSecret)).toBeNull();

    const otherAudience = await new SignJWT({ role: "owner" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer(TOKEN_ISSUER)
      .setAudience("someone-else")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(secret, otherAudience)).toBeNull();

    const [header, , signature] = (await issueAccessToken(secret, { userId: 1, role: "owner" })).split(".");
    const promoted = btoa(JSON.stringify({ ...claims, role: "admin" })).replace(/=+$/, "");
    expect(await verifyAccessToken(secret, `${header}.${promoted}.${signature}`)).toBeNull();
  });
});

describe("passwords", () => {
  it("hash with PBKDF2 at most 100,000 iterations, stored with the hash", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
  });

  it("salts every hash and verifies older, smaller iteration counts", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
    expect(await verifyPassword("legacy", await hashPassword("legacy", 1_000))).toBe(true);
  });

  it("refuses stored hashes above the platform's limit or in another scheme", async () => {
    const stored = await hashPassword("pw", 1_000);
    expect(await verifyPassword("pw", stored.replace("$1000$", "$200000$"))).toBe(false);
    expect(await verifyPassword("pw", stored.replace("pbkdf2-sha256", "md5"))).toBe(false);
  });
});
