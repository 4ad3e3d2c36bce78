// Accounts for everyone (docs/accounts.md#one-account-model): the profile behind GET/PATCH
// /api/me, handles, and deleting an account with nothing personal left behind.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MeAnswer } from "../../common/schemas/answers";
import {
  DELETE_PASSWORD_MESSAGE,
  handleFromName,
  HANDLE_RESERVED_MESSAGE,
  HANDLE_TAKEN_MESSAGE,
  LAST_OWNER_MESSAGE,
} from "../../common/schemas/profile";
import { adminToken, bearer, createUser, insertPlace, placeOwnedBy } from "./fixtures";
import { api, postJson, refreshCookieOf, signUpOwner } from "./helpers";

const me = (token: string) => api("/api/me", { headers: bearer(token) });
const patchMe = (token: string | undefined, body: unknown) =>
  api("/api/me", { method: "PATCH", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify(body) });
const deleteMe = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/me", { method: "DELETE", headers: { "content-type": "application/json", ...bearer(token), ...headers }, body: JSON.stringify(body) });

async function usersRow(id: number) {
  return env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

describe("handles", () => {
  it("are made from the name: lower case, a–z 0–9 _, 3–20 characters", () => {
    expect(handleFromName("Maya López")).toBe("maya_lopez");
    expect(handleFromName("  Zoë-Ann O'Brien!! ")).toBe("zoe_ann_o_brien");
    expect(handleFromName("A very long name that goes on")).toBe("a_very_long_name_tha");
    expect(handleFromName("Jo")).toBeUndefined();
    expect(handleFromName("李")).toBeUndefined();
    expect(handleFromName("User 12")).toBe("user_12");
    expect(handleFromName("user12")).toBeUndefined();
  });

  it("sign-up gives every account one: the chosen one, else from the name, else user<id>", async () => {
    const chosen = await postJson("/api/auth/signup", { name: "Sam", email: "sam@example.com", password: "long enough pw", handle: "@SamGoesOut" });
    expect(chosen.status).toBe(201);
    const sam = await chosen.json<{ access_token: string }>();
    expect((await (await me(sam.access_token)).json<MeAnswer>()).handle).toBe("samgoesout");

    const fromName = await signUpOwner({ name: "Ruth Night" });
    expect((await (await me(fromName.accessToken)).json<MeAnswer>()).handle).toBe("ruth_night");
    const sameName = await signUpOwner({ name: "Ruth Night" });
    expect((await (await me(sameName.accessToken)).json<MeAnswer>()).handle).toBe(`user${sameName.userId}`);
    const shortName = await signUpOwner({ name: "Al" });
    expect((await (await me(shortName.accessToken)).json<MeAnswer>()).handle).toBe(`user${shortName.userId}`);
  });

  it("a taken handle at sign-up is a 409 and creates nothing", async () => {
    await signUpOwner({ name: "Taken Handle" });
    const response = await postJson("/api/auth/signup", { name: "X", email: "x-taken@example.com", password: "long enough pw", handle: "TAKEN_handle" });
    expect(response.status).toBe(409);
    expect((await response.json<{ error: string }>()).error).toBe(HANDLE_TAKEN_MESSAGE);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = 'x-taken@example.com'").first()).toBeNull();
  });
});

describe("GET /api/me", () => {
  it("is a 401 without a token and a 403 for the admin's password token", async () => {
    expect((await api("/api/me")).status).toBe(401);
    expect((await me(await adminToken())).status).toBe(403);
  });

  it("answers the profile with its defaults next to the fields it always had", async () => {
    const account = await signUpOwner({ name: "Nia Default" });
    const answer = await (await me(account.accessToken)).json<MeAnswer>();
    expect(answer).toEqual({
      id: account.userId,
      email: account.email,
      name: "Nia Default",
      role: "owner",
      places: [],
      handle: "nia_default",
      home: null,
      preferences: { categories: [], tags: [], level: null },
      time_zone: "UTC",
      // Off until the person turns them on: a default of midnight to 9 AM silenced a bar's peak.
      quiet_hours: null,
      neighbourhood: null,
      share_likes: false,
    });
  });

  it("keeps accounts from before profiles existed: a user<id> handle, still owning their places", async () => {
    // Inserted without a handle, like every row before migration 0012 (the trigger gives it one).
    const owner = await createUser("Old Owner");
    const placeId = await placeOwnedBy("Old Bar", owner.id);
    const answer = await (await me(owner.token)).json<MeAnswer>();
    expect(answer).toMatchObject({ role: "owner", handle: `user${owner.id}`, places: [{ id: placeId, name: "Old Bar" }] });
  });
});

describe("PATCH /api/me", () => {
  it("changes name, handle, home (rounded), preferences, time zone and quiet hours", async () => {
    const account = await signUpOwner({ name: "Pat Patch" });
    const response = await patchMe(account.accessToken, {
      name: " Pat P. ",
      handle: "@Pat_Out",
      home: { lat: 40.7234567, lng: -73.9876543 },
      preferences: { categories: ["wine-bar", "pub", "pub"], tags: ["Jazz"], level: "Lively" },
      time_zone: "America/New_York",
      quiet_hours: { from: "23:30", to: "08:00" },
    });
    expect(response.status).toBe(200);
    const answer = await response.json<MeAnswer>();
    expect(answer).toMatchObject({
      name: "Pat P.",
      handle: "pat_out",
      home: { lat: 40.723, lng: -73.988 },
      preferences: { categories: ["wine-bar", "pub"], tags: ["Jazz"], level: "Lively" },
      time_zone: "America/New_York",
      quiet_hours: { from: "23:30", to: "08:00" },
    });
    expect(await (await me(account.accessToken)).json<MeAnswer>()).toEqual(answer);

    const cleared = await (await patchMe(account.accessToken, { home: null, quiet_hours: null })).json<MeAnswer>();
    expect(cleared).toMatchObject({ home: null, quiet_hours: null, handle: "pat_out", time_zone: "America/New_York" });
  });

  it("keeps the neighbourhood (spaces tidied) and the choice to share what one likes; an empty neighbourhood is none", async () => {
    const account = await signUpOwner({ name: "Sharing Sam" });
    const shared = await (await patchMe(account.accessToken, { neighbourhood: "  Hell's   Kitchen ", share_likes: true })).json<MeAnswer>();
    expect(shared).toMatchObject({ neighbourhood: "Hell's Kitchen", share_likes: true });
    const cleared = await (await patchMe(account.accessToken, { neighbourhood: "", share_likes: false })).json<MeAnswer>();
    expect(cleared).toMatchObject({ neighbourhood: null, share_likes: false });
  });

  it("keeps a handle its owner sends again, in another case", async () => {
    const account = await signUpOwner({ name: "Case Keeper" });
    expect((await patchMe(account.accessToken, { handle: "CASE_KEEPER" })).status).toBe(200);
  });

  it("a handle another account has, in any case, is a 409 and changes nothing", async () => {
    await signUpOwner({ name: "Holder Of" });
    const account = await signUpOwner({ name: "Wants It" });
    const response = await patchMe(account.accessToken, { handle: "HOLDER_of", name: "Changed" });
    expect(response.status).toBe(409);
    expect((await response.json<{ error: string }>()).error).toBe(HANDLE_TAKEN_MESSAGE);
    expect(await usersRow(account.userId)).toMatchObject({ handle: "wants_it", name: "Wants It" });
  });

  it.each([
    ["nothing", {}],
    ["an unknown key", { email: "new@example.com" }],
    ["a short handle", { handle: "ab" }],
    ["a handle with a dot", { handle: "a.b.c" }],
    ["a reserved handle", { handle: "user42" }],
    ["a home with one half", { home: { lat: 40 } }],
    ["a home off the globe", { home: { lat: 91, lng: 0 } }],
    ["a home as text", { home: "Brooklyn" }],
    ["an unknown category", { preferences: { categories: ["casino"], tags: [], level: null } }],
    ["an unknown level", { preferences: { categories: [], tags: [], level: "Wild" } }],
    ["preferences missing a key", { preferences: { categories: [] } }],
    ["an unknown time zone", { time_zone: "Mars/Olympus" }],
    ["quiet hours at 25:00", { quiet_hours: { from: "25:00", to: "09:00" } }],
    ["quiet hours that start as they end", { quiet_hours: { from: "09:00", to: "09:00" } }],
    ["an empty name", { name: "  " }],
    ["a neighbourhood with digits (an address)", { neighbourhood: "12 Main St" }],
    ["a neighbourhood past 40 characters", { neighbourhood: "A".repeat(41) }],
    ["share_likes as text", { share_likes: "yes" }],
  ])("refuses %s with a 400 and changes nothing", async (_label, body) => {
    const account = await signUpOwner({ name: "Bad Input" });
    const before = await usersRow(account.userId);
    const response = await patchMe(account.accessToken, body);
    expect(response.status).toBe(400);
    expect(typeof (await response.json<{ error: string }>()).error).toBe("string");
    expect(await usersRow(account.userId)).toEqual(before);
  });

  it("the reserved-handle refusal says why", async () => {
    const account = await signUpOwner();
    const response = await patchMe(account.accessToken, { handle: "user7" });
    expect(JSON.stringify(await response.json())).toContain(HANDLE_RESERVED_MESSAGE);
  });

  it("is a 401 without a token", async () => {
    expect((await patchMe(undefined, { name: "Nobody" })).status).toBe(401);
  });
});

/** Every column of every table that refers to users, read from the schema itself, so new tables are covered. */
async function columnsReferringToUsers(): Promise<{ table: string; column: string }[]> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const { results: keys } = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string; from: string }>();
    for (const key of keys) if (key.table === "users") columns.push({ table: name, column: key.from });
  }
  return columns;
}

async function rowsNaming(userId: number) {
  const found: string[] = [];
  for (const { table, column } of await columnsReferringToUsers()) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`).bind(userId).first<{ n: number }>();
    if (row!.n > 0) found.push(`${table}.${column}: ${row!.n}`);
  }
  return found;
}

describe("DELETE /api/me", () => {
  it("deletes the account and leaves no row that names it, in any table that refers to users", async () => {
    // Signed up before the account: a pair's user_a is the lower id, so it makes one pair with the account as user_b.
    const earlier = await createUser("Signed Up Earlier");
    const account = await signUpOwner({ name: "Leaving Soon" });
    const coOwner = await createUser("Stays Behind");
    const placeId = await placeOwnedBy("Shared Bar", account.userId, coOwner.id);
    // Something in every table that refers to users today.
    const code = await api("/api/auth/handoff", { method: "POST", headers: bearer(account.accessToken) });
    expect(code.status).toBe(201);
    const invite = await api(`/api/place/${placeId}/generate-url`, { method: "POST", headers: bearer(account.accessToken) });
    expect(invite.status).toBe(201);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO place_invites (id, place_id, created_by, used_by, used_at, expires_at) VALUES ('used-one', ?, ?, ?, 1, 9999999999999)").bind(placeId, coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO event_categories (name, created_by) VALUES ('Leaving Nights', ?)").bind(account.userId),
      env.DB.prepare("INSERT INTO events (place_id, name, start_time, created_by) VALUES (?, 'Farewell', '2026-12-01T01:00:00.000Z', ?)").bind(placeId, account.userId),
      env.DB.prepare("INSERT INTO headcounts (place_id, minute, taken_at, people, devices, baseline, taken_by) VALUES (?, 0, 0, 3, 1, 0, ?)").bind(placeId, account.userId),
      env.DB.prepare("INSERT INTO webhooks (place_id, url, secret, created_by) VALUES (?, 'https://hooks.example.com/leaving', 'secret', ?)").bind(placeId, account.userId),
      env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, 'https://fcm.googleapis.com/fcm/send/leaving', 'key', 'auth')").bind(account.userId),
      env.DB.prepare("INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at) VALUES (?, 'quiet_now', 'Quiet', 'Now', '/', 0)").bind(account.userId),
      // A notice in someone else's inbox that names the account.
      env.DB.prepare("INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at, about_user_id) VALUES (?, 'message', 'Leaving Soon sent you a message', 'In your conversation', '/app/messages/0', 0, ?)").bind(coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO live_looks (place_id, text, created_at, user_id) VALUES (?, 'Busy tonight', 0, ?)").bind(placeId, account.userId),
      env.DB.prepare("INSERT INTO push_log (user_id, sent_at) VALUES (?, 0)").bind(account.userId),
      env.DB.prepare("INSERT INTO saved_places (user_id, place_id) VALUES (?, ?)").bind(account.userId, placeId),
      env.DB.prepare(`INSERT INTO watches (user_id, place_id, "when") VALUES (?, ?, 'quiet')`).bind(account.userId, placeId),
      env.DB.prepare("INSERT INTO announcements (id, place_id, title, text, followers, created_at) VALUES (9002, ?, 'Farewell', 'Last night', 1, 0)").bind(placeId),
      env.DB.prepare("INSERT INTO announcement_reach (announcement_id, user_id, opened_at) VALUES (9002, ?, 0)").bind(account.userId),
      env.DB.prepare("INSERT INTO friendships (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(account.userId, coOwner.id, coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?), (?, ?)").bind(account.userId, coOwner.id, coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO passkeys (user_id, credential_id, public_key, user_handle, name) VALUES (?, 'leaving-credential', 'key', 'handle', 'Passkey')").bind(account.userId),
      env.DB.prepare("INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ('leaving-challenge', 'add', ?, 9999999999999)").bind(account.userId),
      env.DB.prepare("INSERT INTO friend_requests (from_id, to_id) VALUES (?, ?), (?, ?)").bind(account.userId, coOwner.id, coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO friend_request_log (user_id, sent_at) VALUES (?, 0)").bind(account.userId),
      env.DB.prepare("INSERT INTO friend_invites (token_hash, user_id, expires_at) VALUES ('leaving-invite', ?, 9999999999999)").bind(account.userId),
      env.DB.prepare("INSERT INTO check_ins (user_id, place_id, audience, expires_at) VALUES (?, ?, 'chosen', 9999999999999), (?, ?, 'chosen', 9999999999999)").bind(account.userId, placeId, coOwner.id, placeId),
      env.DB.prepare("INSERT INTO check_in_audience (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(account.userId, coOwner.id, coOwner.id, account.userId),
      env.DB.prepare("INSERT INTO plans (id, organiser_id, place_id, starts_at, updated_at) VALUES (9001, ?, ?, 0, 0)").bind(account.userId, placeId),
      env.DB.prepare("INSERT INTO plan_invitees (plan_id, user_id) VALUES (9001, ?)").bind(account.userId),
      // The account on both sides of a pair: user_a is the lower id.
      env.DB.prepare("INSERT INTO conversations (kind, user_a, user_b) VALUES ('pair', ?, ?), ('pair', ?, ?)").bind(account.userId, coOwner.id, earlier.id, account.userId),
      env.DB.prepare("INSERT INTO conversation_writers (conversation_id, user_id) SELECT id, ? FROM conversations WHERE kind = 'pair' AND user_a = ?").bind(account.userId, account.userId),
      env.DB.prepare("INSERT INTO message_reports (conversation_id, message_id, reporter_id, context) VALUES (1, 1, ?, '[]')").bind(account.userId),
      env.DB.prepare("INSERT INTO session_proofs (session_id, user_id, verified_at) VALUES ('leaving-session', ?, 0)").bind(account.userId),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('leaving-reset', ?, 9999999999999)").bind(account.userId),
      env.DB.prepare("INSERT INTO handle_change_log (user_id, sent_at) VALUES (?, 0)").bind(account.userId),
      env.DB.prepare(`INSERT INTO offers (id, place_id, title, kind, days, from_time, to_time, daily_cap, "when", audience) VALUES (9003, ?, 'Farewell pint', 'free_item', '["Monday"]', '17:00', '19:00', 5, 'always', 'everyone')`).bind(placeId),
      env.DB.prepare("INSERT INTO offer_claims (offer_id, place_id, user_id, day, code, created_at, expires_at) VALUES (9003, ?, ?, 1, 'ACDEFH', 0, 1)").bind(placeId, account.userId),
    ]);
    const tables = (await columnsReferringToUsers()).map(({ table, column }) => `${table}.${column}`);
    const named = await rowsNaming(account.userId);
    // The fixture must reach every such table, or the check below would prove nothing for it.
    expect(new Set(named.map((entry) => entry.slice(0, entry.indexOf(":"))))).toEqual(new Set(tables));

    const response = await deleteMe(account.accessToken, { password: account.password }, { cookie: account.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(refreshCookieOf(response)).toBe("tp_refresh=");

    expect(await usersRow(account.userId)).toBeNull();
    expect(await rowsNaming(account.userId)).toEqual([]);
    // The offer's owners keep the totals of its claims, never who (docs/offers.md#claims).
    expect(await env.DB.prepare("SELECT claimed FROM offer_days WHERE offer_id = 9003").first()).toEqual({ claimed: 1 });
    // The venue and what was made for it stay, without an author; the open link it made is withdrawn.
    const openLinks = await env.DB.prepare("SELECT count(*) AS n FROM place_invites WHERE place_id = ? AND revoked_at IS NULL AND used_at IS NULL").bind(placeId).first<{ n: number }>();
    expect(openLinks!.n).toBe(0);
    expect(await env.DB.prepare("SELECT name FROM events WHERE name = 'Farewell'").first()).toEqual({ name: "Farewell" });

    expect((await me(account.accessToken)).status).toBe(401);
    expect((await postJson("/api/refresh", { user_id: account.userId }, { cookie: account.cookie })).status).toBe(401);
    expect((await postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(401);
  });

  it("needs the current password: a wrong one is a 403 (the caller is signed in) and deletes nothing", async () => {
    const account = await signUpOwner();
    const response = await deleteMe(account.accessToken, { password: "not the password" });
    expect(response.status).toBe(403);
    expect((await response.json<{ error: string }>()).error).toBe(DELETE_PASSWORD_MESSAGE);
    expect(await usersRow(account.userId)).not.toBeNull();
    expect((await deleteMe(account.accessToken, {})).status).toBe(400);
    expect(await usersRow(account.userId)).not.toBeNull();
  });

  it("is a 401 without a token and a 403 for the admin", async () => {
    expect((await deleteMe(undefined, { password: "whatever it is" })).status).toBe(401);
    expect((await deleteMe(await adminToken(), { password: "whatever it is" })).status).toBe(403);
  });

  it("is a 409 while the account is a venue's only owner, and then nothing is deleted", async () => {
    const account = await signUpOwner();
    const placeId = await placeOwnedBy("Only Mine", account.userId);
    const response = await deleteMe(account.accessToken, { password: account.password });
    expect(response.status).toBe(409);
    expect((await response.json<{ error: string }>()).error).toBe(LAST_OWNER_MESSAGE);
    expect(await usersRow(account.userId)).not.toBeNull();
    const owners = await env.DB.prepare("SELECT user_id FROM place_owners WHERE place_id = ?").bind(placeId).all();
    expect(owners.results).toEqual([{ user_id: account.userId }]);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ?").bind(account.userId).first<{ n: number }>();
    expect(sessions!.n).toBe(1);
  });

  it("an account without places never owned one: deleting it touches no venue", async () => {
    const placeId = await insertPlace({ name: "Someone Else's" });
    const account = await signUpOwner();
    expect((await deleteMe(account.accessToken, { password: account.password })).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM places WHERE id = ?").bind(placeId).first()).toEqual({ id: placeId });
  });
});
