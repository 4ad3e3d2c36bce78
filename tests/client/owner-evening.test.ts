// The owner's evening's pure logic (docs/insights.md#the-owners-evening): a new event's default
// start, "last night" until the venue opens, the venue now in a line, the sensors' advice, the
// venue's tabs and a menu item's compact row. Times are fixed instants; the venue is in New York.
import { describe, expect, it } from "vitest";
import { eventFormDefaults, newEventStart } from "../../client/lib/eventForm";
import { beforeFirstOpening, lastNightDate, nowLine, sensorActions, sensorsLine } from "../../client/pages/dashboard/evening";
import { keyTrendTiles, LOADING } from "../../client/pages/dashboard/keyTrends";
import { itemRow } from "../../client/pages/dashboard/menuDraft";
import { SENSOR_ADVICE } from "../../client/pages/dashboard/messages";
import { insightsViews, readTab } from "../../client/pages/dashboard/tabs";
import { makePlace } from "./dashboard-fixtures";

// Monday–Thursday 17:00–02:00, Friday and Saturday 16:00–04:00, Sunday closed; New York, day from 5 AM.
const place = makePlace();
const clock = { timeZone: place.timezone, dayStartHour: place.day_start_hour };
const opening = { hours: place, timeZone: place.timezone };
/** An instant given as New York wall time in May 2026 (EDT, UTC−4). */
const ny = (day: number, hour: number, minute = 0) => Date.UTC(2026, 4, day, hour + 4, minute);
const noHours = makePlace(Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [[`${day}_open`, ""], [`${day}_close`, ""]])));

describe("a new event's default start", () => {
  it("is the next opening when the venue is closed an hour from now (5:31 AM Friday → 4 PM, not 6:31 AM)", () => {
    expect(newEventStart(ny(1, 5, 31), opening)).toBe(ny(1, 16));
    const values = eventFormDefaults(new Date(ny(1, 5, 31)), 1, opening);
    // datetime-local values are the browser's wall time: read back as local, they are the instants.
    expect(new Date(values.start_time).getTime()).toBe(ny(1, 16));
    expect(new Date(values.end_time).getTime()).toBe(ny(1, 18));
  });

  it("is an hour from now while the venue is open then (the spec's default), also past midnight", () => {
    expect(newEventStart(ny(1, 21), opening)).toBe(ny(1, 22));
    expect(newEventStart(ny(2, 1, 15), opening)).toBe(ny(2, 2, 15));
  });

  it("skips a closed day: Saturday 3:30 AM (Friday's night ends at 4) → Saturday 4 PM; Sunday noon → Monday 5 PM", () => {
    expect(newEventStart(ny(2, 3, 30), opening)).toBe(ny(2, 16));
    expect(newEventStart(ny(3, 12), opening)).toBe(ny(4, 17));
  });

  it("is an hour from now without hours, or without a venue", () => {
    expect(newEventStart(ny(1, 5, 31), { hours: noHours, timeZone: place.timezone })).toBe(ny(1, 6, 31));
    expect(newEventStart(ny(1, 5, 31))).toBe(ny(1, 6, 31));
  });
});

describe("last night until the venue opens", () => {
  it("is last night from the venue day's start until the first opening", () => {
    expect(beforeFirstOpening(place, clock, ny(1, 5, 30))).toBe(true);
    expect(beforeFirstOpening(place, clock, ny(1, 15, 59))).toBe(true);
    expect(beforeFirstOpening(place, clock, ny(1, 16))).toBe(false);
    expect(lastNightDate(clock, ny(1, 5, 30))).toBe("2026-04-30");
  });

  it("stays on tonight after closing, until the next venue day starts", () => {
    // 1 AM Saturday is still Friday's venue day, which opened at 4 PM.
    expect(beforeFirstOpening(place, clock, ny(2, 1))).toBe(false);
    expect(beforeFirstOpening(place, clock, ny(2, 4, 59))).toBe(false);
  });

  it("is last night all of a closed day, and never for a place without hours", () => {
    expect(beforeFirstOpening(place, clock, ny(3, 22))).toBe(true);
    expect(beforeFirstOpening(noHours, clock, ny(1, 5, 30))).toBe(false);
  });

  it("puts last night's peak in the two peak tiles, Loading... while it is read", () => {
    const trends = { currentCapacity: 0, currentPopulation: 0, currentStatus: "Relaxed" as const, peakHour: "05:00", peakHourUtilization: 0 };
    const lastNight = keyTrendTiles(trends, { peakHour: "22:00", peakHourUtilization: 91 });
    expect(lastNight.map((tile) => `${tile.label}: ${tile.value}`)).toEqual([
      "Current Capacity: 0%",
      "Current Status: Relaxed · 0 people",
      "Last Night's Peak Hour: 10 PM",
      "Last Night's Peak Capacity: 91%",
    ]);
    expect(keyTrendTiles(trends, null).slice(2).map((tile) => tile.value)).toEqual([LOADING, LOADING]);
    expect(keyTrendTiles(trends).slice(2).map((tile) => tile.label)).toEqual(["Today's Peak Hour", "Peak Hour Capacity"]);
  });
});

describe("the venue now", () => {
  const open = ny(1, 21);
  it("says level, people and percent in one line, or that nothing was read in 5 minutes", () => {
    expect(nowLine({ currentCapacity: 64, currentPopulation: 64, currentStatus: "Lively", peakHour: null, peakHourUtilization: null }, place, open)).toBe("Lively · 64 people · 64%");
    expect(nowLine({ currentCapacity: 1, currentPopulation: 1, currentStatus: "Relaxed", peakHour: null, peakHourUtilization: null }, place, open)).toBe("Relaxed · 1 person · 1%");
    expect(nowLine({ currentCapacity: null, currentPopulation: null, currentStatus: null, peakHour: null, peakHourUtilization: null }, place, open)).toBe("No reading in the last 5 minutes");
  });

  it("says Closed and when it opens while closed by its hours, whatever a sensor says", () => {
    const reading = { currentCapacity: 5, currentPopulation: 5, currentStatus: "Relaxed" as const, peakHour: null, peakHourUtilization: null };
    expect(nowLine(reading, place, ny(1, 5, 30))).toBe("Closed · opens 4 PM");
    expect(nowLine(reading, place, ny(3, 12))).toBe("Closed · opens Mon 5 PM");
    expect(nowLine(reading, noHours, ny(1, 5, 30))).toBe("Relaxed · 5 people · 5%");
  });

  it("counts the sensors online and names the newest reading", () => {
    const now = Date.parse("2026-05-01T23:10:00Z");
    const devices = [
      { online: true, last_reading_at: "2026-05-01T23:06:00.000Z" },
      { online: false, last_reading_at: "2026-05-01T20:00:00.000Z" },
    ];
    expect(sensorsLine(devices, now)).toBe("1 of 2 sensors online · Last reading 4 min ago");
    expect(sensorsLine([{ online: false, last_reading_at: null }], now)).toBe("0 of 1 sensor online · Never reported");
  });

  it("pairs each sensor problem with what to do", () => {
    const health = [{ code: "offline" as const, message: "Offline since Fri, May 1, 7:00 PM" }];
    expect(sensorActions({ health })).toEqual([{ problem: health[0].message, advice: SENSOR_ADVICE.offline }]);
    expect(sensorActions({ health: [] })).toEqual([]);
  });
});

describe("the venue's tabs", () => {
  it("opens Now by default, and keeps the spec's tab names for Insights' views", () => {
    expect(readTab(null)).toEqual({ tab: "now", view: null });
    expect(readTab("overview")).toEqual({ tab: "insights", view: "overview" });
    expect(readTab("daily")).toEqual({ tab: "insights", view: "daily" });
    expect(readTab("people")).toEqual({ tab: "insights", view: "people" });
    expect(readTab("insights")).toEqual({ tab: "insights", view: "overview" });
    expect(readTab("announcements")).toEqual({ tab: "news", view: null });
    expect(readTab("settings")).toEqual({ tab: "settings", view: null });
    expect(readTab("redeem")).toEqual({ tab: "redeem", view: null });
  });

  it("knows no other name", () => {
    expect(readTab("toString")).toBeNull();
    expect(readTab("bogus")).toBeNull();
  });

  it("shows People only with enable_new_dashboard on", () => {
    expect(insightsViews(true)).toEqual(["overview", "forecast", "daily", "people"]);
    expect(insightsViews(false)).toEqual(["overview", "forecast", "daily"]);
  });
});

describe("a menu item's row", () => {
  const item = { key: "i1", id: 1, name: "Negroni", description: "", price: "13.5", dietary: ["vegan" as const, "gluten-free" as const], photoUrl: null };
  it("reads name · price · dietary marks", () => {
    expect(itemRow(item, "Negroni", "No price")).toBe("Negroni · 13.5 · Vegan, Gluten-free");
    expect(itemRow({ ...item, price: " ", dietary: [] }, "item 2", "No price")).toBe("item 2 · No price");
  });
});
