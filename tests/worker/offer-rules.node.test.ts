// When an offer is on and why (worker/lib/offer-rules.ts), its codes, and its lift against the
// forecast on a known series (worker/occupancy/offer-lift.ts; docs/offers.md).
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../common/local-time";
import type { ForecastHour, PlaceHours } from "../../common/schemas/answers";
import { CODE_ALPHABET, type OfferInput } from "../../common/schemas/offers";
import { claimCode, offerOnNow, qrSvg, type OfferContext } from "../../worker/lib/offer-rules";
import { liftOf, MIN_LIFT_HOURS, offerLiftHours } from "../../worker/occupancy/offer-lift";
import type { HourTotal } from "../../worker/occupancy/hours";

// Tuesday 10 June 2031, 15:00 EDT.
const now = Date.UTC(2031, 5, 10, 19, 0);
const timeZone = "America/New_York";
const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const noHours = Object.fromEntries(days.flatMap((day) => [[`${day}_open`, ""], [`${day}_close`, ""]])) as PlaceHours;
const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as OfferInput["days"];
const offer = { days: weekdays, from: "14:00", to: "18:00", starts_on: null, ends_on: null, when: "always" as OfferInput["when"], quiet_below_percent: null };
const ctx = (changes: Partial<OfferContext> = {}): OfferContext => ({ now, timeZone, hours: noHours, live: null, forecast: null, numbers: true, ...changes });

describe("offerOnNow()", () => {
  it("is on in its hours and says until when", () => {
    expect(offerOnNow(offer, ctx())).toEqual({ on: true, why: "On in its hours, until 6 PM." });
  });

  it("is off outside its hours, before its first date and after its last", () => {
    expect(offerOnNow({ ...offer, from: "17:00", to: "19:00" }, ctx())).toEqual({ on: false, why: "Off: outside its hours (5 PM–7 PM); next from 5 PM." });
    expect(offerOnNow({ ...offer, starts_on: "2031-06-11" }, ctx()).on).toBe(false);
    expect(offerOnNow({ ...offer, ends_on: "2031-06-09" }, ctx())).toEqual({ on: false, why: "Off: it ended on 2031-06-09." });
    expect(offerOnNow({ ...offer, starts_on: "2031-06-10", ends_on: "2031-06-10" }, ctx()).on).toBe(true);
  });

  it("runs past midnight on the day it starts", () => {
    // Monday 22:00 to 02:00: on at 1 AM Tuesday.
    const late = { ...offer, days: ["Monday"] as OfferInput["days"], from: "22:00", to: "02:00" };
    expect(offerOnNow(late, ctx({ now: Date.UTC(2031, 5, 10, 5, 0) })).on).toBe(true);
    expect(offerOnNow(late, ctx({ now: Date.UTC(2031, 5, 11, 5, 0) })).on).toBe(false);
  });

  it("closed wins: never on while the venue is closed by its hours", () => {
    const hours: PlaceHours = { ...noHours, tuesday_open: "17:00", tuesday_close: "23:00" };
    expect(offerOnNow(offer, ctx({ hours, live: { level: "Relaxed", percent: 5 } }))).toEqual({ on: false, why: "Off: the venue is closed now." });
  });

  it("only while quiet: Relaxed live, or below the owner's percent; off without a live count", () => {
    const quiet = { ...offer, when: "quiet" as const };
    expect(offerOnNow(quiet, ctx({ live: { level: "Relaxed", percent: 20 } }))).toEqual({ on: true, why: "On while quiet: Relaxed now." });
    expect(offerOnNow(quiet, ctx({ live: { level: "Packed", percent: 100 } }))).toEqual({ on: false, why: "Off: only while quiet, and it is Packed now." });
    expect(offerOnNow(quiet, ctx())).toEqual({ on: false, why: "Off: only while quiet, and there is no live count now." });
    const below = { ...quiet, quiet_below_percent: 40 };
    expect(offerOnNow(below, ctx({ live: { level: "Lively", percent: 35 } }))).toEqual({ on: true, why: "On while quiet: 35% full, below 40%." });
    expect(offerOnNow(below, ctx({ live: { level: "Relaxed", percent: 40 } }))).toEqual({ on: false, why: "Off: only while below 40% full, and it is 40% now." });
    // Where the owners hide counts, the public's sentence names no percent.
    expect(offerOnNow(below, ctx({ live: { level: "Lively", percent: 35 }, numbers: false }))).toEqual({ on: true, why: "On while quiet now." });
    expect(offerOnNow(below, ctx({ live: { level: "Lively", percent: 45 }, numbers: false }))).toEqual({ on: false, why: "Off: only while quiet, and it is Lively now." });
    expect(offerOnNow({ ...offer, when: "forecast_quiet" }, ctx({ forecast: { level: "Relaxed", percent: 12 }, numbers: false })).why).toBe("On: the forecast calls this hour quiet, until 6 PM.");
  });

  it("in the hours the forecast calls quiet", () => {
    const forecastQuiet = { ...offer, when: "forecast_quiet" as const };
    expect(offerOnNow(forecastQuiet, ctx({ forecast: { level: "Relaxed", percent: 12 } }))).toEqual({ on: true, why: "On: the forecast calls this hour quiet (about 12%), until 6 PM." });
    expect(offerOnNow(forecastQuiet, ctx({ forecast: { level: "Lively", percent: 70 } })).on).toBe(false);
    expect(offerOnNow(forecastQuiet, ctx()).on).toBe(false);
  });
});

describe("claim codes", () => {
  it("are 6 characters of the alphabet without look-alikes, unbiased by rejecting high bytes", () => {
    let calls = 0;
    // 255 is rejected (256 − 256 mod 23 = 253), then 0, 1, 2 … pick the alphabet in order.
    const code = claimCode((count) => Uint8Array.from({ length: count }, (_, i) => (calls++ === 0 && i === 0 ? 255 : i - 1)));
    expect(code).toBe(CODE_ALPHABET.slice(0, 6));
    for (let i = 0; i < 50; i++) expect(claimCode((count) => crypto.getRandomValues(new Uint8Array(count)))).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  });

  it("draws the QR code of the code alone as SVG", () => {
    expect(qrSvg("ACDEFH")).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+".*<path d="M[^"]+" fill="#000"\/><\/svg>$/);
  });
});

describe("liftOf() and offerLiftHours()", () => {
  it("is Σ actual ÷ Σ forecast − 1 with the range from the forecast's 80 % ends", () => {
    // 8 hours: 30 % happened where 20 % (range 10–25) was forecast.
    const hours = Array.from({ length: 8 }, () => ({ actual: 30, forecast: 20, low: 10, high: 25 }));
    expect(liftOf(hours)).toEqual({ hours: 8, percent: 50, low: 20, high: 200, text: "+50% against the forecast (80% range +20% to +200%), over 8 hours" });
    expect(liftOf(hours.slice(1))).toEqual({ hours: 7, percent: null, low: null, high: null, text: `Not enough hours yet: 7 of ${MIN_LIFT_HOURS} measured.` });
    // Mixed hours pool: (10 + 30) ÷ (20 + 20) − 1 = 0.
    const mixed = [...Array.from({ length: 4 }, () => ({ actual: 10, forecast: 20, low: 0, high: 40 })), ...Array.from({ length: 4 }, () => ({ actual: 30, forecast: 20, low: 0, high: 40 }))];
    expect(liftOf(mixed)).toEqual({ hours: 8, percent: 0, low: -50, high: null, text: "±0% against the forecast (80% range from −50%), over 8 hours" });
  });

  it("measures the offer's scheduled hours since it began against the forecast of the same weekday and hour", () => {
    const place = { timeZone, dayStartHour: 5, packedThreshold: 100, livelyThreshold: 50, hours: noHours };
    // Began Tuesday 27 May at noon; Tuesdays 15–17. The forecast made then: 20 % (10–30) every hour.
    const began = Date.UTC(2031, 4, 27, 16);
    const forecast: ForecastHour[] = Array.from({ length: 8 * 24 }, (_, i) => ({ start: new Date(began + i * HOUR_MS).toISOString(), percent: 20, low: 10, high: 30, closed: false }));
    const tuesdays = { ...offer, days: ["Tuesday"] as OfferInput["days"], from: "15:00", to: "17:00" };
    const count = (date: number, hour: number, people: number): HourTotal => ({ wallHour: Date.UTC(2031, 4, date, hour) / HOUR_MS, offset: -4 * HOUR_MS, peopleMinutes: people * 60, samples: 60 });
    // 27 May, 3 and 10 June (today's 15:00 hour is not over at 15:00: left out), and a Wednesday's hour outside the offer.
    const totals = [count(27, 15, 30), count(27, 16, 30), count(34, 15, 25), count(34, 16, 25), count(41, 15, 99), count(28, 15, 99)];
    const hours = offerLiftHours(tuesdays, place, forecast, totals, began, now);
    expect(hours).toEqual([
      { actual: 30, forecast: 20, low: 10, high: 30 },
      { actual: 30, forecast: 20, low: 10, high: 30 },
      { actual: 25, forecast: 20, low: 10, high: 30 },
      { actual: 25, forecast: 20, low: 10, high: 30 },
    ]);
    // Only while the forecast calls it quiet: 20 % at a lively edge of 50 % is Relaxed; at 15 % it is not.
    expect(offerLiftHours({ ...tuesdays, when: "forecast_quiet" }, { ...place, livelyThreshold: 15 }, forecast, totals, began, now)).toEqual([]);
  });
});
