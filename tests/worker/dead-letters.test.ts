// Dead letters (docs/faults.md#dead-letters): the dead-letter queues' consumer keeps each message
// once in D1, bounded to the newest 1,000 and 30 days; the admin lists them and sends one back to
// the queue it died in. Counts the whole dead_letters table: runs isolated (vitest.config.ts).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { issueAccessToken } from "../../worker/auth/tokens";
import { DEAD_LETTER_RETENTION_MS, DEAD_LETTERS_KEPT } from "../../worker/db/dead-letters";
import type { DeadLetterListAnswer } from "../../common/schemas/answers";
import { api, clearTables } from "./helpers";

const T = Date.UTC(2031, 4, 13, 12, 0);
let adminToken: string;
const bearer = () => ({ authorization: `Bearer ${adminToken}` });

beforeEach(async () => {
  await clearTables("dead_letters");
  vi.useFakeTimers({ now: T, toFake: ["Date"] });
  // Issued on the test's clock.
  adminToken = await issueAccessToken(env.JWT_SECRET, { userId: null, role: "admin" });
  return () => vi.useRealTimers();
});

const rows = async () =>
  (await env.DB.prepare("SELECT queue, message_id, body, dead_at FROM dead_letters ORDER BY id").all<{ queue: string; message_id: string; body: string; dead_at: number }>())
    .results;

async function deadLettersArrive(queue: string, messages: { id: string; body: unknown }[]) {
  const batch = createMessageBatch(queue, messages.map((message) => ({ ...message, timestamp: new Date(T), attempts: 1 })));
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("the dead-letter queues' consumer", () => {
  it("stores each message with the queue it died in, once however often its batch comes", async () => {
    const poison = { subscription_id: {}, payload: null };
    const result = await deadLettersArrive("third-place-push-dead", [{ id: "m1", body: poison }]);
    expect(result.ackAll).toBe(true);
    await deadLettersArrive("third-place-push-dead", [{ id: "m1", body: poison }]);
    await deadLettersArrive("third-place-watches-dead", [{ id: "m2", body: { change: null } }]);
    expect(await rows()).toEqual([
      { queue: "third-place-push", message_id: "m1", body: JSON.stringify(poison), dead_at: T },
      { queue: "third-place-watches", message_id: "m2", body: '{"change":null}', dead_at: T },
    ]);
  });

  it("keeps the newest 1,000 and nothing past 30 days", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO dead_letters (queue, message_id, body, dead_at) SELECT 'third-place-push', 'old-' || i, '{}', ? FROM n`,
    )
      .bind(DEAD_LETTERS_KEPT, T - 1000)
      .run();
    await env.DB.prepare("UPDATE dead_letters SET dead_at = ? WHERE message_id = 'old-1000'").bind(T - DEAD_LETTER_RETENTION_MS - 1).run();
    await deadLettersArrive("third-place-push-dead", [{ id: "new", body: {} }]);
    // The one past 30 days made room for the new one.
    const kept = await rows();
    expect(kept).toHaveLength(DEAD_LETTERS_KEPT);
    expect(kept.some((row) => row.message_id === "old-1000")).toBe(false);
    expect(kept.at(-1)?.message_id).toBe("new");
    // Then the oldest make room.
    await deadLettersArrive("third-place-push-dead", [{ id: "newer", body: {} }, { id: "newest", body: {} }]);
    const after = await rows();
    expect(after).toHaveLength(DEAD_LETTERS_KEPT);
    expect(after[0].message_id).toBe("old-3");
    expect(after.at(-1)?.message_id).toBe("newest");
  });
});

describe("the admin's dead letters", () => {
  it("lists them newest first with the total", async () => {
    await deadLettersArrive("third-place-push-dead", [{ id: "a", body: { n: 1 } }]);
    await deadLettersArrive("third-place-watches-dead", [{ id: "b", body: { n: 2 } }]);
    const response = await api("/api/admin/dead-letters", { headers: bearer() });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as DeadLetterListAnswer;
    expect(answer.total).toBe(2);
    expect(answer.dead_letters.map(({ queue, body, dead_at }) => ({ queue, body, dead_at }))).toEqual([
      { queue: "third-place-watches", body: '{"n":2}', dead_at: new Date(T).toISOString() },
      { queue: "third-place-push", body: '{"n":1}', dead_at: new Date(T).toISOString() },
    ]);
  });

  it("sends one back to the queue it died in and removes it; an unknown one is a 404", async () => {
    const sent: unknown[] = [];
    const send = vi.spyOn(env.PUSH_QUEUE, "send").mockImplementation(async (body) => {
      sent.push(body);
      return { metadata: {} } as QueueSendResponse;
    });
    const body = { subscription_id: 2_000_000_000, payload: { title: "t" } };
    await deadLettersArrive("third-place-push-dead", [{ id: "back", body }]);
    const [{ id }] = (await env.DB.prepare("SELECT id FROM dead_letters").all<{ id: number }>()).results;
    const response = await api(`/api/admin/dead-letters/${id}/retry`, { method: "POST", headers: bearer() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ queue: "third-place-push" });
    expect(sent).toEqual([body]);
    expect(await rows()).toEqual([]);
    const again = await api(`/api/admin/dead-letters/${id}/retry`, { method: "POST", headers: bearer() });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "No such dead letter." });
    send.mockRestore();
  });
});
