import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  decideRefresh,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  SESSION_ENDED_MESSAGE,
} from "../../worker/auth/sessions";
import { issueAccessToken, verifyAccessToken } from "../../worker/auth/tokens";
import { sha256Hex } from "../../worker/lib/crypto";
import {
  EMAIL_TAKEN_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
} from "../../common/schemas/auth";
import { bearer, placeOwnedBy } from "./fixtures";
import { api, postJson, refreshCookieOf, signUpOwner } from "./helpers";

const me = (token: string) => api("/api/me", { headers: bearer(token) });
const refresh = (userId: number, cookie?: string) =>
  postJson("/api/refresh", { user_id: userId }, cookie ? { cookie } : {});

async function refreshRows(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT family_id, token_hash, revoked_at, expires_at FROM refresh_tokens WHERE user_id = ? ORDER BY created_at",
  )
    .bind(userId)
    .all<{ family_id: string; token_hash: string; revoked_at: number | null; expires_at: number }>();
  return results;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/auth/signup", () => {
  it("creates an owner with a hashed password, answers a token and sets the refresh cookie", async () => {
    const response = await postJson("/api/auth/signup", {
      name: "  Maya Lopez ",
      email: "  Maya.Lopez@Example.COM ",
      password: "copper lantern 42",
    });
    expect(response.status).toBe(201);
    const body = await response.json<{ access_token: string; user_id: number }>();
    // The token names its sign-in, which a fresh proof is bound to (docs/accounts.md#fresh-proof).
    expect(await verifyAccessToken(env.JWT_SECRET, body.access_token)).toEqual({ userId: body.user_id, role: "owner", sessionId: expect.any(String) });

    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tp_refresh="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const user = await env.DB.prepare("SELECT email, name, role, password_hash FROM users WHERE id = ?")
      .bind(body.user_id)
      .first<{ email: string; name: string; role: string; password_hash: string }>();
    expect(user).toMatchObject({ email: "maya.lopez@example.com", name: "Maya Lopez", role: "owner" });
    expect(user!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(user!.password_hash).not.toContain("copper lantern 42");

    // The cookie holds a random token; only its hash is stored.
    const [row] = await refreshRows(body.user_id);
    expect(row.token_hash).not.toBe(refreshCookieOf(response)!.split("=")[1]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a second account for the same email, whatever its case and spacing (409)", async () => {
    const first = await signUpOwner();
    const response = await postJson("/api/auth/signup", {
      name: "Copycat",
      email: ` ${first.email.toUpperCase()} `,
      password: "another password",
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: EMAIL_TAKEN_MESSAGE });
  });

  it.each([
    [{ name: "A", email: "a@example.com", password: "short" }, `password: ${PASSWORD_TOO_SHORT_MESSAGE}`],
    [{ name: "A", email: "a@example.com", password: "x".repeat(129) }, `password: ${PASSWORD_TOO_LONG_MESSAGE}`],
    [{ name: "A", email: "not-an-email", password: "long enough" }, "email: Enter a valid email address, like name@example.com."],
    [{ name: " ", email: "a@example.com", password: "long enough" }, "name: Enter your name."],
    [{ email: "a@example.com", password: "long enough" }, "name: Enter your name."],
  ])("refuses %j with a clear 400 and creates nothing", async (body, message) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    const response = await postJson("/api/auth/signup", body);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("accepts passwords of exactly 8 and 128 characters, spaces included", async () => {
    await signUpOwner({ password: "12345678" });
    const owner = await signUpOwner({ password: ` ${"p".repeat(126)} ` });
    const response = await postJson("/api/auth/login", { email: owner.email, password: owner.password });
    expect(response.status).toBe(200);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with a normalised email and answers a token, the user id and a new refresh family", async () => {
    const owner = await signUpOwner();
    const response = await postJson("/api/auth/login", { email: ` ${owner.email.toUpperCase()}`, password: owner.password });
    expect(response.status).toBe(200);
    const body = await response.json<{ access_token: string; user_id: number }>();
    expect(body.user_id).toBe(owner.userId);
    expect(refreshCookieOf(response)).not.toBeNull();
    const families = new Set((await refreshRows(owner.userId)).map((row) => row.family_id));
    expect(families.size).toBe(2);
  });

  it("answers the same 401 for a wrong password and for an unknown email", async () => {
    const owner = await signUpOwner();
    const wrongPassword = await postJson("/api/auth/login", { email: owner.email, password: "not the password" });
    const unknownEmail = await postJson("/api/auth/login", { email: "nobody@example.com", password: owner.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: WRONG_CREDENTIALS_MESSAGE });
      expect(refreshCookieOf(response)).toBeNull();
    }
  });

  it("refuses malformed JSON and a missing password with 400", async () => {
    expect((await postJson("/api/auth/login", "{not json")).status).toBe(400);
    const response = await postJson("/api/auth/login", { email: "a@example.com" });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe("password: Enter your password.");
  });
});

describe("GET /api/me", () => {
  it("answers the account and the places it owns, by name", async () => {
    const owner = await signUpOwner({ name: "Sam Rivera" });
    const other = await signUpOwner();
    const zinc = await placeOwnedBy("Zinc Bar", owner.userId);
    const anchor = await placeOwnedBy("Anchor Pub", owner.userId, other.userId);
    await placeOwnedBy("Not Mine", other.userId);
    const response = await me(owner.accessToken);
    expect(response.status).toBe(200);
    // The profile's fields (tests/worker/accounts.test.ts) come along; these are the spec's.
    expect(await response.json()).toMatchObject({
      id: owner.userId,
      email: owner.email,
      name: "Sam Rivera",
      role: "owner",
      places: [
        { id: anchor, name: "Anchor Pub" },
        { id: zinc, name: "Zinc Bar" },
      ],
    });
  });

  it("needs a token", async () => {
    const response = await api("/api/me");
    expect(response.status).toBe(401);
  });
});

describe("token lifecycle: login, call, expiry, refresh, rotation and reuse", () => {
  it("runs the whole life of a session and revokes the family when a rotated token comes back", async () => {
    const owner = await signUpOwner();
    const login = await postJson("/api/auth/login", { email: owner.email, password: owner.password });
    const { access_token } = await login.json<{ access_token: string }>();
    const firstCookie = refreshCookieOf(login)!;
    expect((await me(access_token)).status).toBe(200);

    // The same sign-in 16 minutes later: the access token has expired.
    const expired = await issueAccessToken(env.JWT_SECRET, { userId: owner.userId, role: "owner" }, { now: Date.now() - 16 * 60_000 });
    const refused = await me(expired);
    expect(refused.status).toBe(401);

    const refreshed = await refresh(owner.userId, firstCookie);
    expect(refreshed.status).toBe(200);
    const { access_token: fresh } = await refreshed.json<{ access_token: string }>();
    expect((await me(fresh)).status).toBe(200);
    const secondCookie = refreshCookieOf(refreshed)!;
    expect(secondCookie).not.toBe(firstCookie);

    // The second cookie rotates again; the rotated first cookie is now 11 seconds old.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + REFRESH_REUSE_GRACE_MS + 1_000);
    const thirdCookie = refreshCookieOf(await refresh(owner.userId, secondCookie))!;

    // Someone replays the first cookie: 401, and every token of that sign-in dies with it.
    const replay = await refresh(owner.userId, firstCookie);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: SESSION_ENDED_MESSAGE });
    expect(replay.headers.getSetCookie().join()).toMatch(/tp_refresh=;.*Max-Age=0/);
    expect((await refresh(owner.userId, thirdCookie)).status).toBe(401);
    const loginFamily = await env.DB.prepare("SELECT family_id FROM refresh_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(firstCookie.slice("tp_refresh=".length)))
      .first<string>("family_id");
    const rows = await refreshRows(owner.userId);
    expect(rows.filter((row) => row.family_id === loginFamily).map((row) => row.revoked_at !== null)).toEqual([true, true, true]);
    // The sign-up's own session, another family, is untouched.
    expect(rows.filter((row) => row.family_id !== loginFamily && row.revoked_at === null)).toHaveLength(1);
  });

  it("keeps the family when the same browser refreshes twice at once (within the grace period)", async () => {
    const owner = await signUpOwner();
    const [first, second] = await Promise.all([refresh(owner.userId, owner.cookie), refresh(owner.userId, owner.cookie)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // Exactly one of them rotated the cookie; the family still has one live token, which works.
    const cookies = [refreshCookieOf(first), refreshCookieOf(second)].filter((cookie) => cookie !== null);
    expect(cookies).toHaveLength(1);
    expect((await refresh(owner.userId, cookies[0]!)).status).toBe(200);
  });

  it("keeps the family's 30-day deadline across rotations", async () => {
    const owner = await signUpOwner();
    const [original] = await refreshRows(owner.userId);
    await refresh(owner.userId, owner.cookie);
    const rows = await refreshRows(owner.userId);
    expect(rows).toHaveLength(2);
    expect(rows[1].expires_at).toBe(original.expires_at);
    expect(original.expires_at - Date.now()).toBeGreaterThan(REFRESH_TOKEN_TTL_MS - 60_000);
  });

  it("refuses a refresh without the cookie, with an unknown cookie, or for another user's id", async () => {
    const owner = await signUpOwner();
    const other = await signUpOwner();
    expect((await refresh(owner.userId)).status).toBe(401);
    expect((await refresh(owner.userId, "tp_refresh=made-up")).status).toBe(401);
    const mismatch = await refresh(other.userId, owner.cookie);
    expect(mismatch.status).toBe(401);
    expect(refreshCookieOf(mismatch)).toBe("tp_refresh=");
    // Nothing was issued for the other user, and the owner's own sign-in was not revoked.
    expect((await refreshRows(owner.userId)).every((row) => row.revoked_at === null)).toBe(true);
  });

  it("refuses an expired refresh token", async () => {
    const owner = await signUpOwner();
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, owner.userId).run();
    expect((await refresh(owner.userId, owner.cookie)).status).toBe(401);
  });

  it("refuses a bad user_id with 400", async () => {
    const owner = await signUpOwner();
    const response = await postJson("/api/refresh", { user_id: "seven" }, { cookie: owner.cookie });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the sign-in and clears the cookie, even with an expired access token", async () => {
    const owner = await signUpOwner();
    const response = await api("/api/auth/logout", { method: "POST", headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/tp_refresh=;.*Max-Age=0.*Path=\/api/);
    expect((await refreshRows(owner.userId)).every((row) => row.revoked_at !== null)).toBe(true);
    expect((await refresh(owner.userId, owner.cookie)).status).toBe(401);
  });

  it("answers ok without a cookie", async () => {
    expect((await api("/api/auth/logout", { method: "POST" })).status).toBe(200);
  });
});

describe("decideRefresh()", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const live = { userId: 1, expiresAt: new Date(now.getTime() + 1000), revokedAt: null };
  const rotatedAgo = (ms: number) => ({ ...live, revokedAt: new Date(now.getTime() - ms) });

  it("rotates a live token of the same user and refuses another user's", () => {
    expect(decideRefresh(live, 1, now, true)).toBe("rotate");
    expect(decideRefresh(live, 2, now, true)).toBe("refuse");
  });

  it("refuses unknown and expired tokens", () => {
    expect(decideRefresh(undefined, 1, now, false)).toBe("refuse");
    expect(decideRefresh({ ...live, expiresAt: now }, 1, now, true)).toBe("refuse");
  });

  it("forgives a just-rotated token while its family lives, and revokes the family otherwise", () => {
    expect(decideRefresh(rotatedAgo(REFRESH_REUSE_GRACE_MS), 1, now, true)).toBe("grace");
    expect(decideRefresh(rotatedAgo(REFRESH_REUSE_GRACE_MS + 1), 1, now, true)).toBe("revoke-family");
    expect(decideRefresh(rotatedAgo(1), 1, now, false)).toBe("revoke-family");
    // Replaying a rotated token with someone else's id still revokes its family.
    expect(decideRefresh(rotatedAgo(REFRESH_REUSE_GRACE_MS + 1), 2, now, true)).toBe("revoke-family");
  });
});
