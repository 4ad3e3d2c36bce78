// Plans through the API (docs/friends.md#plans): who may read, change, answer and cancel a plan
// (table-driven over roles; a blocked account gets exactly a stranger's answer), invitees must be
// friends, capacity, the bounds, the invitees' notifications, and the forecast with a suggestion
// when the plan's hour looks bad.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { MAX_OPEN_PLANS, type Plan, type PlansList } from "../../common/schemas/plans";
import { hoursOn } from "./hours-fixtures";
import { createPlace, eveningsBeforeJune10th2031, useFixedClock } from "./occupancy-fixtures";
import { adminHeaders, befriend, block, person, send, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York (EDT, UTC−4). */
const now = Date.UTC(2031, 5, 11, 1, 10);
useFixedClock(now);
/** 23:30 tonight in New York. */
const tonight = "2031-06-11T03:30:00.000Z";

/** A place at its own spot (no other test's place is within a kilometre). */
let spot = 0;
async function placeAlone(settings: Parameters<typeof createPlace>[0] = {}) {
  const id = await createPlace(settings);
  spot += 1;
  await env.DB.prepare("UPDATE places SET latitude = ?, longitude = ? WHERE id = ?").bind(40.7, -73.9 + spot * 0.1, id).run();
  return id;
}

/** An organiser with an invited friend, a friend not invited, a stranger, a blocked friend and a plan. */
async function cast() {
  const [organiser, invitee, friend, stranger, blocked] = await Promise.all(
    ["Maya", "Sam", "Jo", "Stranger", "Blocked"].map((name) => person(name)),
  );
  await befriend(organiser, invitee);
  await befriend(organiser, friend);
  await befriend(organiser, blocked);
  await befriend(invitee, blocked);
  await block(organiser, blocked);
  const placeId = await placeAlone();
  const created = await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, title: "Drinks", invitees: [invitee.id] });
  expect(created.status).toBe(201);
  const plan = await created.json<Plan>();
  return { organiser, invitee, friend, stranger, blocked, placeId, plan };
}

type Role = "organiser" | "invitee" | "friend" | "stranger" | "blocked" | "admin";
const ROLES: Role[] = ["organiser", "invitee", "friend", "stranger", "blocked", "admin"];

async function headersOf(role: Role, people: Record<Exclude<Role, "admin">, Person>) {
  return role === "admin" ? adminHeaders() : people[role].headers;
}

describe("who may do what with a plan", () => {
  const table: { route: string; call: (planId: number, placeId: number) => [string, string, unknown?]; expected: Record<Role, number> }[] = [
    { route: "GET /api/plans/{id}", call: (id) => ["GET", `/api/plans/${id}`], expected: { organiser: 200, invitee: 200, friend: 404, stranger: 404, blocked: 404, admin: 403 } },
    { route: "PATCH /api/plans/{id}", call: (id) => ["PATCH", `/api/plans/${id}`, { title: "Changed" }], expected: { organiser: 200, invitee: 403, friend: 404, stranger: 404, blocked: 404, admin: 403 } },
    { route: "POST /api/plans/{id}/rsvp", call: (id) => ["POST", `/api/plans/${id}/rsvp`, { answer: "going" }], expected: { organiser: 403, invitee: 200, friend: 404, stranger: 404, blocked: 404, admin: 403 } },
    { route: "POST /api/plans/{id}/cancel", call: (id) => ["POST", `/api/plans/${id}/cancel`], expected: { organiser: 200, invitee: 403, friend: 404, stranger: 404, blocked: 404, admin: 403 } },
  ];
  for (const row of table) {
    it(`${row.route}: ${ROLES.map((role) => `${role} ${row.expected[role]}`).join(", ")}`, async () => {
      const { plan, placeId, ...people } = await cast();
      const bodies: Partial<Record<Role, string>> = {};
      // The organiser last: cancelling first would change every other answer.
      for (const role of [...ROLES.filter((role) => role !== "organiser"), "organiser" as const]) {
        const [method, path, body] = row.call(plan.id, placeId);
        const response = await send(method, path, await headersOf(role, people), body);
        expect(response.status, role).toBe(row.expected[role]);
        bodies[role] = await response.text();
      }
      // A blocked account learns nothing a stranger would not.
      expect(bodies.blocked).toBe(bodies.stranger);
    });
  }

  it("GET /api/plans lists a plan only to its organiser and invitees; the admin has no plans (403)", async () => {
    const { plan, placeId: _placeId, ...people } = await cast();
    for (const role of ROLES) {
      const response = await send("GET", "/api/plans", await headersOf(role, people));
      if (role === "admin") {
        expect(response.status).toBe(403);
        continue;
      }
      expect(response.status).toBe(200);
      const ids = (await response.json<PlansList>()).plans.map((entry) => entry.id);
      expect(ids.includes(plan.id), role).toBe(role === "organiser" || role === "invitee");
    }
    expect((await send("GET", "/api/plans", {})).status).toBe(401);
  });

  it("invites friends only: a stranger and a blocked friend get the same 400, yourself too", async () => {
    const { organiser, stranger, blocked, placeId } = await cast();
    const answers = [];
    for (const invitee of [stranger, blocked]) {
      const response = await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, invitees: [invitee.id] });
      expect(response.status).toBe(400);
      answers.push(await response.text());
    }
    expect(answers[0]).toBe(answers[1]);
    // The blocked one may not invite the blocker either, friendship rows notwithstanding.
    const back = await send("POST", "/api/plans", blocked.headers, { place_id: placeId, starts_at: tonight, invitees: [organiser.id] });
    expect(back.status).toBe(400);
    expect((await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, invitees: [organiser.id] })).status).toBe(400);
  });
});

describe("a plan's life", () => {
  it("is made, answered, changed and cancelled, and the invitees are told each time (not the organiser)", async () => {
    const { organiser, invitee, plan } = await cast();
    expect(plan).toMatchObject({ title: "Drinks", starts_at: tonight, organiser: { id: organiser.id, name: "Maya" }, my_answer: "organiser", going: 0 });
    expect(plan.invitees).toEqual([expect.objectContaining({ id: invitee.id, answer: null })]);
    const kinds = async (who: Person) =>
      (await env.DB.prepare("SELECT kind FROM consumer_notifications WHERE user_id = ? ORDER BY id").bind(who.id).all<{ kind: string }>()).results.map((row) => row.kind);
    await vi.waitFor(async () => expect(await kinds(invitee)).toEqual(["plan_invite"]));

    const rsvp = await send("POST", `/api/plans/${plan.id}/rsvp`, invitee.headers, { answer: "going" });
    expect(await rsvp.json<Plan>()).toMatchObject({ my_answer: "going", going: 1 });

    const other = await placeAlone();
    const changed = await send("PATCH", `/api/plans/${plan.id}`, organiser.headers, { place_id: other, starts_at: "2031-06-11T02:00:00Z", title: "" });
    expect(changed.status).toBe(200);
    // Answers stay; an empty title clears it.
    expect(await changed.json<Plan>()).toMatchObject({ place: { id: other }, starts_at: "2031-06-11T02:00:00.000Z", title: null, going: 1 });
    await vi.waitFor(async () => expect(await kinds(invitee)).toEqual(["plan_invite", "plan_changed"]));

    expect((await send("POST", `/api/plans/${plan.id}/cancel`, organiser.headers)).status).toBe(200);
    await vi.waitFor(async () => expect(await kinds(invitee)).toEqual(["plan_invite", "plan_changed", "plan_cancelled"]));
    expect(await kinds(organiser)).toEqual([]);
    // Cancelled: readable, marked, and closed to changes and answers.
    const read = await send("GET", `/api/plans/${plan.id}`, invitee.headers);
    expect((await read.json<Plan>()).cancelled_at).not.toBeNull();
    expect((await send("POST", `/api/plans/${plan.id}/rsvp`, invitee.headers, { answer: "no" })).status).toBe(409);
    expect((await send("PATCH", `/api/plans/${plan.id}`, organiser.headers, { title: "Again" })).status).toBe(409);
    expect((await send("POST", `/api/plans/${plan.id}/cancel`, organiser.headers)).status).toBe(409);
  });

  it("refuses times not ahead or beyond 60 days, unknown places, and a 'going' past the capacity", async () => {
    const { organiser, invitee, friend, placeId } = await cast();
    const make = (body: Record<string, unknown>) => send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, invitees: [invitee.id], ...body });
    expect((await make({ starts_at: "2031-06-11T01:00:00Z" })).status).toBe(400);
    expect((await make({ starts_at: "2031-08-11T01:00:00Z" })).status).toBe(400);
    expect((await make({ place_id: 999_999 })).status).toBe(404);
    expect((await make({ capacity: 1 })).status).toBe(400);
    const full = await (await make({ capacity: 2, invitees: [invitee.id, friend.id] })).json<Plan>();
    expect((await send("POST", `/api/plans/${full.id}/rsvp`, invitee.headers, { answer: "going" })).status).toBe(200);
    expect((await send("POST", `/api/plans/${full.id}/rsvp`, friend.headers, { answer: "going" })).status).toBe(409);
    expect((await send("POST", `/api/plans/${full.id}/rsvp`, friend.headers, { answer: "maybe" })).status).toBe(200);
    // The one going may say so again.
    expect((await send("POST", `/api/plans/${full.id}/rsvp`, invitee.headers, { answer: "going" })).status).toBe(200);
  });

  it(`allows ${MAX_OPEN_PLANS} upcoming plans per organiser (409 beyond)`, async () => {
    const { organiser, invitee, placeId } = await cast();
    for (let i = 1; i < MAX_OPEN_PLANS; i++) {
      expect((await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, invitees: [invitee.id] })).status).toBe(201);
    }
    expect((await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: tonight, invitees: [invitee.id] })).status).toBe(409);
  });
});

describe("a plan's forecast and suggestion", () => {
  it("shows the forecast of its hour, and when Packed a quieter open place nearby and a quieter hour here", async () => {
    const [organiser, invitee] = await Promise.all([person("Maya"), person("Sam")]);
    await befriend(organiser, invitee);
    const open = hoursOn("17:00", "02:00");
    const packed = await placeAlone({ hours: open });
    await eveningsBeforeJune10th2031(packed, (hour) => (hour === 23 ? 120 : 30));
    const [{ latitude, longitude }] = (await env.DB.prepare("SELECT latitude, longitude FROM places WHERE id = ?").bind(packed).all<{ latitude: number; longitude: number }>()).results;
    const quiet = await createPlace({ hours: open });
    const closed = await createPlace({ hours: hoursOn("09:00", "17:00") });
    const far = await createPlace({ hours: open });
    for (const [id, metres] of [[quiet, 300], [closed, 100], [far, 3000]]) {
      await env.DB.prepare("UPDATE places SET latitude = ?, longitude = ? WHERE id = ?").bind(latitude + metres / 111_195, longitude, id).run();
      await eveningsBeforeJune10th2031(id, () => 10);
    }
    const created = await send("POST", "/api/plans", organiser.headers, { place_id: packed, starts_at: tonight, invitees: [invitee.id] });
    const plan = await created.json<Plan>();
    // A range of one number is no range (docs/when-to-go.md#one-number-one-word).
    expect(plan.forecast).toEqual({ level: "Packed", percent: 100, low: null, high: null, open: true });
    expect(plan.suggestion).toEqual({
      place: { id: quiet, name: expect.any(String), slug: expect.any(String), level: "Relaxed", percent: 10, distance_m: 300 },
      time: { starts_at: "2031-06-11T02:00:00.000Z", level: "Relaxed", percent: 30 },
    });
    // At 22:00 the place is Relaxed: nothing to suggest.
    const early = await send("PATCH", `/api/plans/${plan.id}`, organiser.headers, { starts_at: "2031-06-11T02:00:00Z" });
    expect(await early.json<Plan>()).toMatchObject({ forecast: { level: "Relaxed", percent: 30 }, suggestion: null });
  });
});
