// A place's next event for the lists of places (worker/occupancy/next-event.ts), at fixed instants.
import { describe, expect, it } from "vitest";
import { nextEventsByPlace, type UpcomingEvent } from "../../worker/occupancy/next-event";

const NY = "America/New_York";
const at = (iso: string) => Date.parse(iso);
const event = (fields: Partial<UpcomingEvent> & Pick<UpcomingEvent, "id" | "name" | "start" | "end">): UpcomingEvent => ({
  placeId: 1,
  timeZone: NY,
  recurring: false,
  repeatingDays: [],
  ...fields,
});

describe("a place's next event", () => {
  // Tuesday trivia at 8 PM New York time, weekly from a Tuesday in October.
  const trivia = event({ id: 1, name: "Trivia", start: at("2026-10-06T20:00:00-04:00"), end: at("2026-10-06T22:00:00-04:00"), recurring: true, repeatingDays: ["Tuesday"] });

  it("finds tonight's occurrence of a weekly event on the venue's clock, after the clocks went back", () => {
    const found = nextEventsByPlace([trivia], at("2026-11-24T12:00:00-05:00"));
    expect(found.get(1)).toEqual({ name: "Trivia", starts_at: "2026-11-25T01:00:00.000Z", ends_at: "2026-11-25T03:00:00.000Z" });
  });

  it("keeps an event while it is under way and drops it once over", () => {
    expect(nextEventsByPlace([trivia], at("2026-11-24T21:30:00-05:00")).get(1)?.starts_at).toBe("2026-11-25T01:00:00.000Z");
    expect(nextEventsByPlace([trivia], at("2026-11-24T22:00:00-05:00")).has(1)).toBe(false);
  });

  it("says nothing of an event past the horizon, and picks the soonest of a place's events", () => {
    expect(nextEventsByPlace([trivia], at("2026-11-23T12:00:00-05:00")).has(1)).toBe(false);
    const music = event({ id: 2, name: "Live music", start: at("2026-11-24T18:00:00-05:00"), end: at("2026-11-24T19:30:00-05:00") });
    const other = event({ id: 3, name: "Karaoke", placeId: 2, start: at("2026-11-24T23:00:00-05:00"), end: at("2026-11-25T01:00:00-05:00") });
    const found = nextEventsByPlace([trivia, music, other], at("2026-11-24T12:00:00-05:00"));
    expect(found.get(1)?.name).toBe("Live music");
    expect(found.get(2)?.name).toBe("Karaoke");
  });
});
