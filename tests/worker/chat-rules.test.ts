// The pure rules of a conversation (worker/chat/rules.ts): the push gap, how a page of messages is
// asked for (leaving out senders hidden by a block) and put in order, who is hidden from whom, an
// account's rate, and when the object flushes.
import { describe, expect, it } from "vitest";
import {
  FLUSH_EVERY_MS,
  flushDue,
  hiddenWith,
  MESSAGE_WINDOW_MS,
  MESSAGES_PER_WINDOW,
  nextAlarm,
  TELL_BATCH,
  tellBatches,
  pageOf,
  pageQuery,
  pushDue,
  PUSH_GAP_MS,
  rateRefusal,
  type ConversationFacts,
} from "../../worker/chat/rules";

describe("conversation rules", () => {
  it("pushes a member again only once 5 minutes have passed since the last push", () => {
    expect(pushDue(null, 1_000)).toBe(true);
    expect(pushDue(1_000, 1_000 + PUSH_GAP_MS - 1)).toBe(false);
    expect(pushDue(1_000, 1_000 + PUSH_GAP_MS)).toBe(true);
  });

  it("asks for one more than the page to know whether more exist, and answers oldest first", () => {
    expect(pageQuery({ limit: 2 })).toMatchObject({ params: [3], newestFirst: true });
    expect(pageQuery({ limit: 2, before: 10 })).toMatchObject({ params: [10, 3], newestFirst: true });
    // `after` wins: catching up reads forward from the marker.
    expect(pageQuery({ limit: 2, before: 10, after: 4 })).toMatchObject({ params: [4, 3], newestFirst: false });
    expect(pageOf([9, 8, 7], 2, true)).toEqual({ rows: [8, 9], hasMore: true });
    expect(pageOf([5, 6], 2, false)).toEqual({ rows: [5, 6], hasMore: false });
  });

  it("leaves hidden senders out of every kind of page, and asks nothing more when nobody is hidden", () => {
    expect(pageQuery({ limit: 2, hidden: [7, 9] })).toEqual({
      sql: "SELECT * FROM messages WHERE sender_id NOT IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?",
      params: ["[7,9]", 3],
      newestFirst: true,
    });
    expect(pageQuery({ limit: 2, before: 10, hidden: [7] })).toMatchObject({ sql: expect.stringContaining("WHERE id < ? AND sender_id NOT IN"), params: [10, "[7]", 3] });
    expect(pageQuery({ limit: 2, after: 4, hidden: [7] })).toMatchObject({ sql: expect.stringContaining("WHERE id > ? AND sender_id NOT IN"), params: [4, "[7]", 3] });
    expect(pageQuery({ limit: 2, hidden: [] }).sql).toBe("SELECT * FROM messages ORDER BY id DESC LIMIT ?");
  });

  it("hides each side of a block from the other, and nobody else", () => {
    const facts: ConversationFacts = { id: 1, kind: "plan", title: "Drinks", writable: true, members: [], hiddenPairs: [[1, 2], [3, 1]] };
    expect(hiddenWith(facts, 1)).toEqual([2, 3]);
    expect(hiddenWith(facts, 2)).toEqual([1]);
    expect(hiddenWith(facts, 4)).toEqual([]);
  });

  it(`refuses the ${MESSAGES_PER_WINDOW + 1}th message within ${MESSAGE_WINDOW_MS / 1000} s, saying how long until the oldest leaves the window`, () => {
    const now = 1_000_000;
    expect(rateRefusal([], now)).toBeNull();
    expect(rateRefusal(Array.from({ length: MESSAGES_PER_WINDOW - 1 }, () => now), now)).toBeNull();
    const full = Array.from({ length: MESSAGES_PER_WINDOW }, (_, i) => now - i * 100);
    expect(rateRefusal(full, now)).toEqual({ status: 429, error: "Too many attempts. Please wait 8 seconds and try again.", retryAfterSeconds: 8 });
    expect(rateRefusal(full, full.at(-1)! + MESSAGE_WINDOW_MS)).toBeNull();
    // Never "wait 0 seconds".
    expect(rateRefusal(full, full.at(-1)! + MESSAGE_WINDOW_MS - 1)?.retryAfterSeconds).toBe(1);
  });

  it("flushes at once after a quiet minute, else a minute after the last flush; one alarm for the earliest of flush, pruning and the outbox's retry", () => {
    expect(flushDue(0, 5_000_000)).toBe(5_000_000);
    expect(flushDue(5_000_000, 5_000_000 + 10_000)).toBe(5_000_000 + FLUSH_EVERY_MS);
    expect(nextAlarm(null, null)).toBeNull();
    expect(nextAlarm(10, null)).toBe(10);
    expect(nextAlarm(null, 20)).toBe(20);
    expect(nextAlarm(30, 20)).toBe(20);
    expect(nextAlarm(30, 20, 15)).toBe(15);
    expect(nextAlarm(null, null, 40)).toBe(40);
  });

  it(`cuts a new name's conversations into queue messages of ${TELL_BATCH}`, () => {
    expect(tellBatches([])).toEqual([]);
    const ids = Array.from({ length: 2 * TELL_BATCH + 1 }, (_, i) => i + 1);
    expect(tellBatches(ids).map((batch) => batch.length)).toEqual([TELL_BATCH, TELL_BATCH, 1]);
    expect(tellBatches(ids).flat()).toEqual(ids);
  });
});
