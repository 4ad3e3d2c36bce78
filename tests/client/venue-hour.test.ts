// One number, one word (common/venue-hour.ts, docs/when-to-go.md#one-number-one-word): a
// venue-hour's level word and its one percent, closed winning, ranges inside the level's band.
import { describe, expect, it } from "vitest";
import { levelBand, levelOfPercent, livelyEdge, readVenueHour, settledHour } from "../../common/venue-hour";

describe("a venue-hour in words", () => {
  const edge = livelyEdge({ livelyThreshold: 40, packedThreshold: 100 });

  it("is a level word and one percent; the level from the percent where the caller has the thresholds", () => {
    expect(readVenueHour({ percent: 62 }, edge)).toEqual({ word: "Lively", number: "62%", text: "Lively · 62%" });
    expect(readVenueHour({ percent: 39 }, edge).text).toBe("Relaxed · 39%");
    expect(readVenueHour({ percent: 100 }, edge).text).toBe("Packed · 100%");
    // A range is never said beside it.
    expect(readVenueHour({ percent: 62, low: 50, high: 80 }, edge).text).toBe("Lively · 62%");
  });

  it("takes a given level without thresholds, and says the level alone where counts are hidden", () => {
    expect(readVenueHour({ level: "Relaxed", percent: 12 }, null).text).toBe("Relaxed · 12%");
    expect(readVenueHour({ level: "Packed", percent: null }, null).text).toBe("Packed");
    expect(readVenueHour({ percent: 62 }, null)).toEqual({ word: null, number: null, text: null });
    expect(readVenueHour({ level: null, percent: null }, edge).text).toBeNull();
  });

  it("says Closed whatever the numbers", () => {
    expect(readVenueHour({ closed: true, level: "Relaxed", percent: 5 }, edge)).toEqual({ word: "Closed", number: null, text: "Closed" });
  });
});

describe("levels and their bands", () => {
  it("puts the edge where the thresholds do, unrounded: 35 of 120 people is 29.17 %", () => {
    const edge = livelyEdge({ livelyThreshold: 35, packedThreshold: 120 });
    expect(levelOfPercent(29, edge)).toBe("Relaxed");
    expect(levelOfPercent(30, edge)).toBe("Lively");
    expect(levelOfPercent(99, edge)).toBe("Lively");
    expect(levelOfPercent(100, edge)).toBe("Packed");
    expect(levelBand("Relaxed", edge)).toEqual({ min: 0, max: 29 });
    expect(levelBand("Lively", edge)).toEqual({ min: 30, max: 99 });
    expect(levelBand("Packed", edge)).toEqual({ min: 100, max: 100 });
  });

  it('keeps a range inside its level band: never "Lively, 74–100 %"', () => {
    const edge = livelyEdge({ livelyThreshold: 40, packedThreshold: 100 });
    expect(settledHour({ percent: 85, low: 74, high: 100 }, edge)).toEqual({ level: "Lively", percent: 85, low: 74, high: 99 });
    expect(settledHour({ percent: 30, low: 20, high: 45 }, edge)).toEqual({ level: "Relaxed", percent: 30, low: 20, high: 39 });
    expect(settledHour({ percent: 45, low: 32, high: 58 }, edge)).toEqual({ level: "Lively", percent: 45, low: 40, high: 58 });
    // A range that shrinks to one number is dropped.
    expect(settledHour({ percent: 100, low: 90, high: 100 }, edge)).toEqual({ level: "Packed", percent: 100, low: null, high: null });
    // Without thresholds, as given.
    expect(settledHour({ level: "Lively", percent: 85, low: 74, high: 99 }, null)).toEqual({ level: "Lively", percent: 85, low: 74, high: 99 });
  });
});
