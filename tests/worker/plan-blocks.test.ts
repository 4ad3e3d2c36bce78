// A block reaches plans (docs/friends.md#blocks-in-a-plan, issue 37 #2): after Sam blocks the
// organiser, neither sees the other's messages (history, live frames, the list's last message and
// unread count, read markers), answer or presence in the plan, and neither is told of the other's
// acts; any invitee can leave a plan; a plan's "changed" notices coalesce into one inbox row per
// invitee with at most one push per plan in 10 minutes. Writes that notify go through the app's
// fetch with an execution context the test waits on, so "not told" never depends on waiting.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ConversationsList, MessagesPage, SocketFrame } from "../../common/schemas/conversations";
import type { Plan, PlansList } from "../../common/schemas/plans";
import { app } from "../../worker/app";
import { PLAN_PUSH_GAP_MS } from "../../worker/chat/notices";
import { freshClientIp } from "./helpers";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { befriend, block, heldNotices, openSocket, person, send, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 14:00 in New York (outside the default quiet hours). */
const NOW = Date.UTC(2031, 5, 10, 18, 0);
useFixedClock(NOW);
const TONIGHT = "2031-06-11T01:30:00.000Z";

let clientIds = 0;
const write = (who: Person, conversationId: number, text: string) =>
  send("POST", `/api/conversations/${conversationId}/messages`, who.headers, { text, client_id: `plan-blocks-${++clientIds}` });

/** The social limiter counts real minutes; the test of 60 changes in a minute and more after 10 fake ones goes without it. */
const unlimited = { ...env, SOCIAL_LIMITER: { limit: async () => ({ success: true }) } } as Env;

/** A request through the app, waiting for what it does after answering (notices, pushes). */
async function sendAndWait(method: string, path: string, who: Person, body?: unknown, bindings: Env = env) {
  const ctx = createExecutionContext();
  const request = new Request(`https://third-place.test${path}`, {
    method,
    headers: { ...who.headers, "cf-connecting-ip": freshClientIp(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await app.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Maya's plan with Sam and Jo (all three friends), made through the API; Sam then blocks Maya. */
async function cast() {
  const [maya, sam, jo] = await Promise.all(["Maya", "Sam", "Jo"].map((name) => person(name)));
  await befriend(maya, sam);
  await befriend(maya, jo);
  await befriend(sam, jo);
  const placeId = await createPlace();
  const created = await sendAndWait("POST", "/api/plans", maya, { place_id: placeId, starts_at: TONIGHT, title: "Drinks", invitees: [sam.id, jo.id] });
  expect(created.status).toBe(201);
  const plan = await created.json<Plan>();
  await block(sam, maya);
  return { maya, sam, jo, plan, conversationId: plan.conversation_id };
}


const textsOf = (frames: SocketFrame[]) => frames.flatMap((frame) => (frame.type === "message" ? [frame.message.text] : []));
const pageOf = async (who: Person, conversationId: number) => (await send("GET", `/api/conversations/${conversationId}/messages`, who.headers)).json<MessagesPage>();
const planOf = async (who: Person, planId: number) => (await send("GET", `/api/plans/${planId}`, who.headers)).json<Plan>();
const inbox = async (who: Person, kind: string) =>
  (await env.DB.prepare("SELECT id, title, read_at FROM consumer_notifications WHERE user_id = ? AND kind = ? ORDER BY id").bind(who.id, kind).all<{ id: number; title: string; read_at: number | null }>())
    .results;
const pushesTo = async (who: Person) => (await env.DB.prepare("SELECT count(*) AS n FROM push_log WHERE user_id = ?").bind(who.id).first<{ n: number }>())!.n;
async function subscribe(who: Person) {
  await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'key', 'auth')")
    .bind(who.id, `https://push.example/${crypto.randomUUID()}`)
    .run();
}

describe("a block reaches a plan's conversation", () => {
  it("neither sees the other's messages, live or in the history; everyone else sees both", async () => {
    const { maya, sam, jo, conversationId } = await cast();
    const samSocket = await openSocket(sam, conversationId);
    const mayaSocket = await openSocket(maya, conversationId);
    expect((await write(maya, conversationId, "from Maya")).status).toBe(201);
    expect((await write(sam, conversationId, "from Sam")).status).toBe(201);
    expect((await write(jo, conversationId, "from Jo")).status).toBe(201);
    // One object sends frames in order: once Jo's has arrived, an earlier one would have too.
    await vi.waitFor(() => expect(textsOf(samSocket.frames)).toContain("from Jo"));
    await vi.waitFor(() => expect(textsOf(mayaSocket.frames)).toContain("from Jo"));
    expect(textsOf(samSocket.frames)).toEqual(["from Sam", "from Jo"]);
    expect(textsOf(mayaSocket.frames)).toEqual(["from Maya", "from Jo"]);

    expect((await pageOf(sam, conversationId)).messages.map((message) => message.text)).toEqual(["from Sam", "from Jo"]);
    expect((await pageOf(maya, conversationId)).messages.map((message) => message.text)).toEqual(["from Maya", "from Jo"]);
    expect((await pageOf(jo, conversationId)).messages.map((message) => message.text)).toEqual(["from Maya", "from Sam", "from Jo"]);
    // Paging back and catching up are filtered the same way.
    const first = (await pageOf(jo, conversationId)).messages[0].id;
    const after = await (await send("GET", `/api/conversations/${conversationId}/messages?after=${first}`, sam.headers)).json<MessagesPage>();
    expect(after.messages.map((message) => message.text)).toEqual(["from Sam", "from Jo"]);

    // Read markers are presence: Maya's is not Sam's to see, nor Sam's hers, live or in a page.
    const jos = (await pageOf(jo, conversationId)).messages.at(-1)!.id;
    expect((await send("POST", `/api/conversations/${conversationId}/read`, maya.headers, { up_to: jos })).status).toBe(200);
    expect((await send("POST", `/api/conversations/${conversationId}/read`, jo.headers, { up_to: jos })).status).toBe(200);
    await vi.waitFor(() => expect(samSocket.frames).toContainEqual({ type: "read", account_id: jo.id, up_to: jos }));
    expect(samSocket.frames.some((frame) => frame.type === "read" && frame.account_id === maya.id)).toBe(false);
    expect((await pageOf(sam, conversationId)).read.map((marker) => marker.account_id)).not.toContain(maya.id);
    expect((await pageOf(maya, conversationId)).read.map((marker) => marker.account_id)).not.toContain(sam.id);

    // The list's newest message and unread count leave the other out too.
    expect((await write(maya, conversationId, "Maya again")).status).toBe(201);
    const listed = (await (await send("GET", "/api/conversations", sam.headers)).json<ConversationsList>()).conversations.find((entry) => entry.id === conversationId)!;
    expect(listed.last_message?.text).toBe("from Jo");
    // Jo's message is unread (Sam's marker is at Sam's own); Maya's two are not counted.
    expect(listed.unread).toBe(1);
    // A message Sam cannot see is not Sam's to report.
    const hidden = (await pageOf(jo, conversationId)).messages.find((message) => message.text === "Maya again")!;
    expect((await send("POST", `/api/conversations/${conversationId}/messages/${hidden.id}/report`, sam.headers, {})).status).toBe(404);
    samSocket.ws.close();
    mayaSocket.ws.close();
  });

  it("a message across a block is never pushed", async () => {
    const { maya, sam, jo, conversationId } = await cast();
    for (const who of [maya, sam, jo]) await subscribe(who);
    const notices = heldNotices();
    expect((await sendAndWait("POST", `/api/conversations/${conversationId}/messages`, maya, { text: "hi", client_id: "blocked-push-1" })).status).toBe(201);
    await notices.deliver();
    expect(await inbox(sam, "message")).toEqual([]);
    expect(await inbox(jo, "message")).toHaveLength(1);
    expect((await sendAndWait("POST", `/api/conversations/${conversationId}/messages`, sam, { text: "hi", client_id: "blocked-push-2" })).status).toBe(201);
    await notices.deliver();
    expect(await inbox(maya, "message")).toEqual([]);
    notices.restore();
  });
});

describe("a block reaches a plan's answers and notices", () => {
  it("neither sees the other's answer or presence among the invitees; others see both", async () => {
    const { maya, sam, jo, plan } = await cast();
    expect((await send("POST", `/api/plans/${plan.id}/rsvp`, sam.headers, { answer: "going" })).status).toBe(200);
    const mayas = await planOf(maya, plan.id);
    expect(mayas.invitees.map((invitee) => invitee.id)).toEqual([jo.id]);
    expect(mayas.going).toBe(0);
    const mayaList = (await (await send("GET", "/api/plans", maya.headers)).json<PlansList>()).plans.find((entry) => entry.id === plan.id)!;
    expect(mayaList.going).toBe(0);
    const jos = await planOf(jo, plan.id);
    expect(jos.invitees.map((invitee) => invitee.id).sort()).toEqual([jo.id, sam.id].sort());
    expect(jos.going).toBe(1);
    // Sam still sees who organises the plan (it is theirs), but no answer of theirs is Sam's to read.
    const sams = await planOf(sam, plan.id);
    expect(sams.organiser.id).toBe(maya.id);
    expect(sams.my_answer).toBe("going");
  });

  it("the organiser's changes and cancelling tell the invitees not blocked, and nobody across the block", async () => {
    const { maya, sam, jo, plan } = await cast();
    expect((await sendAndWait("PATCH", `/api/plans/${plan.id}`, maya, { title: "Drinks later" })).status).toBe(200);
    expect((await sendAndWait("POST", `/api/plans/${plan.id}/cancel`, maya)).status).toBe(200);
    expect(await inbox(jo, "plan_changed")).toHaveLength(1);
    expect(await inbox(jo, "plan_cancelled")).toHaveLength(1);
    expect(await inbox(sam, "plan_changed")).toEqual([]);
    expect(await inbox(sam, "plan_cancelled")).toEqual([]);
  });
});

describe("changed notices coalesce", () => {
  it("60 changes in a minute leave one inbox row per invitee and at most one push per plan in 10 minutes", async () => {
    // Made as rows, so the 60 changes are the organiser's whole minute of plan writes (SOCIAL_LIMITER).
    const [maya, jo] = await Promise.all([person("Maya"), person("Jo")]);
    await befriend(maya, jo);
    const placeId = await createPlace();
    const plan = (await env.DB.prepare("INSERT INTO plans (organiser_id, place_id, starts_at, title, updated_at) VALUES (?, ?, ?, 'Drinks', ?) RETURNING id")
      .bind(maya.id, placeId, Date.parse(TONIGHT), NOW)
      .first<{ id: number }>())!;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO plan_invitees (plan_id, user_id) VALUES (?, ?)").bind(plan.id, jo.id),
      env.DB.prepare("INSERT INTO conversations (kind, plan_id) VALUES ('plan', ?)").bind(plan.id),
    ]);
    await subscribe(jo);
    for (let i = 1; i <= 60; i++) {
      vi.setSystemTime(NOW + i * 1000);
      expect((await sendAndWait("PATCH", `/api/plans/${plan.id}`, maya, { title: `Drinks ${i}` }, unlimited)).status).toBe(200);
    }
    const rows = await inbox(jo, "plan_changed");
    expect(rows).toHaveLength(1);
    // The one row says the latest, unread, and is the newest in the inbox.
    expect(rows[0]).toMatchObject({ title: "Maya changed Drinks 60", read_at: null });
    const newest = await env.DB.prepare("SELECT max(id) AS id FROM consumer_notifications WHERE user_id = ?").bind(jo.id).first<{ id: number }>();
    expect(rows[0].id).toBe(newest!.id);
    // The first change was pushed; the next 59, within 10 minutes of it, were not.
    expect(await pushesTo(jo)).toBe(1);

    vi.setSystemTime(NOW + 1000 + PLAN_PUSH_GAP_MS);
    expect((await sendAndWait("PATCH", `/api/plans/${plan.id}`, maya, { title: "Drinks at last" }, unlimited)).status).toBe(200);
    expect(await pushesTo(jo)).toBe(2);
    vi.setSystemTime(NOW + PLAN_PUSH_GAP_MS + 2000);
    expect((await sendAndWait("PATCH", `/api/plans/${plan.id}`, maya, { title: "Drinks, final" }, unlimited)).status).toBe(200);
    expect(await pushesTo(jo)).toBe(2);
    expect(await inbox(jo, "plan_changed")).toHaveLength(1);
    vi.setSystemTime(NOW);
  });
});

describe("leaving a plan", () => {
  it("an invitee leaves: the plan, its conversation and its notices are no longer theirs; the organiser cannot leave", async () => {
    const { maya, sam, jo, plan, conversationId } = await cast();
    const socket = await openSocket(sam, conversationId);
    expect((await write(sam, conversationId, "bye")).status).toBe(201);
    const left = await send("DELETE", `/api/plans/${plan.id}/me`, sam.headers);
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ ok: true });
    await vi.waitFor(() => expect(socket.isClosed()).toBe(true));
    expect((await send("GET", `/api/plans/${plan.id}`, sam.headers)).status).toBe(404);
    expect((await (await send("GET", "/api/plans", sam.headers)).json<PlansList>()).plans.map((entry) => entry.id)).not.toContain(plan.id);
    expect((await send("GET", `/api/conversations/${conversationId}/messages`, sam.headers)).status).toBe(404);
    expect((await write(sam, conversationId, "back?")).status).toBe(404);
    // Leaving again, or a plan one is not in: the same 404.
    expect((await send("DELETE", `/api/plans/${plan.id}/me`, sam.headers)).status).toBe(404);
    // What Sam said stays for the others.
    expect((await pageOf(jo, conversationId)).messages.map((message) => message.text)).toContain("bye");
    expect((await planOf(jo, plan.id)).invitees.map((invitee) => invitee.id)).toEqual([jo.id]);
    // The organiser cancels rather than leaves.
    expect((await send("DELETE", `/api/plans/${plan.id}/me`, maya.headers)).status).toBe(403);
    // Later changes reach Jo only.
    expect((await sendAndWait("PATCH", `/api/plans/${plan.id}`, maya, { title: "Without Sam" })).status).toBe(200);
    expect(await inbox(sam, "plan_changed")).toEqual([]);
    expect(await inbox(jo, "plan_changed")).toHaveLength(1);
    expect((await send("DELETE", `/api/plans/${plan.id}/me`, {})).status).toBe(401);
  });
});
