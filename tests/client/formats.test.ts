// common/formats.ts: a Berlin venue's hours and prices on its own clock and in its own currency,
// written the visitor's way (docs/cities.md#formats), at fixed instants.
import { describe, expect, it } from "vitest";
import {
  formatAxisHour,
  formatClockTime,
  formatCount,
  formatDistance,
  formatHour,
  formatInstant,
  formatOpeningHours,
  formatPrice,
  formatVenueTime,
  formatWeekday,
  localeWeek,
  venueZoneName,
} from "../../common/formats";
import { closedText, hourRangeText } from "../../common/live-summary";

// ICU writes a narrow no-break space before AM/PM; compare text as a reader sees it.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";
/** Friday 27 November 2026, 21:00 in Berlin (CET, UTC+1). */
const winterEvening = Date.UTC(2026, 10, 27, 20, 0);

describe("venue times", () => {
  it("writes a Berlin venue's hours in 24-hour time for de-DE and 12-hour time for en-US", () => {
    expect(formatClockTime("17:00", "de-DE")).toBe("17:00");
    expect(plain(formatClockTime("17:00", "en-US"))).toBe("5:00 PM");
    expect(plain(formatClockTime("00:30", "en-US"))).toBe("12:30 AM");
    expect(formatOpeningHours("17:00", "02:00", "de-DE", { venue: BERLIN, visitor: BERLIN, instant: winterEvening })).toBe("17:00–02:00");
    expect(plain(formatOpeningHours("17:00", "02:00", "en-US", { venue: BERLIN, visitor: BERLIN, instant: winterEvening }))).toBe("5:00 PM – 2:00 AM");
    expect(formatOpeningHours("", "", "de-DE", { venue: BERLIN, visitor: BERLIN, instant: winterEvening })).toBe("");
  });

  it("names the venue's zone only when its clock differs from the visitor's", () => {
    expect(plain(formatOpeningHours("17:00", "02:00", "en-US", { venue: BERLIN, visitor: NEW_YORK, instant: winterEvening }))).toBe("5:00 PM – 2:00 AM GMT+1");
    expect(formatOpeningHours("17:00", "02:00", "de-DE", { venue: BERLIN, visitor: NEW_YORK, instant: winterEvening })).toBe("17:00–02:00 MEZ");
    expect(formatVenueTime(winterEvening, BERLIN, "de-DE", BERLIN)).toBe("21:00");
    expect(plain(formatVenueTime(winterEvening, BERLIN, "en-US", NEW_YORK))).toBe("9:00 PM GMT+1");
    // Another zone on the same clock is not named; no known visitor zone names it.
    expect(venueZoneName(NEW_YORK, "America/Detroit", "en-US", winterEvening)).toBeNull();
    expect(venueZoneName(BERLIN, null, "en-US", winterEvening)).toBe("GMT+1");
  });

  it("follows the venue's clock across its own DST change, not the visitor's", () => {
    // Sunday 29 March 2026: Berlin moves to CEST (UTC+2) while New York has been on EDT (UTC−4) since 8 March.
    expect(formatVenueTime(Date.UTC(2026, 2, 28, 20, 0), BERLIN, "de-DE", BERLIN)).toBe("21:00");
    expect(formatVenueTime(Date.UTC(2026, 2, 29, 19, 0), BERLIN, "de-DE", BERLIN)).toBe("21:00");
    expect(plain(formatVenueTime(Date.UTC(2026, 2, 29, 19, 0), BERLIN, "en-US", NEW_YORK))).toBe("9:00 PM GMT+2");
    // Between the two changes of autumn (25 October in Berlin, 1 November in New York) the two clocks are 5 hours apart, not 6: still named.
    expect(venueZoneName(BERLIN, NEW_YORK, "de-DE", Date.UTC(2026, 9, 28, 12))).toBe("MEZ");
  });
});

describe("prices", () => {
  it("keeps the venue's currency and writes it the visitor's way", () => {
    expect(plain(formatPrice(4.5, "EUR", "de-DE"))).toBe("4,50 €");
    expect(formatPrice(4.5, "EUR", "en-US")).toBe("€4.50");
    expect(formatPrice(12, "USD", "en-US")).toBe("$12.00");
    expect(plain(formatPrice(12, "USD", "de-DE"))).toBe("12,00 $");
  });
});

describe("hours, dates, counts and distances", () => {
  it("labels an hour of the day the locale's way, on no zone's clock but the one given", () => {
    expect(formatHour(21, 0, "en-US")).toBe("9 PM");
    expect(formatHour(0, 0, "en-US")).toBe("12 AM");
    expect(formatHour(21, 30, "en-US")).toBe("9:30 PM");
    expect(formatHour(21, 0, "de-DE")).toBe("21 Uhr");
    expect(formatHour(21, 30, "de-DE")).toBe("21:30");
    expect(formatHour(24, 0, "ja-JP")).toBe("0時");
    expect(formatAxisHour(21, "en-US")).toBe("9p");
    expect(formatAxisHour(0, "en-US")).toBe("12a");
    expect(formatAxisHour(21, "de-DE")).toBe("21");
  });

  it("says a Berlin venue's opening in the visitor's words for time, on Berlin's clock", () => {
    // Friday 21:00 in Berlin; it opens Saturday 17:00 there, whatever the reader's zone.
    const opens = new Date(Date.UTC(2026, 10, 28, 16)).toISOString();
    expect(closedText(opens, BERLIN, winterEvening, "en-US")).toBe("Closed · opens Sat 5 PM");
    // ICU versions write German weekdays with or without the full stop.
    expect(closedText(opens, BERLIN, winterEvening, "de-DE")).toMatch(/^Closed · opens Sa\.? 17 Uhr$/);
    expect(hourRangeText(21, 23, "de-DE")).toBe("21–23 Uhr");
    expect(hourRangeText(21, 23, "en-US")).toBe("9–11 PM");
  });

  it("writes dates and counts the locale's way", () => {
    expect(formatInstant(Date.UTC(2026, 2, 6), "en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" })).toBe("Friday, March 6");
    expect(formatInstant(Date.UTC(2026, 2, 6), "de-DE", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" })).toBe("Freitag, 6. März");
    expect(formatCount(2340, "en-US")).toBe("2,340");
    expect(formatCount(2340, "de-DE")).toBe("2.340");
  });

  it("writes distances in km where the locale's region uses them, in miles where it does not", () => {
    expect(formatDistance(337, "de-DE")).toBe("340 m");
    expect(formatDistance(1240, "de-DE")).toBe("1,2 km");
    expect(formatDistance(1240, "es")).toBe("1,2 km");
    expect(formatDistance(150, "en-US")).toBe("500 ft");
    expect(formatDistance(337, "en-US")).toBe("0.2 mi");
    expect(formatDistance(1240, "en-US")).toBe("0.8 mi");
    // English without a region is American English.
    expect(formatDistance(1240, "en")).toBe("0.8 mi");
  });

  it("starts the week where the locale's calendars do, and names its days in the locale's words", () => {
    expect(localeWeek("en-US")[0]).toBe("Sunday");
    expect(localeWeek("ja-JP")[0]).toBe("Sunday");
    // Japanese without a region is Japan's.
    expect(localeWeek("ja")[0]).toBe("Sunday");
    expect(localeWeek("de-DE")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(localeWeek("es-ES")[0]).toBe("Monday");
    expect(localeWeek("es-MX")[0]).toBe("Sunday");
    expect(localeWeek("en-GB")[0]).toBe("Monday");
    expect(localeWeek("ar-EG")).toEqual(["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(formatWeekday("Friday", "en-US")).toBe("Friday");
    expect(formatWeekday("Friday", "de-DE")).toBe("Freitag");
    expect(formatWeekday("Friday", "es-ES")).toBe("viernes");
    expect(formatWeekday("Monday", "ja-JP")).toBe("月曜日");
  });
});
