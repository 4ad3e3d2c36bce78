import { describe, expect, it } from "vitest";
import { clockText, watchText } from "../../client/pages/app/watching";

describe("the Watching list's words", () => {
  it("reads a clock as people do", () => {
    expect(clockText("00:00")).toBe("12 AM");
    expect(clockText("12:30")).toBe("12:30 PM");
    expect(clockText("21:00")).toBe("9 PM");
    expect(clockText("09:05")).toBe("9:05 AM");
  });

  it("says what each watch waits for and when", () => {
    expect(watchText({ when: "quiet", minutes: null, window: null })).toBe("when it's quiet · any time");
    expect(watchText({ when: "wait_under", minutes: 10, window: null })).toBe("when the wait is under 10 minutes · any time");
    expect(watchText({ when: "lively", minutes: null, window: { days: ["Friday", "Saturday"], from: "20:00", to: "23:30" } })).toBe(
      "when it gets lively · Fri, Sat 8 PM–11:30 PM",
    );
    expect(watchText({ when: "event_starts", minutes: null, window: { days: null, from: "18:00", to: "02:00" } })).toBe("when an event starts · 6 PM–2 AM");
  });
});
