// Conversations through the API (docs/friends.md#messages): who may do what (table-driven over
// roles; a blocked account gets exactly a stranger's answer), a resend stores one message, a message
// reaches every open socket, paging and catching up, read markers, pushes only to members without a
// socket (one per 5 minutes), a pair closed for writing by a block or an unfriend, reports with the
// messages around them, and retention.
import { createExecutionContext, evictDurableObject, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ConversationsList, MessageReports, MessagesPage, PostedMessage, Ticket } from "../../common/schemas/conversations";
import type { Plan } from "../../common/schemas/plans";
import { app } from "../../worker/app";
import { conversationObject } from "../../worker/chat/conversation";
import { MESSAGE_RETENTION_MS, PUSH_GAP_MS } from "../../worker/chat/rules";
import { countingDb } from "./fixtures";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { adminHeaders, befriend, block, heldNotices, openSocket, person, send, unfriend, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York. */
const now = Date.UTC(2031, 5, 11, 1, 10);
useFixedClock(now);

let clientIds = 0;
const clientId = () => `client-${++clientIds}-${crypto.randomUUID().slice(0, 8)}`;
const write = (who: Person, conversationId: number, text: string, id = clientId()) =>
  send("POST", `/api/conversations/${conversationId}/messages`, who.headers, { text, client_id: id });

/** A plan's conversation with its organiser and invitee, a friend of the organiser not invited, a stranger and a blocked friend. */
async function cast() {
  const [organiser, invitee, friend, stranger, blocked] = await Promise.all(["Maya", "Sam", "Jo", "Stranger", "Blocked"].map((name) => person(name)));
  for (const other of [invitee, friend, blocked]) await befriend(organiser, other);
  await block(organiser, blocked);
  const placeId = await createPlace();
  const plan = await (await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: "2031-06-11T03:30:00Z", invitees: [invitee.id] })).json<Plan>();
  return { organiser, invitee, friend, stranger, blocked, conversationId: plan.conversation_id, planId: plan.id };
}

type Role = "member" | "friend" | "stranger" | "blocked" | "admin";
const ROLES: Role[] = ["member", "friend", "stranger", "blocked", "admin"];
const NOT_FOUND = { member: 0, friend: 404, stranger: 404, blocked: 404, admin: 403 };

describe("who may do what with a conversation", () => {
  const table: { route: string; call: (conversationId: number, messageId: number) => [string, string, unknown?]; expected: Record<Role, number> }[] = [
    { route: "GET …/messages", call: (id) => ["GET", `/api/conversations/${id}/messages`], expected: { ...NOT_FOUND, member: 200 } },
    { route: "GET …/messages?after=", call: (id, message) => ["GET", `/api/conversations/${id}/messages?after=${message}`], expected: { ...NOT_FOUND, member: 200 } },
    { route: "POST …/messages", call: (id) => ["POST", `/api/conversations/${id}/messages`, { text: "hello", client_id: clientId() }], expected: { ...NOT_FOUND, member: 201 } },
    { route: "POST …/read", call: (id, message) => ["POST", `/api/conversations/${id}/read`, { up_to: message }], expected: { ...NOT_FOUND, member: 200 } },
    { route: "POST …/ticket", call: (id) => ["POST", `/api/conversations/${id}/ticket`], expected: { ...NOT_FOUND, member: 201 } },
    { route: "POST …/messages/{id}/report", call: (id, message) => ["POST", `/api/conversations/${id}/messages/${message}/report`, {}], expected: { ...NOT_FOUND, member: 201 } },
    // Without a ticket nobody opens the socket; with a WebSocket upgrade too.
    { route: "GET …/socket", call: (id) => ["GET", `/api/conversations/${id}/socket?ticket=${"x".repeat(43)}`], expected: { member: 426, friend: 426, stranger: 426, blocked: 426, admin: 426 } },
  ];
  for (const row of table) {
    it(`${row.route}: ${ROLES.map((role) => `${role} ${row.expected[role]}`).join(", ")}`, async () => {
      const { organiser, conversationId, ...people } = await cast();
      const first = await (await write(organiser, conversationId, "first")).json<PostedMessage>();
      const bodies: Partial<Record<Role, string>> = {};
      for (const role of ROLES) {
        const headers = role === "admin" ? await adminHeaders() : role === "member" ? people.invitee.headers : people[role].headers;
        const [method, path, body] = row.call(conversationId, first.message.id);
        const response = await send(method, path, headers, body);
        expect(response.status, role).toBe(row.expected[role]);
        bodies[role] = await response.text();
      }
      expect(bodies.blocked).toBe(bodies.stranger);
    });
  }

  it("GET /api/conversations lists a conversation only to its members; the admin has none (403)", async () => {
    const { organiser, conversationId, ...people } = await cast();
    await write(organiser, conversationId, "hello");
    for (const role of ROLES) {
      const response = await send("GET", "/api/conversations", role === "admin" ? await adminHeaders() : role === "member" ? people.invitee.headers : people[role].headers);
      if (role === "admin") {
        expect(response.status).toBe(403);
        continue;
      }
      const ids = (await response.json<ConversationsList>()).conversations.map((entry) => entry.id);
      expect(ids.includes(conversationId), role).toBe(role === "member");
    }
  });

  it("POST /api/conversations opens a pair only with a friend: a stranger and a blocked friend get the same 404", async () => {
    const { organiser, invitee, stranger, blocked } = await cast();
    const pair = await send("POST", "/api/conversations", invitee.headers, { account_id: organiser.id });
    expect(pair.status).toBe(200);
    const again = await send("POST", "/api/conversations", organiser.headers, { account_id: invitee.id });
    expect((await again.json<{ id: number }>()).id).toBe((await pair.json<{ id: number }>()).id);
    const refused = [];
    for (const who of [stranger, blocked]) {
      const response = await send("POST", "/api/conversations", who.headers, { account_id: organiser.id });
      expect(response.status).toBe(404);
      refused.push(await response.text());
    }
    expect(refused[0]).toBe(refused[1]);
    expect((await send("POST", "/api/conversations", await adminHeaders(), { account_id: organiser.id })).status).toBe(403);
  });

  it("the admin's report list is the admin's only", async () => {
    const { organiser, invitee } = await cast();
    expect((await send("GET", "/api/admin/message-reports", organiser.headers)).status).toBe(403);
    expect((await send("GET", "/api/admin/message-reports", invitee.headers)).status).toBe(403);
    expect((await send("GET", "/api/admin/message-reports", {})).status).toBe(401);
    expect((await send("GET", "/api/admin/message-reports", await adminHeaders())).status).toBe(200);
  });
});

describe("messages", () => {
  it("stores a resend with the same client id once, and answers the first message again", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const id = clientId();
    const first = await write(organiser, conversationId, "See you at 8", id);
    expect(first.status).toBe(201);
    const again = await write(organiser, conversationId, "See you at 8", id);
    expect(again.status).toBe(200);
    const [a, b] = [await first.json<PostedMessage>(), await again.json<PostedMessage>()];
    expect(b).toEqual({ ...a, created: false });
    // Another sender's same client id is another message.
    expect((await write(invitee, conversationId, "Me too", id)).status).toBe(201);
    const page = await (await send("GET", `/api/conversations/${conversationId}/messages`, invitee.headers)).json<MessagesPage>();
    expect(page.messages.map((message) => [message.text, message.sender?.name])).toEqual([
      ["See you at 8", "Maya"],
      ["Me too", "Sam"],
    ]);
  });

  it("refuses empty and over-long text and a bad client id", async () => {
    const { organiser, conversationId } = await cast();
    expect((await write(organiser, conversationId, "  ")).status).toBe(400);
    expect((await write(organiser, conversationId, "x".repeat(1001))).status).toBe(400);
    expect((await write(organiser, conversationId, "x".repeat(1000))).status).toBe(201);
    expect((await write(organiser, conversationId, "ok", "short")).status).toBe(400);
  });

  it("pages back with before, catches up with after, and keeps read markers and unread counts", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await (await write(organiser, conversationId, `m${i}`)).json<PostedMessage>()).message.id);
    const page = (query: string) => send("GET", `/api/conversations/${conversationId}/messages?${query}`, invitee.headers).then((r) => r.json<MessagesPage>());
    const newest = await page("limit=2");
    expect([newest.messages.map((m) => m.text), newest.has_more]).toEqual([["m4", "m5"], true]);
    const older = await page(`limit=2&before=${ids[3]}`);
    expect(older.messages.map((m) => m.text)).toEqual(["m2", "m3"]);
    const after = await page(`after=${ids[2]}`);
    expect([after.messages.map((m) => m.text), after.has_more]).toEqual([["m4", "m5"], false]);
    const list = async (who: Person) => (await (await send("GET", "/api/conversations", who.headers)).json<ConversationsList>()).conversations.find((c) => c.id === conversationId)!;
    expect(await list(invitee)).toMatchObject({ unread: 5, kind: "plan", last_message: { text: "m5" }, writable: true });
    expect((await list(organiser)).unread).toBe(0);
    const read = await send("POST", `/api/conversations/${conversationId}/read`, invitee.headers, { up_to: ids[2] });
    expect(await read.json()).toEqual({ up_to: ids[2], unread: 2 });
    // Never backwards.
    expect(await (await send("POST", `/api/conversations/${conversationId}/read`, invitee.headers, { up_to: ids[0] })).json()).toEqual({ up_to: ids[2], unread: 2 });
    expect((await page("")).read).toEqual(
      expect.arrayContaining([
        { account_id: organiser.id, up_to: ids[4] },
        { account_id: invitee.id, up_to: ids[2] },
      ]),
    );
  });

  it("closes a pair for writing once they unfriend or one blocks the other; reading stays", async () => {
    const [ana, ben] = await Promise.all([person("Ana"), person("Ben")]);
    await befriend(ana, ben);
    const pair = await (await send("POST", "/api/conversations", ana.headers, { account_id: ben.id })).json<{ id: number; writable: boolean; title: string }>();
    expect(pair).toMatchObject({ writable: true, title: "Ben" });
    expect((await write(ana, pair.id, "hi")).status).toBe(201);
    await block(ben, ana);
    expect((await write(ana, pair.id, "hello?")).status).toBe(403);
    expect((await write(ben, pair.id, "bye")).status).toBe(403);
    expect((await send("GET", `/api/conversations/${pair.id}/messages`, ana.headers)).status).toBe(200);
    await env.DB.prepare("DELETE FROM blocks WHERE blocker_id = ?").bind(ben.id).run();
    expect((await write(ana, pair.id, "again")).status).toBe(201);
    await unfriend(ana, ben);
    expect((await write(ana, pair.id, "still?")).status).toBe(403);
  });

  it("closes a cancelled plan's conversation for writing", async () => {
    const { organiser, invitee, conversationId, planId } = await cast();
    await send("POST", `/api/plans/${planId}/cancel`, organiser.headers);
    expect((await write(invitee, conversationId, "oh no")).status).toBe(403);
  });
});


describe("what a message costs in D1 (docs/performance.md#messages)", () => {
  /** A message written through the app with its D1 round trips counted, the work after the answer included. */
  async function countedWrite(who: Person, conversationId: number) {
    const counting = countingDb();
    const ctx = createExecutionContext();
    const request = new Request(`https://third-place.test/api/conversations/${conversationId}/messages`, {
      method: "POST",
      headers: { ...who.headers, "content-type": "application/json" },
      body: JSON.stringify({ text: "counted", client_id: clientId() }),
    });
    const response = await app.fetch(request, { ...env, DB: counting.db }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, roundTrips: counting.roundTrips() };
  }

  it("POST …/messages: one D1 read (the facts the object checks it against), in a plan of ten as in a pair, pushing or not", async () => {
    const organiser = await person("Maya");
    const invitees = await Promise.all(Array.from({ length: 9 }, (_, i) => person(`Guest ${i}`)));
    for (const invitee of invitees) await befriend(organiser, invitee);
    const placeId = await createPlace();
    const plan = await (
      await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: "2031-06-11T03:30:00Z", invitees: invitees.map((invitee) => invitee.id) })
    ).json<Plan>();
    const notices = heldNotices();
    // No member has a socket open: the first message pushes all nine (queued by the object), the next (within 5 minutes) nobody.
    expect(await countedWrite(organiser, plan.conversation_id)).toEqual({ status: 201, roundTrips: 1 });
    expect(notices.held.flatMap((queued) => queued.notices)).toHaveLength(9);
    expect(await countedWrite(organiser, plan.conversation_id)).toEqual({ status: 201, roundTrips: 1 });
    const pair = await (await send("POST", "/api/conversations", organiser.headers, { account_id: invitees[0].id })).json<{ id: number }>();
    expect(await countedWrite(organiser, pair.id)).toEqual({ status: 201, roundTrips: 1 });
    expect(await countedWrite(organiser, pair.id)).toEqual({ status: 201, roundTrips: 1 });
    notices.restore();
  });
});

describe("sockets", () => {
  it("a message reaches every open socket of the conversation, and a read marker too", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const a = await openSocket(organiser, conversationId);
    const b = await openSocket(invitee, conversationId);
    const posted = await (await write(invitee, conversationId, "On my way")).json<PostedMessage>();
    await vi.waitFor(() => {
      expect(a.frames).toContainEqual({ type: "message", message: posted.message });
      expect(b.frames).toContainEqual({ type: "message", message: posted.message });
    });
    await send("POST", `/api/conversations/${conversationId}/read`, organiser.headers, { up_to: posted.message.id });
    await vi.waitFor(() => expect(b.frames).toContainEqual({ type: "read", account_id: organiser.id, up_to: posted.message.id }));
    a.ws.close();
    b.ws.close();
  });

  it("hibernates: evicted from memory with sockets open, it wakes on the next message and its sockets still get it", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const a = await openSocket(organiser, conversationId);
    const b = await openSocket(invitee, conversationId);
    const stub = conversationObject(env, conversationId);
    // A mark on the running instance: one started after the eviction does not carry it.
    type Marked = { mark?: string };
    await runInDurableObject(stub, (instance) => {
      (instance as unknown as Marked).mark = "before the eviction";
    });
    expect(await runInDurableObject(stub, (instance) => (instance as unknown as Marked).mark)).toBe("before the eviction");
    await evictDurableObject(stub);
    const posted = await (await write(invitee, conversationId, "After the nap")).json<PostedMessage>();
    await vi.waitFor(() => {
      expect(a.frames).toContainEqual({ type: "message", message: posted.message });
      expect(b.frames).toContainEqual({ type: "message", message: posted.message });
    });
    expect(await runInDurableObject(stub, (instance) => (instance as unknown as Marked).mark)).toBeUndefined();
    expect(await stub.openSockets()).toBe(2);
    a.ws.close();
    b.ws.close();
  });

  it("uses a ticket once, only for its conversation, and refuses a made-up one", async () => {
    const { organiser, conversationId } = await cast();
    const { ws, ticket } = await openSocket(organiser, conversationId);
    const again = await exports.default.fetch(new Request(`https://third-place.test${ticket.url}`, { headers: { upgrade: "websocket" } }));
    expect(again.status).toBe(401);
    const fresh = await (await send("POST", `/api/conversations/${conversationId}/ticket`, organiser.headers)).json<Ticket>();
    const other = await exports.default.fetch(
      new Request(`https://third-place.test/api/conversations/${conversationId + 1000}/socket?ticket=${fresh.ticket}`, { headers: { upgrade: "websocket" } }),
    );
    expect(other.status).toBe(401);
    // Expired after its minute.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await exports.default.fetch(new Request(`https://third-place.test${fresh.url}`, { headers: { upgrade: "websocket" } }))).status).toBe(401);
    ws.close();
  });

  it("pushes to members with no open socket, at most once per conversation in 5 minutes, through the push queue", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const messagesIn = async (who: Person) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM consumer_notifications WHERE user_id = ? AND kind = 'message'").bind(who.id).first<{ n: number }>())!.n;
    const notices = heldNotices();
    const socket = await openSocket(organiser, conversationId);
    await write(organiser, conversationId, "one");
    await notices.deliver();
    expect(await messagesIn(invitee)).toBe(1);
    await write(invitee, conversationId, "two");
    await write(organiser, conversationId, "three");
    vi.setSystemTime(Date.now() + PUSH_GAP_MS - 1000);
    await write(organiser, conversationId, "four");
    vi.setSystemTime(Date.now() + 1000);
    await write(organiser, conversationId, "five");
    await notices.deliver();
    expect(await messagesIn(invitee)).toBe(2);
    // The organiser's socket is open: no push for them.
    expect(await messagesIn(organiser)).toBe(0);
    const text = await env.DB.prepare("SELECT title, body FROM consumer_notifications WHERE user_id = ? AND kind = 'message'").bind(invitee.id).first<{ title: string; body: string }>();
    expect(JSON.stringify(text)).not.toMatch(/one|five/);
    notices.restore();
    socket.ws.close();
  });
});

describe("reports and retention", () => {
  it("reports a message to the admin with the 10 before and 10 after it", async () => {
    const { organiser, invitee, conversationId } = await cast();
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) ids.push((await (await write(i % 2 ? organiser : invitee, conversationId, `m${i}`)).json<PostedMessage>()).message.id);
    const report = await send("POST", `/api/conversations/${conversationId}/messages/${ids[12]}/report`, invitee.headers, { reason: "rude" });
    expect(report.status).toBe(201);
    const { id } = await report.json<{ id: number }>();
    // Again: the same report.
    expect(await (await send("POST", `/api/conversations/${conversationId}/messages/${ids[12]}/report`, invitee.headers, {})).json()).toEqual({ id });
    expect((await send("POST", `/api/conversations/${conversationId}/messages/999999/report`, invitee.headers, {})).status).toBe(404);
    const admin = await adminHeaders();
    const listed = await (await send("GET", "/api/admin/message-reports", admin)).json<MessageReports>();
    const entry = listed.reports.find((r) => r.id === id)!;
    expect(entry).toMatchObject({ conversation_id: conversationId, message_id: ids[12], reason: "rude", reporter: { id: invitee.id } });
    expect(entry.context.map((m) => m.text)).toEqual(Array.from({ length: 21 }, (_, i) => `m${i + 3}`));
    expect((await send("POST", `/api/admin/message-reports/${entry.id}/resolve`, admin)).status).toBe(200);
    expect((await send("POST", `/api/admin/message-reports/${entry.id}/resolve`, admin)).status).toBe(404);
  });

  it("the object deletes messages older than 90 days", async () => {
    const { organiser, conversationId } = await cast();
    await write(organiser, conversationId, "old");
    vi.setSystemTime(now + 10 * 60_000);
    await write(organiser, conversationId, "newer");
    const gone = await conversationObject(env, conversationId).prune(now + MESSAGE_RETENTION_MS + 5 * 60_000);
    expect(gone).toBe(1);
    const page = await (await send("GET", `/api/conversations/${conversationId}/messages`, organiser.headers)).json<MessagesPage>();
    expect(page.messages.map((m) => m.text)).toEqual(["newer"]);
  });
});
