import { describe, expect, it } from "vitest";
import { watchText } from "../../client/pages/app/watching";

describe("the Watching list's words", () => {
  it("says what each watch waits for and when", () => {
    expect(watchText({ when: "quiet", minutes: null, window: null }, "en-US")).toBe("when it's quiet · any time");
    expect(watchText({ when: "wait_under", minutes: 10, window: null }, "en-US")).toBe("when the wait is under 10 minutes · any time");
    expect(watchText({ when: "lively", minutes: null, window: { days: ["Friday", "Saturday"], from: "20:00", to: "23:30" } }, "en-US")).toBe(
      "when it gets lively · Fri, Sat 8 PM–11:30 PM",
    );
    expect(watchText({ when: "event_starts", minutes: null, window: { days: null, from: "18:00", to: "02:00" } }, "en-US")).toBe("when an event starts · 6 PM–2 AM");
  });
});
