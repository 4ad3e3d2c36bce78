// The dashboard hand-off (issue 12, hole 9): a one-time, 60-second code instead of an access token
// in the address. Every test runs on a fixed clock.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HANDOFF_CODE_TTL_MS } from "../../worker/routes/auth";
import { HANDOFF_INVALID_MESSAGE } from "../../common/schemas/auth";
import { adminToken, bearer, createUser, type TestUser } from "./fixtures";
import { api, postJson, refreshCookieOf } from "./helpers";

const T0 = Date.UTC(2031, 2, 14, 21, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

async function mint(user: TestUser) {
  const response = await postJson("/api/auth/handoff", {}, bearer(user.token));
  expect(response.status).toBe(201);
  return response.json<{ code: string; user_id: number; expires_at: string }>();
}

const redeem = (body: object) => postJson("/api/auth/handoff/redeem", body);
const inspect = (body: object) => postJson("/api/auth/handoff/inspect", body);
const meWith = (token: string) => api("/api/me", { headers: bearer(token) });

describe("POST /api/auth/handoff", () => {
  it("gives a signed-in owner a 60-second code, storing only its hash", async () => {
    const owner = await createUser("Sam");
    const answer = await mint(owner);
    expect(answer).toEqual({ code: expect.stringMatching(/^[\w-]{43}$/), user_id: owner.id, expires_at: new Date(T0 + HANDOFF_CODE_TTL_MS).toISOString() });
    const stored = await env.DB.prepare("SELECT code_hash FROM handoff_codes WHERE user_id = ?").bind(owner.id).first<string>("code_hash");
    expect(stored).not.toBe(answer.code);
  });

  it("needs an owner's access token, and takes no body", async () => {
    expect((await postJson("/api/auth/handoff", {})).status).toBe(401);
    expect((await postJson("/api/auth/handoff", {}, bearer(await adminToken()))).status).toBe(403);
    const owner = await createUser();
    expect((await postJson("/api/auth/handoff", { user_id: 1 }, bearer(owner.token))).status).toBe(400);
  });
});

describe("POST /api/auth/handoff/redeem", () => {
  it("signs in the code's owner once: access token and refresh cookie, then never again", async () => {
    const owner = await createUser("Sam");
    const { code } = await mint(owner);

    const first = await redeem({ code, user_id: owner.id });
    expect(first.status).toBe(200);
    const session = await first.json<{ access_token: string; user_id: number }>();
    expect(session.user_id).toBe(owner.id);
    expect(refreshCookieOf(first)).toMatch(/^tp_refresh=./);
    expect(await (await meWith(session.access_token)).json()).toMatchObject({ id: owner.id });

    const again = await redeem({ code, user_id: owner.id });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: HANDOFF_INVALID_MESSAGE });
    expect(refreshCookieOf(again)).toBeNull();
    expect((await inspect({ code })).status).toBe(410);
  });

  it("works for 60 seconds and not a millisecond longer", async () => {
    const owner = await createUser();
    const late = await mint(owner);
    const inTime = await mint(owner);

    vi.setSystemTime(T0 + HANDOFF_CODE_TTL_MS - 1);
    expect((await redeem({ code: inTime.code })).status).toBe(200);

    vi.setSystemTime(T0 + HANDOFF_CODE_TTL_MS);
    expect((await inspect({ code: late.code })).status).toBe(410);
    const expired = await redeem({ code: late.code });
    expect(expired.status).toBe(410);
    expect(refreshCookieOf(expired)).toBeNull();
  });

  it("refuses a code presented for another user, and never signs that user in", async () => {
    const owner = await createUser("Sam");
    const other = await createUser("Alex");
    const { code } = await mint(owner);

    expect((await inspect({ code, user_id: other.id })).status).toBe(410);
    const wrong = await redeem({ code, user_id: other.id });
    expect(wrong.status).toBe(410);
    expect(refreshCookieOf(wrong)).toBeNull();

    // The code was not used up by the refusal; it still signs in only its own user.
    const right = await redeem({ code });
    expect((await right.json<{ user_id: number }>()).user_id).toBe(owner.id);
  });

  it("refuses codes that cannot be ours and unknown ones alike", async () => {
    expect((await redeem({})).status).toBe(400);
    expect((await redeem({ code: "short" })).status).toBe(400);
    expect((await redeem({ code: "a".repeat(43) })).status).toBe(410);
  });
});

describe("POST /api/auth/handoff/inspect", () => {
  it("says whom a live code signs in without using it up", async () => {
    const owner = await createUser("Sam Rivera");
    const { code } = await mint(owner);
    const answer = await inspect({ code, user_id: owner.id });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: owner.id, name: "Sam Rivera", email: owner.email });
    expect(refreshCookieOf(answer)).toBeNull();
    expect((await redeem({ code })).status).toBe(200);
  });
});
