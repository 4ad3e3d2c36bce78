// The plan form's logic (client/pages/app/plans/newPlan.ts): places found by name, the time typed on
// the place's clock as an instant, the first guess at a time, and refusals placed by field.
import { describe, expect, it } from "vitest";
import { defaultStart, matchingPlaces, refusalByField, refusalSummary, startFields, startsAtOf } from "../../client/pages/app/plans/newPlan";

const places = [
  { id: 1, name: "The Copper Lantern", address: "12 Avenue B" },
  { id: 2, name: "Café Lanterna", address: "3 Bleecker St" },
  { id: 3, name: "Bowery Wine Cellar", address: "40 Lantern Alley" },
  { id: 4, name: "Second Avenue Lounge", address: "200 2nd Ave" },
];

describe("the plan form", () => {
  it("finds places by every word typed, in the name first, ignoring case and accents; nothing before typing", () => {
    expect(matchingPlaces(places, "lantern").map((place) => place.id)).toEqual([2, 1, 3]);
    expect(matchingPlaces(places, "CAFE lant").map((place) => place.id)).toEqual([2]);
    expect(matchingPlaces(places, "avenue").map((place) => place.id)).toEqual([4, 1]);
    expect(matchingPlaces(places, "   ")).toEqual([]);
    expect(matchingPlaces(places, "lantern", 1).map((place) => place.id)).toEqual([2]);
  });

  it("reads the date and time on the place's clock, summer and winter", () => {
    expect(startsAtOf("2031-06-13", "21:00", "America/New_York")).toBe("2031-06-14T01:00:00.000Z");
    expect(startsAtOf("2031-12-13", "21:00", "America/New_York")).toBe("2031-12-14T02:00:00.000Z");
    expect(startsAtOf("2031-06-13", "21:00", "Europe/Berlin")).toBe("2031-06-13T19:00:00.000Z");
    expect(startsAtOf("", "21:00", "America/New_York")).toBeNull();
    expect(startsAtOf("2031-06-13", "", "America/New_York")).toBeNull();
  });

  it("gives a plan's time back as the edit form's date and time, startsAtOf's inverse", () => {
    expect(startFields("2031-06-14T01:00:00.000Z", "America/New_York")).toEqual({ date: "2031-06-13", time: "21:00" });
    expect(startFields("2031-12-14T02:30:00.000Z", "America/New_York")).toEqual({ date: "2031-12-13", time: "21:30" });
    const { date, time } = startFields("2031-06-13T19:00:00.000Z", "Europe/Berlin");
    expect(startsAtOf(date, time, "Europe/Berlin")).toBe("2031-06-13T19:00:00.000Z");
  });

  it("guesses 21:00 tonight on the place's clock, or the next full hour an hour ahead once that is too close", () => {
    // 17:10 in New York.
    expect(defaultStart(Date.UTC(2031, 5, 13, 21, 10), "America/New_York")).toEqual({ date: "2031-06-13", time: "21:00" });
    // 20:10 in New York: 22:00.
    expect(defaultStart(Date.UTC(2031, 5, 14, 0, 10), "America/New_York")).toEqual({ date: "2031-06-13", time: "22:00" });
    // 23:30 in New York: 01:00 the next day.
    expect(defaultStart(Date.UTC(2031, 5, 14, 3, 30), "America/New_York")).toEqual({ date: "2031-06-14", time: "01:00" });
  });

  it("places the server's sentences by the field they name, the first for each", () => {
    expect(
      refusalByField({
        error: "starts_at: must be ahead of now.",
        details: [
          { field: "starts_at", message: "must be ahead of now and within the next 60 days." },
          { field: "starts_at", message: "a second one" },
          { field: "something_else", message: "ignored" },
        ],
      }),
    ).toEqual({ starts_at: "must be ahead of now and within the next 60 days." });
    expect(refusalByField({ error: "No such place." })).toEqual({});
  });

  it("says the refusal in the form's words, or the server's sentence when it named no field", () => {
    expect(refusalSummary({ starts_at: "must be ahead of now.", invitees: "each must be one of your friends." }, "x")).toBe(
      "Time: must be ahead of now. Friends: each must be one of your friends.",
    );
    expect(refusalSummary({}, "No such place.")).toBe("No such place.");
  });
});
