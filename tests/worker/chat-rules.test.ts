// The pure rules of a conversation (worker/chat/rules.ts): the push gap, and how a page of
// messages is asked for (leaving out senders hidden by a block) and put in order.
import { describe, expect, it } from "vitest";
import { pageOf, pageQuery, pushDue, PUSH_GAP_MS } from "../../worker/chat/rules";

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
});
