// Friends, requests, invite links and blocks through the API (docs/friends.md): the request
// journey, mutual requests, the daily limit (at a set "now"), the 500-friend cap, one-time links
// that expire, and blocks that end everything between two accounts.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import {
  FRIEND_CAP_MESSAGES,
  FRIEND_REQUESTS_PER_DAY,
  INVITE_GONE_MESSAGE,
  MAX_FRIENDS,
  MAX_OPEN_INVITES,
  NO_SUCH_HANDLE_MESSAGE,
  type BlocksAnswer,
  type FriendRequestsAnswer,
  type FriendsAnswer,
  type InviteCreated,
} from "../../common/schemas/friends";
import { createUser, type TestUser } from "./fixtures";
import { befriend, call, friendIdsOf, giveFriends, handleOf, signedInNow } from "./friends-fixtures";
import { useFixedClock } from "./occupancy-fixtures";

const NOW = Date.parse("2031-06-10T20:00:00Z");
const DAY = 86_400_000;
useFixedClock(NOW);

const ask = (from: TestUser, handle: string) => call(from.token, "POST", "/api/me/friend-requests", { handle });
const requests = async (user: TestUser) => (await call(user.token, "GET", "/api/me/friend-requests")).json<FriendRequestsAnswer>();
const makeInvite = async (user: TestUser) => {
  const response = await call(user.token, "POST", "/api/me/friend-invites");
  expect(response.status).toBe(201);
  return response.json<InviteCreated>();
};
const tokenOf = (invite: InviteCreated) => invite.url.split("/").at(-1)!;
const acceptInvite = (user: TestUser, token: string) => call(user.token, "POST", "/api/me/friend-invites/accept", { token });

describe("friend requests", () => {
  it("asks by handle (any case, with @), lists both sides, and accepting makes friends both ways", async () => {
    const [ana, ben] = await Promise.all([createUser("Ana"), createUser("Ben")]);
    const asked = await ask(ana, `@${handleOf(ben).toUpperCase()}`);
    expect(asked.status).toBe(201);
    const { id } = await asked.json<{ id: number }>();
    expect(await requests(ben)).toEqual({ incoming: [{ id, from: { id: ana.id, handle: handleOf(ana), name: "Ana" }, created_at: new Date(NOW).toISOString() }], outgoing: [] });
    expect(await requests(ana)).toEqual({ incoming: [], outgoing: [{ id, to: { id: ben.id, handle: handleOf(ben), name: "Ben" }, created_at: new Date(NOW).toISOString() }] });
    // Asking again answers the same request.
    const again = await ask(ana, handleOf(ben));
    expect([again.status, await again.json()]).toEqual([200, { id }]);
    // Only the one asked can accept.
    expect((await call(ana.token, "POST", `/api/me/friend-requests/${id}/accept`)).status).toBe(404);
    expect((await call(ben.token, "POST", `/api/me/friend-requests/${id}/accept`)).status).toBe(200);
    expect(await friendIdsOf(ana)).toEqual([ben.id]);
    expect(await friendIdsOf(ben)).toEqual([ana.id]);
    expect(await requests(ben)).toEqual({ incoming: [], outgoing: [] });
    const list = await (await call(ana.token, "GET", "/api/me/friends")).json<FriendsAnswer>();
    expect(list.friends).toEqual([{ id: ben.id, handle: handleOf(ben), name: "Ben", since: new Date(NOW).toISOString() }]);
    const twice = await ask(ana, handleOf(ben));
    expect(twice.status).toBe(409);
  });

  it("a request to someone who already asked you accepts theirs", async () => {
    const [ana, ben] = await Promise.all([createUser("Ana"), createUser("Ben")]);
    const { id } = await (await ask(ana, handleOf(ben))).json<{ id: number }>();
    const back = await ask(ben, handleOf(ana));
    expect([back.status, await back.json()]).toEqual([200, { id }]);
    expect(await friendIdsOf(ana)).toEqual([ben.id]);
    expect(await requests(ana)).toEqual({ incoming: [], outgoing: [] });
  });

  it("declining and withdrawing delete the request; only its own side may", async () => {
    const [ana, ben] = await Promise.all([createUser("Ana"), createUser("Ben")]);
    const { id } = await (await ask(ana, handleOf(ben))).json<{ id: number }>();
    expect((await call(ana.token, "POST", `/api/me/friend-requests/${id}/decline`)).status).toBe(404);
    expect((await call(ben.token, "POST", `/api/me/friend-requests/${id}/decline`)).status).toBe(200);
    expect(await requests(ana)).toEqual({ incoming: [], outgoing: [] });
    const second = await (await ask(ana, handleOf(ben))).json<{ id: number }>();
    expect((await call(ben.token, "DELETE", `/api/me/friend-requests/${second.id}`)).status).toBe(404);
    expect((await call(ana.token, "DELETE", `/api/me/friend-requests/${second.id}`)).status).toBe(200);
    expect(await requests(ben)).toEqual({ incoming: [], outgoing: [] });
    expect(await friendIdsOf(ana)).toEqual([]);
  });

  it("answers an unknown handle 404 and your own handle 409", async () => {
    const ana = await createUser("Ana");
    const unknown = await ask(ana, "nobody_has_this");
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: NO_SUCH_HANDLE_MESSAGE }]);
    expect((await ask(ana, handleOf(ana))).status).toBe(409);
    expect((await ask(ana, "x")).status).toBe(400);
  });

  it(`allows ${FRIEND_REQUESTS_PER_DAY} attempts in 24 hours, found or not, then 429 until the oldest is a day old`, async () => {
    const ana = await createUser("Ana");
    // Seconds apart, within one access token's 15 minutes.
    for (let i = 0; i < FRIEND_REQUESTS_PER_DAY; i++) {
      vi.setSystemTime(NOW + i * 1000);
      expect((await ask(ana, `nobody_${i}`)).status).toBe(404);
    }
    const ben = await createUser("Ben");
    const limited = await ask(ana, handleOf(ben));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(DAY / 1000 - (FRIEND_REQUESTS_PER_DAY - 1)));
    vi.setSystemTime(NOW + DAY + 1);
    expect((await ask(await signedInNow(ana), handleOf(ben))).status).toBe(201);
  });

  it(`refuses a ${MAX_FRIENDS + 1}st friend on either side`, async () => {
    const [full, ben, cy] = await Promise.all([createUser("Full"), createUser("Ben"), createUser("Cy")]);
    const { id } = await (await ask(ben, handleOf(full))).json<{ id: number }>();
    await giveFriends(full, MAX_FRIENDS);
    const accept = await call(full.token, "POST", `/api/me/friend-requests/${id}/accept`);
    expect([accept.status, await accept.json()]).toEqual([409, { error: FRIEND_CAP_MESSAGES["my-cap"] }]);
    expect((await ask(full, handleOf(cy))).status).toBe(409);
    const theirs = await ask(cy, handleOf(full));
    expect(theirs.status).toBe(201);
    const { id: cyRequest } = await theirs.json<{ id: number }>();
    expect(await (await call(full.token, "POST", `/api/me/friend-requests/${cyRequest}/accept`)).json()).toEqual({ error: FRIEND_CAP_MESSAGES["my-cap"] });
    const invite = await makeInvite(full);
    const viaLink = await acceptInvite(ben, tokenOf(invite));
    expect([viaLink.status, await viaLink.json()]).toEqual([409, { error: FRIEND_CAP_MESSAGES["their-cap"] }]);
    expect((await friendIdsOf(full)).length).toBe(MAX_FRIENDS);
  });
});

describe("friend invite links", () => {
  it("makes a 7-day link; opening it makes friends once; a used link is a 410", async () => {
    const [ana, ben, cy] = await Promise.all([createUser("Ana"), createUser("Ben"), createUser("Cy")]);
    const invite = await makeInvite(ana);
    expect(invite.expires_at).toBe(new Date(NOW + 7 * DAY).toISOString());
    expect(invite.url).toMatch(/^https:\/\/third-place\.test\/app\/friends\/invite\/[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM friend_invites WHERE user_id = ?").bind(ana.id).first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toContain(tokenOf(invite));
    expect((await acceptInvite(ana, tokenOf(invite))).status).toBe(409);
    const accepted = await acceptInvite(ben, tokenOf(invite));
    expect([accepted.status, await accepted.json()]).toEqual([200, { friend: { id: ana.id, handle: handleOf(ana), name: "Ana" } }]);
    expect(await friendIdsOf(ben)).toEqual([ana.id]);
    const used = await acceptInvite(cy, tokenOf(invite));
    expect([used.status, await used.json()]).toEqual([410, { error: INVITE_GONE_MESSAGE }]);
  });

  it("a friend opening the link again succeeds without using it up", async () => {
    const [ana, ben, cy] = await Promise.all([createUser("Ana"), createUser("Ben"), createUser("Cy")]);
    await befriend(ana, ben);
    const invite = await makeInvite(ana);
    expect((await acceptInvite(ben, tokenOf(invite))).status).toBe(200);
    expect((await acceptInvite(cy, tokenOf(invite))).status).toBe(200);
  });

  it("expires after 7 days, and the oldest beyond 20 open links is withdrawn", async () => {
    const [ana, ben, cy] = await Promise.all([createUser("Ana"), createUser("Ben"), createUser("Cy")]);
    const first = await makeInvite(ana);
    for (let i = 1; i <= MAX_OPEN_INVITES; i++) {
      vi.setSystemTime(NOW + i * 1000);
      await makeInvite(ana);
    }
    expect((await acceptInvite(ben, tokenOf(first))).status).toBe(410);
    const open = await env.DB.prepare("SELECT count(*) AS n FROM friend_invites WHERE user_id = ?").bind(ana.id).first<{ n: number }>();
    expect(open!.n).toBe(MAX_OPEN_INVITES);
    vi.setSystemTime(NOW + 7 * DAY);
    const late = await makeInvite(await signedInNow(ana));
    vi.setSystemTime(NOW + 14 * DAY - 1);
    const lateBen = await signedInNow(ben);
    const stillOpen = await acceptInvite(await signedInNow(cy), tokenOf(late));
    expect(stillOpen.status).toBe(200);
    vi.setSystemTime(NOW + 14 * DAY);
    const other = await makeInvite(await signedInNow(ana));
    vi.setSystemTime(NOW + 21 * DAY);
    expect((await acceptInvite(await signedInNow(lateBen), tokenOf(other))).status).toBe(410);
  });
});

describe("blocks", () => {
  it("end the friendship and every request, are listed for the blocker only, and lift on unblock", async () => {
    const [ana, ben, cy] = await Promise.all([createUser("Ana"), createUser("Ben"), createUser("Cy")]);
    await befriend(ana, ben);
    await ask(ben, handleOf(cy));
    await ask(cy, handleOf(ana));
    expect((await call(ana.token, "POST", "/api/me/blocks", { account_id: ben.id })).status).toBe(200);
    expect((await call(ana.token, "POST", "/api/me/blocks", { account_id: cy.id })).status).toBe(200);
    expect(await friendIdsOf(ana)).toEqual([]);
    expect(await requests(ana)).toEqual({ incoming: [], outgoing: [] });
    // Ben's request to Cy is none of Ana's business: it stays.
    expect((await requests(cy)).incoming.map((entry) => entry.from.id)).toEqual([ben.id]);
    const list = await (await call(ana.token, "GET", "/api/me/blocks")).json<BlocksAnswer>();
    expect(list.blocks.map((entry) => entry.id).sort()).toEqual([ben.id, cy.id].sort());
    expect(await (await call(ben.token, "GET", "/api/me/blocks")).json()).toEqual({ blocks: [] });
    // The blocker knows; the blocked one learns nothing.
    expect((await ask(ana, handleOf(ben))).status).toBe(409);
    expect((await ask(ben, handleOf(ana))).status).toBe(404);
    expect((await call(ana.token, "DELETE", `/api/me/blocks/${ben.id}`)).status).toBe(200);
    expect((await ask(ben, handleOf(ana))).status).toBe(201);
    expect(await friendIdsOf(ana)).toEqual([]);
  });

  it("is a 404 for an account that does not exist and a 409 for yourself", async () => {
    const ana = await createUser("Ana");
    expect((await call(ana.token, "POST", "/api/me/blocks", { account_id: 2 ** 31 - 1 })).status).toBe(404);
    expect((await call(ana.token, "POST", "/api/me/blocks", { account_id: ana.id })).status).toBe(409);
  });

  it("removing a friend is quiet and idempotent", async () => {
    const [ana, ben] = await Promise.all([createUser("Ana"), createUser("Ben")]);
    await befriend(ana, ben);
    expect((await call(ben.token, "DELETE", `/api/me/friends/${ana.id}`)).status).toBe(200);
    expect(await friendIdsOf(ana)).toEqual([]);
    expect((await call(ben.token, "DELETE", `/api/me/friends/${ana.id}`)).status).toBe(200);
  });
});
