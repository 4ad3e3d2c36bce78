import { describe, expect, it } from "vitest";
import { FixedWindowLimit } from "../../worker/lib/fixed-window-limit";

describe("FixedWindowLimit", () => {
  it("allows `limit` requests per key in a window and says how long until it ends", () => {
    const limit = new FixedWindowLimit<string>(3, 60_000);
    expect([limit.take("a", 1_000), limit.take("a", 2_000), limit.take("a", 3_000)]).toEqual([null, null, null]);
    expect(limit.take("a", 3_500)).toBe(58);
    expect(limit.take("a", 60_999)).toBe(1);
    // Other keys have windows of their own.
    expect(limit.take("b", 3_500)).toBeNull();
  });

  it("starts a new window once the period since the key's first request has passed", () => {
    const limit = new FixedWindowLimit<number>(1, 10_000);
    expect(limit.take(7, 0)).toBeNull();
    expect(limit.take(7, 9_999)).toBe(1);
    expect(limit.take(7, 10_000)).toBeNull();
    expect(limit.take(7, 10_001)).toBe(10);
  });

  it("does not count refused requests towards the next window", () => {
    const limit = new FixedWindowLimit<number>(2, 1_000);
    limit.take(1, 0);
    limit.take(1, 1);
    for (let t = 2; t < 1_000; t += 100) expect(limit.take(1, t)).not.toBeNull();
    expect([limit.take(1, 1_000), limit.take(1, 1_001), limit.take(1, 1_002)]).toEqual([null, null, 1]);
  });
});
