// A friend's check-in at a plan's place tells the plan's members (docs/friends.md#notifications):
// only members the check-in's audience includes, never in ghost mode or with "nobody", never across
// a block, only for plans within the window around their time, not cancelled, not to members who
// answered "no", and once per friend and plan. The check-in goes through the worker's own fetch with
// an execution context that the test waits on, so "not told" is not a matter of waiting long enough.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { bearer, createUser, insertPlace, type TestUser } from "./fixtures";
import { befriend } from "./friends-fixtures";
import { useFixedClock } from "./occupancy-fixtures";

/** Wednesday 11 June 2031, 18:00 in New York. */
const NOW = Date.parse("2031-06-11T22:00:00Z");
const HOUR = 3_600_000;
useFixedClock(NOW);

/** POST /api/me/check-in, waiting for what it does after answering. */
async function checkIn(user: TestUser, body: Record<string, unknown>) {
  const ctx = createExecutionContext();
  const request = new Request("https://third-place.test/api/me/check-in", {
    method: "POST",
    headers: { ...bearer(user.token), "content-type": "application/json", "cf-connecting-ip": "198.18.99.1" },
    body: JSON.stringify(body),
  });
  const response = await worker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
}

const told = async (user: TestUser) =>
  (await env.DB.prepare("SELECT title, body, url FROM consumer_notifications WHERE user_id = ? AND kind = 'plan_check_in' ORDER BY id").bind(user.id).all<{ title: string; body: string; url: string }>())
    .results;

/** Maya's plan at the Lantern with Jonah and Sam; Priya is Maya's friend, not invited. Jonah and Sam are friends too. */
async function cast(startsInHours: number) {
  const [maya, jonah, sam, priya] = await Promise.all(["Maya", "Jonah", "Sam", "Priya"].map((name) => createUser(name)));
  for (const [a, b] of [[maya, jonah], [maya, sam], [maya, priya], [jonah, sam]] as const) await befriend(a, b);
  const placeId = await insertPlace({ name: "The Copper Lantern", timezone: "America/New_York" });
  const plan = await env.DB.prepare("INSERT INTO plans (organiser_id, place_id, starts_at, title, updated_at) VALUES (?, ?, ?, 'Drinks', ?) RETURNING id")
    .bind(maya.id, placeId, NOW + startsInHours * HOUR, NOW)
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO plan_invitees (plan_id, user_id) VALUES (?, ?), (?, ?)").bind(plan!.id, jonah.id, plan!.id, sam.id).run();
  return { maya, jonah, sam, priya, placeId, planId: plan!.id };
}
type Cast = Awaited<ReturnType<typeof cast>>;
type Who = "maya" | "jonah" | "sam" | "priya";

const cases: { name: string; startsInHours?: number; checker?: Who; body?: (cast: Cast) => Record<string, unknown> | Promise<Record<string, unknown>>; before?: (cast: Cast) => Promise<unknown>; told: Who[] }[] = [
  { name: 'audience "friends": every member who is a friend', told: ["maya", "sam"] },
  { name: 'audience "chosen": only the chosen member', body: (c) => ({ place_id: c.placeId, audience: "chosen", friends: [c.maya.id] }), told: ["maya"] },
  { name: 'audience "nobody": nobody', body: (c) => ({ place_id: c.placeId, audience: "nobody" }), told: [] },
  { name: "ghost mode: nobody", before: (c) => env.DB.prepare("UPDATE users SET ghost_mode = 1 WHERE id = ?").bind(c.jonah.id).run(), told: [] },
  { name: "a member who blocked the friend is not told", before: (c) => env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(c.maya.id, c.jonah.id).run(), told: ["sam"] },
  { name: 'a member who answered "no" is not told', before: (c) => env.DB.prepare("UPDATE plan_invitees SET answer = 'no' WHERE user_id = ?").bind(c.sam.id).run(), told: ["maya"] },
  { name: "a friend not invited checking in tells the members who are friends", checker: "priya", told: ["maya"] },
  { name: "a plan 6 hours ahead is told", startsInHours: 6, told: ["maya", "sam"] },
  { name: "a plan 7 hours ahead is not", startsInHours: 7, told: [] },
  { name: "a plan that began 3 hours ago is told", startsInHours: -3, told: ["maya", "sam"] },
  { name: "a plan that began 4 hours ago is not", startsInHours: -4, told: [] },
  { name: "a cancelled plan is not", before: (c) => env.DB.prepare("UPDATE plans SET cancelled_at = ? WHERE id = ?").bind(NOW, c.planId).run(), told: [] },
  { name: "a check-in at another place is not", body: async () => ({ place_id: await insertPlace({ name: "Elsewhere" }) }), told: [] },
];

describe("a check-in at a plan's place", () => {
  for (const row of cases) {
    it(`${row.name}: ${row.told.join(", ") || "nobody told"}`, async () => {
      const c = await cast(row.startsInHours ?? 2);
      await row.before?.(c);
      await checkIn(c[row.checker ?? "jonah"], (await row.body?.(c)) ?? { place_id: c.placeId });
      const everyone: Who[] = ["maya", "jonah", "sam", "priya"];
      const toldNow = [];
      for (const who of everyone) if ((await told(c[who])).length > 0) toldNow.push(who);
      expect(toldNow).toEqual(row.told);
    });
  }

  it("says who is where and for which plan, on the place's clock, and only once however often they check in", async () => {
    const c = await cast(2);
    await checkIn(c.jonah, { place_id: c.placeId });
    await checkIn(c.jonah, { place_id: c.placeId, hours: 2 });
    expect(await told(c.maya)).toEqual([{ title: "Jonah is at The Copper Lantern", body: "Your plan: Drinks, Wed 8:00 PM", url: `/app/plans/${c.planId}` }]);
  });
});
