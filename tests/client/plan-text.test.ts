// The words of a plan's forecast and suggestion, and the chat's merge of messages by id.
import { describe, expect, it } from "vitest";
import { forecastLine, placeSuggestionLine, timeSuggestionLine } from "../../client/pages/app/plans/planText";
import { mergeMessages } from "../../client/pages/app/chat/chatState";
import type { Message } from "../../common/schemas/conversations";

describe("a plan's words", () => {
  it("writes the forecast as one word and one number (readVenueHour), a closed place as closed, and nothing without one", () => {
    expect(forecastLine({ level: "Lively", percent: 68, low: 60, high: 75, open: true })).toBe("Forecast: Lively · 68%");
    expect(forecastLine({ level: "Packed", percent: 100, low: null, high: null, open: null })).toBe("Forecast: Packed · 100%");
    // Counts hidden by the owners: the level alone.
    expect(forecastLine({ level: "Relaxed", percent: null, low: null, high: null, open: true })).toBe("Forecast: Relaxed");
    expect(forecastLine({ level: null, percent: null, low: null, high: null, open: false })).toBe("Closed at that time");
    expect(forecastLine({ level: null, percent: null, low: null, high: null, open: true })).toBeNull();
    expect(forecastLine(null)).toBeNull();
  });

  it("writes a suggestion as minutes on foot or an hour", () => {
    expect(placeSuggestionLine({ id: 1, name: "The Copper Lantern", slug: "x", level: "Relaxed", percent: 20, distance_m: 240 })).toBe(
      "3 min away, The Copper Lantern is Relaxed",
    );
    expect(timeSuggestionLine({ starts_at: "2031-06-11T23:00:00Z", level: "Relaxed", percent: 30 }, "America/New_York")).toBe("7 PM: Relaxed");
  });
});

describe("the chat's messages", () => {
  const message = (id: number, text = `m${id}`): Message => ({ id, sender: null, text, client_id: `c${id}`, created_at: "2031-06-11T01:00:00Z" });
  it("keeps each message once, by id, oldest first, whether it came by the socket, a page or our own send", () => {
    const merged = mergeMessages([message(1), message(3)], [message(3), message(2), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});
