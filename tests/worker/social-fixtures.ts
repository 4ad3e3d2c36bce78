// Accounts and relations for the plans and messages tests: friendships and blocks are inserted as
// rows (the friends routes are tested on their own), tokens minted with the worker's issuer.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import type { SendFrame, SocketFrame, Ticket } from "../../common/schemas/conversations";
import worker from "../../worker/index";
import type { PushQueueMessage, QueuedNotices } from "../../worker/push/notice-queue";
import { adminToken, bearer, createUser, type TestUser } from "./fixtures";
import { api } from "./helpers";

export interface Person extends TestUser {
  name: string;
  headers: Record<string, string>;
}

let people = 0;

/** A fresh account named `name` (and a unique handle), with its bearer header. */
export async function person(name: string): Promise<Person> {
  const user = await createUser(name);
  people += 1;
  await env.DB.prepare("UPDATE users SET handle = ? WHERE id = ?").bind(`${name.toLowerCase().replace(/[^a-z]/g, "")}${people}_${user.id}`.slice(0, 20), user.id).run();
  return { ...user, name, headers: bearer(user.token) };
}

export async function befriend(a: TestUser, b: TestUser) {
  await env.DB.prepare("INSERT INTO friendships (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(a.id, b.id, b.id, a.id).run();
}

export async function unfriend(a: TestUser, b: TestUser) {
  await env.DB.prepare("DELETE FROM friendships WHERE (user_id = ? AND friend_id = ?) OR (user_id = ? AND friend_id = ?)").bind(a.id, b.id, b.id, a.id).run();
}

export async function block(blocker: TestUser, blocked: TestUser) {
  await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(blocker.id, blocked.id).run();
}

export async function adminHeaders(): Promise<Record<string, string>> {
  return bearer(await adminToken());
}

/** Sends JSON (or no body) with the caller's headers. */
export function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return api(path, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * What routes queue on the push queue with `sendBatch` (the conversations a new name tells and a
 * deleted account leaves: docs/chat.md#a-new-name), held instead of sent; `run()` runs the ones
 * held so far through the real queue() handler as their `attempts`th delivery and answers the
 * batch's result.
 */
export function heldBatches() {
  const queued: unknown[] = [];
  const spy = vi.spyOn(env.PUSH_QUEUE, "sendBatch").mockImplementation(async (messages) => {
    queued.push(...[...messages].map((message) => message.body));
    return {} as QueueSendBatchResponse;
  });
  return {
    queued,
    async run(attempts = 1) {
      const batch = createMessageBatch("third-place-push", queued.splice(0).map((body, i) => ({ id: `held-${i}`, timestamp: new Date(), attempts, body })));
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      return getQueueResult(batch, ctx);
    },
    restore: () => spy.mockRestore(),
  };
}

/**
 * The notices conversations' objects queue on the push queue (docs/chat.md#pushes), held instead of
 * sent; `deliver()` runs the ones held so far through the real queue() handler, which writes the
 * inbox rows and queues the pushes, so "not told" never depends on waiting for a queue.
 */
export function heldNotices() {
  const held: QueuedNotices[] = [];
  const spy = vi.spyOn(env.PUSH_QUEUE, "send").mockImplementation(async (body) => {
    held.push(body as QueuedNotices);
    return {} as QueueSendResponse;
  });
  return {
    held,
    async deliver() {
      const bodies = held.splice(0);
      if (bodies.length === 0) return;
      const batch = createMessageBatch<PushQueueMessage>(
        "third-place-push",
        bodies.map((body, i) => ({ id: `notice-${i}`, timestamp: new Date(), attempts: 1, body })),
      );
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      await getQueueResult(batch, ctx);
    },
    restore: () => spy.mockRestore(),
  };
}

/**
 * Opens the conversation's socket through the worker with a fresh ticket: every frame it gets is in
 * `frames`; `post()` sends a "send" frame and waits for that client id's "ack" or "refused".
 */
export async function openSocket(who: Person, conversationId: number) {
  const ticket = await (await send("POST", `/api/conversations/${conversationId}/ticket`, who.headers)).json<Ticket>();
  const response = await exports.default.fetch(new Request(`https://third-place.test${ticket.url}`, { headers: { upgrade: "websocket" } }));
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: SocketFrame[] = [];
  let closed = false;
  ws.addEventListener("message", (event) => void frames.push(JSON.parse(event.data as string) as SocketFrame));
  ws.addEventListener("close", () => void (closed = true));
  const answerTo = (clientId: string) =>
    vi.waitFor(() => {
      const answer = frames.find((frame) => (frame.type === "ack" || frame.type === "refused") && frame.client_id === clientId);
      if (!answer) throw new Error(`no answer to ${clientId} yet`);
      return answer as Extract<SocketFrame, { type: "ack" | "refused" }>;
    });
  return {
    ws,
    frames,
    ticket,
    isClosed: () => closed,
    answerTo,
    /** Sends a message as a "send" frame; the object's answer to it. */
    post: (text: string, clientId: string) => {
      ws.send(JSON.stringify({ type: "send", client_id: clientId, text } satisfies SendFrame));
      return answerTo(clientId);
    },
  };
}
