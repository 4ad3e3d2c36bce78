// What the server refuses: forged and expired tokens, the admin password, and who may generate an
// invite for a place (requirePlaceOwner: owner A vs owner B vs admin vs nobody).
import { env } from "cloudflare:workers";
import { generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PBKDF2_ITERATIONS } from "../../worker/auth/password";
import { issueAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../worker/auth/tokens";
import { ADMIN_WRONG_PASSWORD_MESSAGE } from "../../common/schemas/auth";
import { adminToken, bearer, placeOwnedBy } from "./fixtures";
import { api, postJson, signUpOwner } from "./helpers";

const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

async function claimsFor(userId: number, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: String(userId), role: "owner", iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600, ...overrides };
}

function signHs(claims: Record<string, unknown>, secret: string, alg = "HS256") {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

async function signAsymmetric(claims: Record<string, unknown>, alg: "RS256" | "ES256") {
  const { privateKey } = await generateKeyPair(alg);
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(privateKey);
}

describe("forged and expired access tokens on a protected route", () => {
  it("accepts the genuine article (the control)", async () => {
    const owner = await signUpOwner();
    const token = await signHs(await claimsFor(owner.userId), env.JWT_SECRET);
    expect((await api("/api/me", { headers: bearer(token) })).status).toBe(200);
  });

  it.each<[string, (userId: number) => Promise<string>]>([
    ["alg none", async (id) => `${base64Url({ alg: "none", typ: "JWT" })}.${base64Url(await claimsFor(id))}.`],
    ["HS256 with another secret", async (id) => signHs(await claimsFor(id), "someone-elses-secret-of-sufficient-length")],
    ["HS512 with our secret", async (id) => signHs(await claimsFor(id), env.JWT_SECRET, "HS512")],
    ["RS256", async (id) => signAsymmetric(await claimsFor(id), "RS256")],
    ["ES256", async (id) => signAsymmetric(await claimsFor(id), "ES256")],
    ["a wrong audience", async (id) => signHs(await claimsFor(id, { aud: "third-place-invite" }), env.JWT_SECRET)],
    ["a wrong issuer", async (id) => signHs(await claimsFor(id, { iss: "evil" }), env.JWT_SECRET)],
    ["an expired token", (id) => issueAccessToken(env.JWT_SECRET, { userId: id, role: "owner" }, { now: Date.now() - 16 * 60_000 })],
    [
      "a payload promoted to admin",
      async (id) => {
        const [header, , signature] = (await issueAccessToken(env.JWT_SECRET, { userId: id, role: "owner" })).split(".");
        return `${header}.${base64Url(await claimsFor(id, { role: "admin" }))}.${signature}`;
      },
    ],
    ["garbage", async () => "not.a.jwt"],
  ])("refuses %s with 401", async (_name, forge) => {
    const owner = await signUpOwner();
    const response = await api("/api/me", { headers: bearer(await forge(owner.userId)) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to continue." });
  });
});

describe("passwords", () => {
  it("use at most 100,000 PBKDF2 iterations, the most production Workers allow", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const owner = await signUpOwner();
    const stored = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(owner.userId).first<string>("password_hash");
    expect(Number(stored!.split("$")[1])).toBeLessThanOrEqual(100_000);
  });
});

describe("POST /api/admin/login", () => {
  it("refuses a wrong password with the spec's sentence", async () => {
    const response = await postJson("/api/admin/login", { password: "not-it" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: ADMIN_WRONG_PASSWORD_MESSAGE });
  });

  it("gives a 12-hour admin token, and no refresh cookie, for the right one", async () => {
    const response = await postJson("/api/admin/login", { password: env.ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const { access_token } = await response.json<{ access_token: string }>();
    const payload = JSON.parse(atob(access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(payload).toMatchObject({ role: "admin", sub: "admin", aud: TOKEN_AUDIENCE });
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
    const placeId = await placeOwnedBy("Admin Can Manage");
    expect((await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(access_token))).status).toBe(201);
  });

  it("refuses an empty password with 400", async () => {
    expect((await postJson("/api/admin/login", { password: "" })).status).toBe(400);
  });
});

describe("POST /api/admin/logout", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const signInAsAdmin = async () => {
    const response = await postJson("/api/admin/login", { password: env.ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    return (await response.json<{ access_token: string }>()).access_token;
  };
  const logout = (token: string, body: unknown = {}) => postJson("/api/admin/logout", body, bearer(token));
  const revokedIds = async () =>
    (await env.DB.prepare("SELECT jti FROM revoked_admin_tokens ORDER BY jti").all<{ jti: string }>()).results.map((row) => row.jti);
  const jtiOf = (token: string) => JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).jti as string;

  it("ends that admin token on the server: its next use is a 401 everywhere, other admin sessions live on", async () => {
    const token = await signInAsAdmin();
    const otherBrowser = await signInAsAdmin();
    const placeId = await placeOwnedBy("Logout Bar");
    expect((await api("/api/businesses", { headers: bearer(token) })).status).toBe(200);

    const response = await logout(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const adminOnly = await api("/api/businesses", { headers: bearer(token) });
    expect(adminOnly.status).toBe(401);
    expect(await adminOnly.json()).toEqual({ error: "Sign in to continue." });
    expect((await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(token))).status).toBe(401);
    expect((await api(`/api/place/${placeId}`, { headers: bearer(token) })).status).toBe(401);
    expect((await logout(token)).status).toBe(401);
    expect((await api("/api/businesses", { headers: bearer(otherBrowser) })).status).toBe(200);
  });

  it("refuses a body, an owner (403) and no token (401), and ends nothing then", async () => {
    const token = await signInAsAdmin();
    const owner = await signUpOwner();
    const before = await revokedIds();
    expect((await logout(token, { everyone: true })).status).toBe(400);
    expect((await logout(owner.accessToken)).status).toBe(403);
    expect((await postJson("/api/admin/logout", {})).status).toBe(401);
    expect(await revokedIds()).toEqual(before);
    expect((await api("/api/businesses", { headers: bearer(token) })).status).toBe(200);
  });

  it("keeps a revoked id only until its token would have expired anyway", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2026, 5, 1, 12);
    vi.setSystemTime(start);
    await env.DB.prepare("DELETE FROM revoked_admin_tokens").run();
    const first = await signInAsAdmin();
    expect((await logout(first)).status).toBe(200);
    vi.setSystemTime(start + 2 * 3_600_000);
    const second = await signInAsAdmin();
    // Past the first token's 12 hours, within the second's.
    vi.setSystemTime(start + 12 * 3_600_000 + 60_000);
    expect((await logout(second)).status).toBe(200);
    expect(await revokedIds()).toEqual([jtiOf(second)]);
  });
});

describe("POST /api/place/{id}/generate-url: who may invite", () => {
  it("lets the place's owner and the admin in, and keeps another owner and strangers out", async () => {
    const ownerA = await signUpOwner();
    const ownerB = await signUpOwner();
    const placeId = await placeOwnedBy("A's Place", ownerA.userId);
    await placeOwnedBy("B's Place", ownerB.userId);
    const admin = await adminToken();
    const generate = (headers: Record<string, string> = {}) => postJson(`/api/place/${placeId}/generate-url`, {}, headers);

    expect((await generate(bearer(ownerA.accessToken))).status).toBe(201);
    expect((await generate(bearer(admin))).status).toBe(201);
    const other = await generate(bearer(ownerB.accessToken));
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: "You do not manage this place." });
    expect((await generate()).status).toBe(401);
  });

  it("answers 404 for a place that does not exist and 400 for a malformed id", async () => {
    const owner = await signUpOwner();
    expect((await postJson("/api/place/999999/generate-url", {}, bearer(owner.accessToken))).status).toBe(404);
    expect((await postJson("/api/place/abc/generate-url", {}, bearer(owner.accessToken))).status).toBe(400);
  });
});
