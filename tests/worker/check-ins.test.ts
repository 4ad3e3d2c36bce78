// Check-ins through the API (docs/friends.md#check-ins): one at a time, seen only by its audience
// while friends and unblocked, hidden by ghost mode, never a position, and deleted by the cron once
// it ends (at a set "now"); "friends here" at a place, never in a public answer.
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { NOT_FRIENDS_MESSAGE, type FriendsHere, type FriendsOut, type MyCheckIn } from "../../common/schemas/friends";
import { createUser, insertPlace, type TestUser } from "./fixtures";
import { befriend, call, signedInNow } from "./friends-fixtures";
import { useFixedClock } from "./occupancy-fixtures";

const NOW = Date.parse("2031-06-10T20:00:00Z");
const HOUR = 3_600_000;
useFixedClock(NOW);

const checkIn = (user: TestUser, body: Record<string, unknown>) => call(user.token, "POST", "/api/me/check-in", body);
const out = async (user: TestUser) => (await (await call(user.token, "GET", "/api/me/friends/out")).json<FriendsOut>()).friends.map((entry) => entry.id);
const here = async (user: TestUser, placeId: number) => (await call(user.token, "GET", `/api/places/${placeId}/friends-here`)).json<FriendsHere>();
const checkInRows = async (user: { id: number }) => (await env.DB.prepare("SELECT count(*) AS n FROM check_ins WHERE user_id = ?").bind(user.id).first<{ n: number }>())!.n;

async function circle() {
  const [ana, ben, cy, dee] = await Promise.all([createUser("Ana"), createUser("Ben"), createUser("Cy"), createUser("Dee")]);
  await befriend(ana, ben);
  await befriend(ana, cy);
  const placeId = await insertPlace({ name: "The Copper Lantern" });
  return { ana, ben, cy, dee, placeId };
}

describe("checking in", () => {
  it("is visible to friends for 3 hours by default, with the place, since and until", async () => {
    const { ana, ben, cy, dee, placeId } = await circle();
    const response = await checkIn(ana, { place_id: placeId });
    expect(response.status).toBe(200);
    const mine = await response.json<MyCheckIn>();
    expect(mine).toEqual({
      check_in: {
        place: { id: placeId, slug: expect.any(String), name: "The Copper Lantern" },
        audience: "friends",
        friends: [],
        since: new Date(NOW).toISOString(),
        until: new Date(NOW + 3 * HOUR).toISOString(),
      },
      ghost: false,
    });
    const seen = await (await call(ben.token, "GET", "/api/me/friends/out")).json<FriendsOut>();
    expect(seen.friends).toEqual([
      { id: ana.id, handle: `user${ana.id}`, name: "Ana", place: mine.check_in!.place, since: mine.check_in!.since, until: mine.check_in!.until },
    ]);
    expect(await out(cy)).toEqual([ana.id]);
    expect(await out(dee)).toEqual([]);
    expect(await here(ben, placeId)).toMatchObject({ count: 1, friends: [{ id: ana.id, name: "Ana" }] });
    expect(await here(dee, placeId)).toEqual({ count: 0, friends: [] });
    // Public answers about the place never carry anyone.
    const publicPlace = await call(undefined, "GET", `/api/places/${placeId}`);
    expect(JSON.stringify(await publicPlace.json())).not.toContain(`user${ana.id}`);
  });

  it('"chosen" shows it to the chosen friends only; "nobody" to no one', async () => {
    const { ana, ben, cy, placeId } = await circle();
    expect((await checkIn(ana, { place_id: placeId, audience: "chosen", friends: [ben.id], hours: 8 })).status).toBe(200);
    expect(await out(ben)).toEqual([ana.id]);
    expect(await out(cy)).toEqual([]);
    expect((await here(cy, placeId)).count).toBe(0);
    expect((await checkIn(ana, { place_id: placeId, audience: "nobody" })).status).toBe(200);
    expect(await out(ben)).toEqual([]);
  });

  it("is one at a time: a new check-in ends the last, and leaving deletes it", async () => {
    const { ana, ben, placeId } = await circle();
    const other = await insertPlace({ name: "Other Bar" });
    await checkIn(ana, { place_id: placeId });
    await checkIn(ana, { place_id: other });
    expect(await checkInRows(ana)).toBe(1);
    expect((await here(ben, placeId)).count).toBe(0);
    expect((await here(ben, other)).count).toBe(1);
    expect((await call(ana.token, "DELETE", "/api/me/check-in")).status).toBe(200);
    expect(await checkInRows(ana)).toBe(0);
    expect(await (await call(ana.token, "GET", "/api/me/check-in")).json()).toEqual({ check_in: null, ghost: false });
  });

  it("ghost mode hides the current and every later check-in until it is turned off", async () => {
    const { ana, ben, placeId } = await circle();
    await checkIn(ana, { place_id: placeId });
    const ghost = await call(ana.token, "PUT", "/api/me/ghost-mode", { on: true });
    expect((await ghost.json<MyCheckIn>()).ghost).toBe(true);
    expect(await out(ben)).toEqual([]);
    await checkIn(ana, { place_id: placeId });
    expect(await out(ben)).toEqual([]);
    expect((await here(ben, placeId)).count).toBe(0);
    await call(ana.token, "PUT", "/api/me/ghost-mode", { on: false });
    expect(await out(ben)).toEqual([ana.id]);
  });

  it("is seen only while friends and unblocked: unfriending takes a chosen friend off for good", async () => {
    const { ana, ben, cy, placeId } = await circle();
    await checkIn(ana, { place_id: placeId, audience: "chosen", friends: [ben.id, cy.id] });
    await call(ben.token, "DELETE", `/api/me/friends/${ana.id}`);
    expect(await out(ben)).toEqual([]);
    await befriend(ana, ben);
    expect(await out(ben)).toEqual([]);
    await call(cy.token, "POST", "/api/me/blocks", { account_id: ana.id });
    expect(await out(cy)).toEqual([]);
    await call(cy.token, "DELETE", `/api/me/blocks/${ana.id}`);
    await befriend(ana, cy);
    expect(await out(cy)).toEqual([]);
  });

  it("takes no position and refuses bad hours, audiences and friends who are not friends", async () => {
    const { ana, dee, placeId } = await circle();
    const bad = [
      { place_id: placeId, lat: 40.7, lng: -73.9 },
      { place_id: placeId, hours: 0 },
      { place_id: placeId, hours: 9 },
      { place_id: placeId, hours: 2.5 },
      { place_id: placeId, audience: "everyone" },
      { place_id: placeId, audience: "chosen" },
      { place_id: placeId, audience: "chosen", friends: [] },
      { place_id: placeId, audience: "friends", friends: [dee.id] },
      {},
    ];
    for (const body of bad) expect((await checkIn(ana, body)).status, JSON.stringify(body)).toBe(400);
    const stranger = await checkIn(ana, { place_id: placeId, audience: "chosen", friends: [dee.id] });
    expect([stranger.status, (await stranger.json<{ error: string }>()).error]).toEqual([400, NOT_FRIENDS_MESSAGE]);
    expect((await checkIn(ana, { place_id: 2 ** 31 - 1 })).status).toBe(404);
    expect(await checkInRows(ana)).toBe(0);
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('check_ins')").all<{ name: string }>();
    expect(columns.results.map((column) => column.name).sort()).toEqual(["audience", "created_at", "expires_at", "place_id", "user_id"]);
  });

  it("ends on its own and the cron deletes it: nothing is kept", async () => {
    const { ana, ben, placeId } = await circle();
    await checkIn(ana, { place_id: placeId, hours: 1 });
    vi.setSystemTime(NOW + HOUR - 1);
    const benNow = await signedInNow(ben);
    expect(await out(benNow)).toEqual([ana.id]);
    await worker.scheduled(createScheduledController({ scheduledTime: NOW + HOUR - 1, cron: "*/5 * * * *" }), env);
    expect(await checkInRows(ana)).toBe(1);
    vi.setSystemTime(NOW + HOUR);
    expect(await out(benNow)).toEqual([]);
    expect(await (await call((await signedInNow(ana)).token, "GET", "/api/me/check-in")).json()).toEqual({ check_in: null, ghost: false });
    await worker.scheduled(createScheduledController({ scheduledTime: NOW + HOUR, cron: "*/5 * * * *" }), env);
    expect(await checkInRows(ana)).toBe(0);
  });

  it("friends-here is a 404 for an unknown place and needs an account", async () => {
    const { ana } = await circle();
    expect((await call(ana.token, "GET", `/api/places/${2 ** 31 - 1}/friends-here`)).status).toBe(404);
  });
});
