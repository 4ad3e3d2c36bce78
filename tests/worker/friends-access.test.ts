// Who may do what with another account's friends and check-ins (docs/friends.md), every route of
// friends and check-ins, table-driven over the callers: a friend chosen to see Ana's check-in, a
// friend not chosen, a stranger (an account with no relation), an account Ana blocked, the admin
// and nobody signed in. Then: a blocked account gets exactly the answer (status and body) a
// stranger gets when the account, handle, request or link does not exist.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { FriendsHere, FriendsOut, InviteCreated } from "../../common/schemas/friends";
import { adminToken, createUser, insertPlace, type TestUser } from "./fixtures";
import { answerOf, befriend, call, handleOf } from "./friends-fixtures";
import { useFixedClock } from "./occupancy-fixtures";

useFixedClock(Date.parse("2031-06-10T20:00:00Z"));

const ROLES = ["friend", "unchosen", "stranger", "blocked", "admin", "anonymous"] as const;
type Role = (typeof ROLES)[number];

/**
 * Ana's circle: friends Fay (chosen for her check-in) and Uma (not chosen), Sam a stranger she has
 * asked to be friends, Bob her friend until she blocked him; Ana checked in at a place and made an
 * invite link.
 */
async function world() {
  const [ana, friend, unchosen, stranger, blocked] = await Promise.all(["Ana", "Fay", "Uma", "Sam", "Bob"].map((name) => createUser(name)));
  for (const other of [friend, unchosen, blocked]) await befriend(ana, other);
  const placeId = await insertPlace({ name: "The Copper Lantern" });
  expect((await call(ana.token, "POST", "/api/me/check-in", { place_id: placeId, audience: "chosen", friends: [friend.id, blocked.id] })).status).toBe(200);
  const oldRequest = await insertRequest(ana, blocked);
  expect((await call(ana.token, "POST", "/api/me/blocks", { account_id: blocked.id })).status).toBe(200);
  const toStranger = await (await call(ana.token, "POST", "/api/me/friend-requests", { handle: handleOf(stranger) })).json<{ id: number }>();
  const invite = await (await call(ana.token, "POST", "/api/me/friend-invites")).json<InviteCreated>();
  const callers: Record<Role, string | undefined> = {
    friend: friend.token,
    unchosen: unchosen.token,
    stranger: stranger.token,
    blocked: blocked.token,
    admin: await adminToken(),
    anonymous: undefined,
  };
  return { ana, friend, stranger, blocked, placeId, oldRequest, toStranger: toStranger.id, token: invite.url.split("/").at(-1)!, callers };
}

async function insertRequest(from: TestUser, to: TestUser) {
  const row = await env.DB.prepare("INSERT INTO friend_requests (from_id, to_id) VALUES (?, ?) RETURNING id").bind(from.id, to.id).first<{ id: number }>();
  return row!.id;
}

type World = Awaited<ReturnType<typeof world>>;
type Expected = Record<Role, number>;
const accounts = (status: number, differing: Partial<Expected> = {}): Expected => ({
  friend: status,
  unchosen: status,
  stranger: status,
  blocked: status,
  admin: 403,
  anonymous: 401,
  ...differing,
});

interface Row {
  route: string;
  send: (w: World, token: string | undefined) => Promise<Response>;
  expected: Expected;
  /** Whether the caller's 200 answer shows Ana. */
  showsAna?: (w: World, answer: unknown) => boolean;
  seesAna?: Partial<Record<Role, boolean>>;
}

const ROWS: Row[] = [
  { route: "GET /api/me/friends", send: (_w, t) => call(t, "GET", "/api/me/friends"), expected: accounts(200),
    showsAna: (w, a) => JSON.stringify(a).includes(handleOf(w.ana)), seesAna: { friend: true, unchosen: true, stranger: false, blocked: false } },
  { route: "DELETE /api/me/friends/{accountId}", send: (w, t) => call(t, "DELETE", `/api/me/friends/${w.ana.id}`), expected: accounts(200) },
  { route: "POST /api/me/friend-requests", send: (w, t) => call(t, "POST", "/api/me/friend-requests", { handle: handleOf(w.ana) }),
    expected: accounts(409, { stranger: 200, blocked: 404 }) },
  { route: "GET /api/me/friend-requests", send: (_w, t) => call(t, "GET", "/api/me/friend-requests"), expected: accounts(200),
    showsAna: (w, a) => JSON.stringify(a).includes(handleOf(w.ana)), seesAna: { friend: false, unchosen: false, stranger: true, blocked: false } },
  { route: "POST /api/me/friend-requests/{id}/accept", send: (w, t) => call(t, "POST", `/api/me/friend-requests/${w.toStranger}/accept`),
    expected: accounts(404, { stranger: 200 }) },
  { route: "POST /api/me/friend-requests/{id}/accept (a request from before the block)", send: (w, t) => call(t, "POST", `/api/me/friend-requests/${w.oldRequest}/accept`),
    expected: accounts(404) },
  { route: "POST /api/me/friend-requests/{id}/decline", send: (w, t) => call(t, "POST", `/api/me/friend-requests/${w.toStranger}/decline`),
    expected: accounts(404, { stranger: 200 }) },
  { route: "DELETE /api/me/friend-requests/{id}", send: (w, t) => call(t, "DELETE", `/api/me/friend-requests/${w.toStranger}`), expected: accounts(404) },
  { route: "POST /api/me/friend-invites", send: (_w, t) => call(t, "POST", "/api/me/friend-invites"), expected: accounts(201) },
  { route: "POST /api/me/friend-invites/accept", send: (w, t) => call(t, "POST", "/api/me/friend-invites/accept", { token: w.token }),
    expected: accounts(200, { blocked: 410 }) },
  { route: "POST /api/me/blocks", send: (w, t) => call(t, "POST", "/api/me/blocks", { account_id: w.ana.id }), expected: accounts(200) },
  { route: "GET /api/me/blocks", send: (_w, t) => call(t, "GET", "/api/me/blocks"), expected: accounts(200),
    showsAna: (w, a) => JSON.stringify(a).includes(handleOf(w.ana)), seesAna: { friend: false, unchosen: false, stranger: false, blocked: false } },
  { route: "DELETE /api/me/blocks/{accountId}", send: (w, t) => call(t, "DELETE", `/api/me/blocks/${w.ana.id}`), expected: accounts(200) },
  { route: "POST /api/me/check-in", send: (w, t) => call(t, "POST", "/api/me/check-in", { place_id: w.placeId }), expected: accounts(200) },
  { route: "POST /api/me/check-in (choosing Ana)", send: (w, t) => call(t, "POST", "/api/me/check-in", { place_id: w.placeId, audience: "chosen", friends: [w.ana.id] }),
    expected: accounts(200, { stranger: 400, blocked: 400 }) },
  { route: "GET /api/me/check-in", send: (_w, t) => call(t, "GET", "/api/me/check-in"), expected: accounts(200),
    showsAna: (_w, a) => (a as { check_in: unknown }).check_in !== null, seesAna: { friend: false, unchosen: false, stranger: false, blocked: false } },
  { route: "DELETE /api/me/check-in", send: (_w, t) => call(t, "DELETE", "/api/me/check-in"), expected: accounts(200) },
  { route: "PUT /api/me/ghost-mode", send: (_w, t) => call(t, "PUT", "/api/me/ghost-mode", { on: true }), expected: accounts(200) },
  { route: "GET /api/me/friends/out", send: (_w, t) => call(t, "GET", "/api/me/friends/out"), expected: accounts(200),
    showsAna: (w, a) => (a as FriendsOut).friends.some((entry) => entry.id === w.ana.id), seesAna: { friend: true, unchosen: false, stranger: false, blocked: false } },
  { route: "GET /api/places/{id}/friends-here", send: (w, t) => call(t, "GET", `/api/places/${w.placeId}/friends-here`), expected: accounts(200),
    showsAna: (_w, a) => (a as FriendsHere).count === 1, seesAna: { friend: true, unchosen: false, stranger: false, blocked: false } },
];

describe("friends and check-ins: access by caller", () => {
  for (const row of ROWS) {
    it(row.route, async () => {
      for (const role of ROLES) {
        const w = await world();
        const response = await row.send(w, w.callers[role]);
        expect(response.status, `${role}: ${row.route}`).toBe(row.expected[role]);
        const seen = row.seesAna?.[role];
        if (seen !== undefined && row.showsAna) expect(row.showsAna(w, await response.json()), `${role} sees Ana: ${row.route}`).toBe(seen);
      }
    });
  }

  it("covers every friends and check-in route", async () => {
    const covered = new Set(ROWS.map((row) => row.route.split(" (")[0]));
    const document = await (await call(undefined, "GET", "/api/openapi.json")).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.some((tag) => tag === "Friends" || tag === "Check-ins"))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set(routes)).toEqual(covered);
  });
});

describe("a blocked account's answers are a stranger's", () => {
  /** Each: what Bob (blocked by Ana) gets about Ana, and what Sam gets for one that does not exist or is not his. */
  const cases: { name: string; blocked: (w: World) => Promise<Response>; stranger: (w: World) => Promise<Response> }[] = [
    {
      name: "asking by handle: Ana's handle, or a handle nobody has",
      blocked: (w) => call(w.blocked.token, "POST", "/api/me/friend-requests", { handle: handleOf(w.ana) }),
      stranger: (w) => call(w.stranger.token, "POST", "/api/me/friend-requests", { handle: "nobody_has_this" }),
    },
    {
      name: "accepting Ana's request from before the block, or a request that is not his",
      blocked: (w) => call(w.blocked.token, "POST", `/api/me/friend-requests/${w.oldRequest}/accept`),
      stranger: (w) => call(w.stranger.token, "POST", `/api/me/friend-requests/${w.oldRequest}/accept`),
    },
    {
      name: "opening Ana's invite link, or a link that does not exist",
      blocked: (w) => call(w.blocked.token, "POST", "/api/me/friend-invites/accept", { token: w.token }),
      stranger: (w) => call(w.stranger.token, "POST", "/api/me/friend-invites/accept", { token: "A".repeat(43) }),
    },
    {
      name: "choosing Ana for a check-in, as choosing someone who is no friend",
      blocked: (w) => call(w.blocked.token, "POST", "/api/me/check-in", { place_id: w.placeId, audience: "chosen", friends: [w.ana.id] }),
      stranger: (w) => call(w.stranger.token, "POST", "/api/me/check-in", { place_id: w.placeId, audience: "chosen", friends: [w.ana.id] }),
    },
    {
      name: "friends out",
      blocked: (w) => call(w.blocked.token, "GET", "/api/me/friends/out"),
      stranger: (w) => call(w.stranger.token, "GET", "/api/me/friends/out"),
    },
    {
      name: "friends here at Ana's place",
      blocked: (w) => call(w.blocked.token, "GET", `/api/places/${w.placeId}/friends-here`),
      stranger: (w) => call(w.stranger.token, "GET", `/api/places/${w.placeId}/friends-here`),
    },
    {
      name: "removing Ana as a friend",
      blocked: (w) => call(w.blocked.token, "DELETE", `/api/me/friends/${w.ana.id}`),
      stranger: (w) => call(w.stranger.token, "DELETE", `/api/me/friends/${w.ana.id}`),
    },
  ];
  for (const { name, blocked, stranger } of cases) {
    it(name, async () => {
      const w = await world();
      expect(await answerOf(await blocked(w))).toEqual(await answerOf(await stranger(w)));
    });
  }

  it("even after the blocked account blocks back, unblocks, or asks again and again", async () => {
    const w = await world();
    await call(w.blocked.token, "POST", "/api/me/blocks", { account_id: w.ana.id });
    await call(w.blocked.token, "DELETE", `/api/me/blocks/${w.ana.id}`);
    const again = [];
    for (let i = 0; i < 3; i++) again.push(await answerOf(await call(w.blocked.token, "POST", "/api/me/friend-requests", { handle: handleOf(w.ana) })));
    const unknown = await answerOf(await call(w.stranger.token, "POST", "/api/me/friend-requests", { handle: "nobody_has_this" }));
    expect(again).toEqual([unknown, unknown, unknown]);
  });
});
