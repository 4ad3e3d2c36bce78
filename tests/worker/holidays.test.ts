// Public holidays at a venue (docs/when-to-go.md#holidays), from the date-holidays library as the
// worker loads it: the address columns' country and state, by name or code.
import { describe, expect, it } from "vitest";
import { dayOfDate } from "../../common/local-time";
import { publicHolidays } from "../../worker/occupancy/holidays";

const day = (date: string) => dayOfDate(date)!;

describe("public holidays", () => {
  it("finds a Berlin venue's holidays from its city's codes: Germany's and Berlin's own", async () => {
    // Berlin's Women's Day (8 March, a Sunday in 2026) and Germany's Unity Day (3 October); Bavaria keeps no Women's Day.
    expect(await publicHolidays({ country: "DE", state: "BE" }, day("2026-03-07"), day("2026-03-09"))).toEqual(new Set([day("2026-03-08")]));
    expect(await publicHolidays({ country: "DE", state: "BY" }, day("2026-03-07"), day("2026-03-09"))).toEqual(new Set());
    expect(await publicHolidays({ country: "DE", state: "BE" }, day("2026-10-02"), day("2026-10-04"))).toEqual(new Set([day("2026-10-03")]));
  });

  it("finds a venue's public holidays from its country and state as places keeps them", async () => {
    // Thanksgiving 2026 in New York, named as the places table's defaults name it.
    expect([...(await publicHolidays({ country: "United States", state: "NY" }, day("2026-11-20"), day("2026-11-30")))]).toEqual([day("2026-11-26")]);
    // New Year's Day across the year's end, by ISO code and a state's full name.
    expect(await publicHolidays({ country: "US", state: "New York" }, day("2026-12-31"), day("2027-01-02"))).toEqual(new Set([day("2027-01-01")]));
    // A canton's own holiday: Labour Day (1 May) in Zürich, not in Geneva.
    expect((await publicHolidays({ country: "CH", state: "ZH" }, day("2026-05-01"), day("2026-05-01"))).size).toBe(1);
    expect((await publicHolidays({ country: "Switzerland", state: "GE" }, day("2026-05-01"), day("2026-05-01"))).size).toBe(0);
  });

  it("has none for a country it does not know, and the country's own for a state it does not know", async () => {
    expect((await publicHolidays({ country: "Atlantis", state: "" }, day("2026-01-01"), day("2026-12-31"))).size).toBe(0);
    expect(await publicHolidays({ country: "United States", state: "Nowhere" }, day("2026-07-01"), day("2026-07-05"))).toEqual(
      new Set([day("2026-07-03"), day("2026-07-04")]),
    );
  });
});
