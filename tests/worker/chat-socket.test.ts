// Messages over the socket (docs/chat.md): a "send" frame is stored, acknowledged to its socket and
// sent to every member's socket, a resend acknowledged with the first message; the object refuses
// what its facts do not allow, told by the real routes (a block, an unblock, unfriending, a plan
// cancelled or left, an account deleted); its own rate; no D1 statement per message, and the alarm
// flushing what the conversation list needs at most once a minute; an object made before all this
// seeded by the next ticket.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET_NOT_READY, type ConversationsList, type PostedMessage, type SocketFrame } from "../../common/schemas/conversations";
import type { Plan } from "../../common/schemas/plans";
import { conversationObject } from "../../worker/chat/conversation";
import { CLOSED, DAY_MS, FLUSH_EVERY_MS, MESSAGE_WINDOW_MS, MESSAGES_PER_WINDOW, OUTBOX_KEEP_MS, OUTBOX_KEPT, OUTBOX_RETRY_MS, PUSH_GAP_MS } from "../../worker/chat/rules";
import { bearer } from "./fixtures";
import { api, signUpOwner } from "./helpers";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { befriend, heldBatches, heldNotices, openSocket, person, send, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 14:00 in New York. */
const NOW = Date.UTC(2031, 5, 10, 18, 0);
useFixedClock(NOW);

// Pushes this file's messages queue are held, never sent to the real queue (see countD1).
let notices: ReturnType<typeof heldNotices>;
beforeEach(() => {
  notices = heldNotices();
});
afterEach(() => notices.restore());

let ids = 0;
const clientId = () => `socket-${++ids}-${crypto.randomUUID().slice(0, 8)}`;
const messagesOf = (frames: SocketFrame[]) => frames.flatMap((frame) => (frame.type === "message" ? [frame.message.text] : []));

/** Maya's plan with Sam and Jo, all friends of Maya. */
async function plan() {
  const [maya, sam, jo] = await Promise.all(["Maya", "Sam", "Jo"].map((name) => person(name)));
  for (const friend of [sam, jo]) await befriend(maya, friend);
  const made = await (await send("POST", "/api/plans", maya.headers, { place_id: await createPlace(), starts_at: "2031-06-11T01:30:00Z", invitees: [sam.id, jo.id] })).json<Plan>();
  return { maya, sam, jo, planId: made.id, conversationId: made.conversation_id };
}

async function pair() {
  const [ana, ben] = await Promise.all([person("Ana"), person("Ben")]);
  await befriend(ana, ben);
  const { id } = await (await send("POST", "/api/conversations", ana.headers, { account_id: ben.id })).json<{ id: number }>();
  return { ana, ben, conversationId: id };
}

/**
 * Counts every D1 statement and batch run meanwhile (the worker and every object share the
 * binding), but the push queue's consumer's: the pool consumes for real what earlier tests queued
 * (a push, 5 s later), and that is not this conversation's work.
 */
function countD1() {
  const calls: ("statement" | "batch")[] = [];
  const wrap = <K extends "prepare" | "batch" | "exec">(key: K, kind: "statement" | "batch") => {
    const original = env.DB[key].bind(env.DB) as (...args: unknown[]) => unknown;
    return vi.spyOn(env.DB, key).mockImplementation(((...args: unknown[]) => {
      if (!new Error().stack?.includes("/worker/push/")) calls.push(kind);
      return original(...args);
    }) as never);
  };
  const spies = [wrap("prepare", "statement"), wrap("batch", "batch"), wrap("exec", "statement")];
  return {
    count: () => calls.length,
    batches: () => calls.filter((kind) => kind === "batch").length,
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

const listed = async (who: Person, conversationId: number) =>
  (await (await send("GET", "/api/conversations", who.headers)).json<ConversationsList>()).conversations.find((entry) => entry.id === conversationId)!;

describe("the socket's protocol", () => {
  it("stores a send, acknowledges it to its socket alone, sends it to every member's socket, and acknowledges a resend with the first message", async () => {
    const { maya, sam, jo, conversationId } = await plan();
    const [m, s, j] = [await openSocket(maya, conversationId), await openSocket(sam, conversationId), await openSocket(jo, conversationId)];
    const id = clientId();
    const ack = await s.post("  On my way  ", id);
    expect(ack).toMatchObject({ type: "ack", client_id: id, message: { text: "On my way", client_id: id, sender: { id: sam.id, name: "Sam" } } });
    if (ack.type !== "ack") throw new Error("refused");
    for (const socket of [m, s, j]) await vi.waitFor(() => expect(socket.frames).toContainEqual({ type: "message", message: ack.message }));
    expect(m.frames.some((frame) => frame.type === "ack")).toBe(false);
    // The same client id again: the first message, stored once, sent to nobody again.
    s.frames.length = 0;
    expect(await s.post("On my way", id)).toEqual(ack);
    // POST with the same client id is the same object path: 200, the first message.
    const again = await send("POST", `/api/conversations/${conversationId}/messages`, sam.headers, { text: "On my way", client_id: id });
    expect(again.status).toBe(200);
    expect(await again.json<PostedMessage>()).toEqual({ message: ack.message, created: false });
    const page = await (await send("GET", `/api/conversations/${conversationId}/messages`, jo.headers)).json<{ messages: unknown[] }>();
    expect(page.messages).toHaveLength(1);
    expect(messagesOf(s.frames)).toEqual([]);
    for (const socket of [m, s, j]) socket.ws.close();
  });

  it("refuses what is not a good send, with the client id when there is one, and stores nothing", async () => {
    const { maya, conversationId } = await plan();
    const socket = await openSocket(maya, conversationId);
    expect(await socket.post("   ", "empty-text-1")).toEqual({ type: "refused", client_id: "empty-text-1", error: "text: must not be empty." });
    expect(await socket.post("x".repeat(1001), "too-long-1")).toMatchObject({ type: "refused", client_id: "too-long-1", error: expect.stringMatching(/^text: /) });
    expect(await socket.post("hello", "short")).toMatchObject({ type: "refused", client_id: "short", error: expect.stringMatching(/^client_id: /) });
    socket.ws.send("not json");
    socket.ws.send(JSON.stringify({ type: "shout", client_id: "shout-frame-1", text: "hi" }));
    await vi.waitFor(() => expect(socket.frames.filter((frame) => frame.type === "refused")).toHaveLength(5));
    expect(socket.frames.slice(-2)).toEqual([
      { type: "refused", client_id: null, error: 'Send {"type": "send", "client_id", "text"}.' },
      { type: "refused", client_id: "shout-frame-1", error: 'Send {"type": "send", "client_id", "text"}.' },
    ]);
    expect(await socket.post("x".repeat(1000), clientId())).toMatchObject({ type: "ack" });
    const page = await (await send("GET", `/api/conversations/${conversationId}/messages`, maya.headers)).json<{ messages: unknown[] }>();
    expect(page.messages).toHaveLength(1);
    socket.ws.close();
  });

  it(`takes ${MESSAGES_PER_WINDOW} messages from an account in ${MESSAGE_WINDOW_MS / 1000} s, refuses more until the window moves, and not the others'`, async () => {
    const { maya, sam, conversationId } = await plan();
    const m = await openSocket(maya, conversationId);
    const s = await openSocket(sam, conversationId);
    // The set clock moves on with real time: each message is put back at the window's start.
    for (let i = 0; i < MESSAGES_PER_WINDOW; i++) {
      vi.setSystemTime(NOW);
      expect((await m.post(`m${i}`, clientId())).type).toBe("ack");
    }
    vi.setSystemTime(NOW + 1000);
    expect(await m.post("one too many", "too-many-1")).toEqual({ type: "refused", client_id: "too-many-1", error: expect.stringMatching(/^Too many attempts\. Please wait [1-9] seconds and try again\.$/) });
    // POST meets the same limit in the same object (with Retry-After).
    const posted = await send("POST", `/api/conversations/${conversationId}/messages`, maya.headers, { text: "by POST", client_id: clientId() });
    expect(posted.status).toBe(429);
    expect(posted.headers.get("retry-after")).toMatch(/^[1-9]$/);
    expect((await s.post("Sam is not limited", clientId())).type).toBe("ack");
    vi.setSystemTime(NOW + MESSAGE_WINDOW_MS);
    expect((await m.post("later", clientId())).type).toBe("ack");
    m.ws.close();
    s.ws.close();
  });
});

describe("the object is the authority, told by the routes", () => {
  it("a pair: a block refuses both sides' frames, delivers none; an unblock, friends again and unfriending are heard at once", async () => {
    const { ana, ben, conversationId } = await pair();
    const a = await openSocket(ana, conversationId);
    const b = await openSocket(ben, conversationId);
    expect((await send("POST", "/api/me/blocks", ben.headers, { account_id: ana.id })).status).toBe(200);
    expect(await a.post("hello?", "blocked-pair-1")).toEqual({ type: "refused", client_id: "blocked-pair-1", error: CLOSED });
    expect(await b.post("bye", "blocked-pair-2")).toEqual({ type: "refused", client_id: "blocked-pair-2", error: CLOSED });
    expect([...messagesOf(a.frames), ...messagesOf(b.frames)]).toEqual([]);
    // Unblocking does not make friends again: still closed until they are.
    expect((await send("DELETE", `/api/me/blocks/${ana.id}`, ben.headers)).status).toBe(200);
    expect((await a.post("and now?", clientId())).type).toBe("refused");
    // Friends again through the routes: Ben asks, Ana accepts; the open sockets may write at once.
    const { handle } = (await env.DB.prepare("SELECT handle FROM users WHERE id = ?").bind(ana.id).first<{ handle: string }>())!;
    const asked = await (await send("POST", "/api/me/friend-requests", ben.headers, { handle })).json<{ id: number }>();
    expect((await send("POST", `/api/me/friend-requests/${asked.id}/accept`, ana.headers)).status).toBe(200);
    expect((await a.post("friends again", clientId())).type).toBe("ack");
    await vi.waitFor(() => expect(messagesOf(b.frames)).toEqual(["friends again"]));
    expect((await send("DELETE", `/api/me/friends/${ben.id}`, ana.headers)).status).toBe(200);
    expect(await b.post("still there?", "unfriended-1")).toEqual({ type: "refused", client_id: "unfriended-1", error: CLOSED });
    a.ws.close();
    b.ws.close();
  });

  it("a plan: a block hides each one's frames from the other while both still write; unblocking shows them again", async () => {
    const { maya, sam, jo, conversationId } = await plan();
    const [m, s, j] = [await openSocket(maya, conversationId), await openSocket(sam, conversationId), await openSocket(jo, conversationId)];
    expect((await send("POST", "/api/me/blocks", sam.headers, { account_id: maya.id })).status).toBe(200);
    expect((await m.post("from Maya", clientId())).type).toBe("ack");
    expect((await s.post("from Sam", clientId())).type).toBe("ack");
    expect((await j.post("from Jo", clientId())).type).toBe("ack");
    // One object sends frames in order: once Jo's has arrived, an earlier one would have too.
    await vi.waitFor(() => expect(messagesOf(s.frames)).toContain("from Jo"));
    await vi.waitFor(() => expect(messagesOf(m.frames)).toContain("from Jo"));
    expect(messagesOf(s.frames)).toEqual(["from Sam", "from Jo"]);
    expect(messagesOf(m.frames)).toEqual(["from Maya", "from Jo"]);
    await vi.waitFor(() => expect(messagesOf(j.frames)).toEqual(["from Maya", "from Sam", "from Jo"]));
    expect((await send("DELETE", `/api/me/blocks/${maya.id}`, sam.headers)).status).toBe(200);
    expect((await m.post("seen again", clientId())).type).toBe("ack");
    await vi.waitFor(() => expect(messagesOf(s.frames)).toContain("seen again"));
    for (const socket of [m, s, j]) socket.ws.close();
  });

  it("a plan called off refuses every frame; reading stays", async () => {
    const { maya, sam, planId, conversationId } = await plan();
    const s = await openSocket(sam, conversationId);
    expect((await s.post("before", clientId())).type).toBe("ack");
    expect((await send("POST", `/api/plans/${planId}/cancel`, maya.headers)).status).toBe(200);
    expect(await s.post("after", "called-off-1")).toEqual({ type: "refused", client_id: "called-off-1", error: CLOSED });
    expect(s.isClosed()).toBe(false);
    expect((await send("GET", `/api/conversations/${conversationId}/messages`, sam.headers)).status).toBe(200);
    s.ws.close();
  });

  it("a member who leaves loses the socket at once, and the rest go on", async () => {
    const { maya, sam, planId, conversationId } = await plan();
    const m = await openSocket(maya, conversationId);
    const s = await openSocket(sam, conversationId);
    expect((await s.post("bye all", clientId())).type).toBe("ack");
    expect((await send("DELETE", `/api/plans/${planId}/me`, sam.headers)).status).toBe(200);
    await vi.waitFor(() => expect(s.isClosed()).toBe(true));
    expect((await send("POST", `/api/conversations/${conversationId}/messages`, sam.headers, { text: "back?", client_id: clientId() })).status).toBe(404);
    // What Sam wrote since the last flush reached D1 as Sam left: deleting Sam's account later finds it.
    const writers = await env.DB.prepare("SELECT user_id FROM conversation_writers WHERE conversation_id = ?").bind(conversationId).all<{ user_id: number }>();
    expect(writers.results.map((row) => row.user_id)).toContain(sam.id);
    expect((await m.post("still here", clientId())).type).toBe("ack");
    m.ws.close();
  });

  it("a deleted account's sockets close and the object no longer counts it a member", async () => {
    const signedUp = await signUpOwner({ name: "Dee" });
    const dee: Person = { id: signedUp.userId, email: signedUp.email, token: signedUp.accessToken, name: "Dee", headers: bearer(signedUp.accessToken) };
    const maya = await person("Maya");
    await befriend(maya, dee);
    const made = await (await send("POST", "/api/plans", maya.headers, { place_id: await createPlace(), starts_at: "2031-06-11T01:30:00Z", invitees: [dee.id] })).json<Plan>();
    const d = await openSocket(dee, made.conversation_id);
    const m = await openSocket(maya, made.conversation_id);
    expect((await d.post("soon gone", clientId())).type).toBe("ack");
    const held = heldBatches();
    const deleted = await api("/api/me", { method: "DELETE", headers: { ...dee.headers, "content-type": "application/json" }, body: JSON.stringify({ password: signedUp.password }) });
    expect(deleted.status).toBe(200);
    held.restore();
    // The request only queued the plan (docs/chat.md#an-account-deleted); the queue's consumer leaves it.
    expect(held.queued).toEqual([{ gone: dee.id, clear: [], forget: [made.conversation_id] }]);
    expect((await held.run()).explicitAcks).toEqual(["held-0"]);
    await vi.waitFor(() => expect(d.isClosed()).toBe(true));
    const members = await runInDurableObject(conversationObject(env, made.conversation_id), (_, state) => {
      const facts = state.storage.sql.exec<{ facts: string }>("SELECT facts FROM state").one().facts;
      return (JSON.parse(facts) as { members: { id: number }[] }).members.map((member) => member.id);
    });
    expect(members).toEqual([maya.id]);
    expect((await m.post("alone now", clientId())).type).toBe("ack");
    m.ws.close();
  });
});

describe("D1 per message, and the flush", () => {
  it("no D1 statement per socket message; the alarm writes one batch, at most once a minute, and the list shows the latest message and unread", async () => {
    const { maya, sam, jo, conversationId } = await plan();
    const m = await openSocket(maya, conversationId);
    notices.held.length = 0;
    const d1 = countD1();
    const times: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const ack = await m.post(`burst ${i}`, clientId());
      if (ack.type !== "ack") throw new Error(ack.error);
      times.push(ack.message.created_at);
    }
    expect(d1.count()).toBe(0);
    // Sam and Jo have no socket: pushed once each, through the queue, not D1.
    expect(notices.held.flatMap((queued) => queued.notices.map((notice) => notice.account_id)).sort()).toEqual([sam.id, jo.id].sort());
    const stub = conversationObject(env, conversationId);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // One batch of its two statements (prepared, then sent together).
    expect([d1.count(), d1.batches()]).toEqual([3, 1]);
    const row = await env.DB.prepare("SELECT last_message_at FROM conversations WHERE id = ?").bind(conversationId).first<{ last_message_at: number }>();
    expect(new Date(row!.last_message_at).toISOString()).toBe(times.at(-1));
    const writers = await env.DB.prepare("SELECT user_id FROM conversation_writers WHERE conversation_id = ?").bind(conversationId).all<{ user_id: number }>();
    expect(writers.results.map((writer) => writer.user_id)).toEqual([maya.id]);
    // More within the minute: the alarm runs but writes nothing until the minute has passed.
    vi.setSystemTime(NOW + 20_000);
    const later = await m.post("later", clientId());
    if (later.type !== "ack") throw new Error(later.error);
    const before = d1.count();
    await runDurableObjectAlarm(stub);
    expect(d1.count()).toBe(before);
    vi.setSystemTime(NOW + FLUSH_EVERY_MS + 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(d1.batches()).toBe(2);
    d1.restore();
    const entry = await listed(sam, conversationId);
    expect(entry).toMatchObject({ last_message: { text: "later" }, unread: 6 });
    const newest = await env.DB.prepare("SELECT last_message_at FROM conversations WHERE id = ?").bind(conversationId).first<{ last_message_at: number }>();
    expect(new Date(newest!.last_message_at).toISOString()).toBe(later.message.created_at);
    m.ws.close();
  });
});

describe("pushes when the push queue fails", () => {
  const outbox = (conversationId: number) =>
    runInDurableObject(conversationObject(env, conversationId), (_, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM outbox").one().n);
  const pushedTo = () => notices.held.flatMap((queued) => queued.notices.map((notice) => notice.account_id)).sort();

  it("acknowledges the message all the same, keeps its pushes, and the alarm queues them once", async () => {
    const { maya, sam, jo, conversationId } = await plan();
    const m = await openSocket(maya, conversationId);
    notices.held.length = 0;
    vi.spyOn(env.PUSH_QUEUE, "send").mockRejectedValueOnce(new Error("queue unavailable"));
    expect((await m.post("are you coming?", clientId())).type).toBe("ack");
    expect(notices.held).toEqual([]);
    expect(await outbox(conversationId)).toBe(1);
    const stub = conversationObject(env, conversationId);
    // Not due yet: the alarm (here the flush's) leaves it for a minute.
    await runDurableObjectAlarm(stub);
    expect(notices.held).toEqual([]);
    // The set clock moved on with real time since the message: a minute and a bit later.
    vi.setSystemTime(NOW + OUTBOX_RETRY_MS + 5_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(pushedTo()).toEqual([sam.id, jo.id].sort());
    expect(await outbox(conversationId)).toBe(0);
    // Sent and gone from the outbox: later alarms queue nothing again.
    vi.setSystemTime(NOW + 3 * OUTBOX_RETRY_MS + 5_000);
    await runDurableObjectAlarm(stub);
    expect(notices.held).toHaveLength(1);
    // Delivered through the real consumer: one inbox row each.
    await notices.deliver();
    for (const who of [sam, jo]) {
      const row = await env.DB.prepare("SELECT count(*) AS n FROM consumer_notifications WHERE user_id = ? AND kind = 'message'").bind(who.id).first<{ n: number }>();
      expect(row?.n).toBe(1);
    }
    m.ws.close();
  });

  it("POST …/messages answers 201 with the message stored when the queue fails, and the alarm queues its pushes", async () => {
    const { ana, ben, conversationId } = await pair();
    notices.held.length = 0;
    vi.spyOn(env.PUSH_QUEUE, "send").mockRejectedValueOnce(new Error("queue unavailable"));
    const posted = await send("POST", `/api/conversations/${conversationId}/messages`, ana.headers, { text: "ping", client_id: clientId() });
    expect(posted.status).toBe(201);
    expect(await outbox(conversationId)).toBe(1);
    vi.setSystemTime(NOW + PUSH_GAP_MS);
    // Queued by the alarm even while a newer message's pushes went straight through.
    expect((await send("POST", `/api/conversations/${conversationId}/messages`, ana.headers, { text: "pong", client_id: clientId() })).status).toBe(201);
    expect(pushedTo()).toEqual([ben.id]);
    await runDurableObjectAlarm(conversationObject(env, conversationId));
    expect(pushedTo()).toEqual([ben.id, ben.id]);
    expect(await outbox(conversationId)).toBe(0);
  });

  it(`keeps the pushes of the newest ${OUTBOX_KEPT} messages, none a day old`, async () => {
    const { ana, conversationId } = await pair();
    expect((await send("POST", `/api/conversations/${conversationId}/messages`, ana.headers, { text: "hi", client_id: clientId() })).status).toBe(201);
    const stub = conversationObject(env, conversationId);
    // As after a long outage: pushes not due yet for 105 messages, and one of yesterday's.
    await runInDurableObject(stub, (_, state) => {
      for (let id = 1; id <= OUTBOX_KEPT + 5; id++) state.storage.sql.exec("INSERT INTO outbox VALUES (?, '[]', ?, ?)", 1000 + id, NOW, NOW + DAY_MS);
      state.storage.sql.exec("INSERT INTO outbox VALUES (5000, '[]', ?, ?)", NOW - OUTBOX_KEEP_MS - 1, NOW + DAY_MS);
    });
    await runDurableObjectAlarm(stub);
    const kept = await runInDurableObject(stub, (_, state) => state.storage.sql.exec<{ n: number; oldest: number; newest: number }>("SELECT count(*) AS n, min(message_id) AS oldest, max(message_id) AS newest FROM outbox").one());
    expect(kept).toEqual({ n: OUTBOX_KEPT, oldest: 1006, newest: 1000 + OUTBOX_KEPT + 5 });
  });
});

describe("a new name", () => {
  it("reaches the account's conversations through the push queue, and its frames name it so", async () => {
    const { ana, ben, conversationId } = await pair();
    const [a, b] = [await openSocket(ana, conversationId), await openSocket(ben, conversationId)];
    const held = heldBatches();
    expect((await send("PATCH", "/api/me", ana.headers, { name: "Rosa" })).status).toBe(200);
    held.restore();
    // Nothing told in the request: one queue message for her one conversation.
    expect(held.queued).toEqual([{ tell: [conversationId] }]);
    expect((await held.run()).explicitAcks).toEqual(["held-0"]);
    expect(await a.post("new name", clientId())).toMatchObject({ type: "ack", message: { sender: { id: ana.id, name: "Rosa" } } });
    await vi.waitFor(() => expect(b.frames).toContainEqual(expect.objectContaining({ type: "message", message: expect.objectContaining({ sender: expect.objectContaining({ name: "Rosa" }) }) })));
    a.ws.close();
    b.ws.close();
  });
});

describe("bootstrapping", () => {
  it("an object never told its members refuses a frame, and the next ticket seeds it from D1", async () => {
    const { maya, sam, conversationId } = await plan();
    const m = await openSocket(maya, conversationId);
    expect((await m.post("before the change", clientId())).type).toBe("ack");
    // As an object made before the socket protocol: messages, sockets, no facts.
    await runInDurableObject(conversationObject(env, conversationId), (_, state) => void state.storage.sql.exec("UPDATE state SET facts = NULL"));
    expect(await m.post("not yet", "not-ready-1")).toEqual({ type: "refused", client_id: "not-ready-1", error: SOCKET_NOT_READY });
    const s = await openSocket(sam, conversationId);
    expect((await s.post("seeded", clientId())).type).toBe("ack");
    expect((await m.post("now", clientId())).type).toBe("ack");
    await vi.waitFor(() => expect(messagesOf(s.frames)).toEqual(["seeded", "now"]));
    m.ws.close();
    s.ws.close();
  });
});
