import { describe, expect, it } from "vitest";
import { hourlyComparisonData, intervalData, weeklyData } from "../../client/pages/dashboard/chartData";
import { eventFormDefaults, eventFormValues, toEventFormData, validateEventForm, type EventFormValues } from "../../client/lib/eventForm";
import { formatHourLabel } from "../../client/lib/format";
import { calendarIndex, heatmapClass, monthGrid, shiftMonth } from "../../client/pages/dashboard/heatmap";
import { hoursRows } from "../../client/pages/dashboard/hours";
import { DEVICE_OFFLINE, keyTrendTiles, LOADING } from "../../client/pages/dashboard/keyTrends";
import { placeEditValues, toPlaceUpdate, validatePlaceEdit } from "../../client/pages/dashboard/placeForm";
import { compareWithUsual, describeDifference, venueDayStart, visitorsSince } from "../../client/pages/dashboard/summary";
import { EVENT_MESSAGES } from "../../common/schemas/event";
import { makeEvent, makePlace } from "./dashboard-fixtures";

describe("heatmapClass()", () => {
  it.each([
    [0, "heatmap-score-0"],
    [9, "heatmap-score-0"],
    [10, "heatmap-score-1"],
    [55, "heatmap-score-5"],
    [100, "heatmap-score-10"],
  ])("puts score %i in %s", (score, expected) => {
    expect(heatmapClass(score)).toBe(expected);
  });

  it("marks a day without data as none", () => {
    expect(heatmapClass(undefined)).toBe("heatmap-score-none");
    expect(heatmapClass(null)).toBe("heatmap-score-none");
  });
});

describe("monthGrid()", () => {
  it("starts weeks on Monday and pads with null", () => {
    // 1 March 2026 is a Sunday: six empty cells before it.
    const weeks = monthGrid(2026, 3);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-03-01"]);
    expect(weeks[1][0]).toBe("2026-03-02");
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("handles leap years and year boundaries", () => {
    expect(monthGrid(2028, 2).flat().filter(Boolean)).toHaveLength(29);
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });

  it("indexes the calendar answer by date with its first and last month", () => {
    const index = calendarIndex([
      { date: "2026-02-10", busyness_score: 40 },
      { date: "2025-11-03", busyness_score: 80 },
    ]);
    expect(index.scores.get("2026-02-10")).toBe(40);
    expect(index.first).toEqual({ year: 2025, month: 11 });
    expect(index.last).toEqual({ year: 2026, month: 2 });
    expect(calendarIndex([]).last).toBeNull();
  });
});

describe("hoursRows()", () => {
  it("lists Monday first and shows a day without hours as closed", () => {
    const rows = hoursRows(makePlace({ monday_open: "17:00", monday_close: "02:00", sunday_open: "", sunday_close: "" }));
    expect(rows.map((row) => row.label)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(rows[0]).toMatchObject({ open: "5:00 PM", close: "2:00 AM" });
    expect(rows[6]).toMatchObject({ open: null, close: null });
  });
});

describe("keyTrendTiles()", () => {
  it("says Loading... in all four tiles before the first answer", () => {
    expect(keyTrendTiles(null).map((tile) => tile.value)).toEqual([LOADING, LOADING, LOADING, LOADING]);
  });

  it("says Device Offline in all four tiles when currentCapacity is null", () => {
    const tiles = keyTrendTiles({ currentCapacity: null, peakHour: "21:00", peakHourUtilization: 80, currentPopulation: null, currentStatus: null });
    expect(tiles.map((tile) => tile.label)).toEqual(["Current Capacity", "Current Status", "Today's Peak Hour", "Peak Hour Capacity"]);
    expect(tiles.map((tile) => tile.value)).toEqual([DEVICE_OFFLINE, DEVICE_OFFLINE, DEVICE_OFFLINE, DEVICE_OFFLINE]);
  });

  it("shows capacity and peak utilisation with a percent sign and the level with its headcount", () => {
    const tiles = keyTrendTiles({ currentCapacity: 55, peakHour: "21:00", peakHourUtilization: 80, currentPopulation: 55, currentStatus: "Lively" });
    expect(tiles.map((tile) => tile.value)).toEqual(["55%", "Lively · 55 people", "9 PM", "80%"]);
  });
});

describe("event form", () => {
  it("defaults the start to an hour from now and the end to three hours from now", () => {
    const now = new Date(2026, 4, 1, 18, 30);
    const values = eventFormDefaults(now, 7);
    expect(values.start_time).toBe("2026-05-01T19:30");
    expect(values.end_time).toBe("2026-05-01T21:30");
    expect(values.place_id).toBe("7");
    expect(values.is_recurring).toBe(false);
  });

  const filled = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
    ...eventFormDefaults(new Date(2026, 4, 1, 18, 30), 7),
    name: "  Trivia Night ",
    category: "3",
    ...overrides,
  });

  it("sends the boolean as True/False, repeating days as JSON text in week order, times as ISO and no empty value", () => {
    const form = toEventFormData(filled({ is_recurring: true, repeating_days: ["Friday", "Monday"] }));
    expect(form.get("is_recurring")).toBe("True");
    expect(form.get("repeating_days")).toBe('["Monday","Friday"]');
    expect(form.get("name")).toBe("Trivia Night");
    expect(form.get("start_time")).toBe(new Date(2026, 4, 1, 19, 30).toISOString());
    expect(form.get("end_time")).toBe(new Date(2026, 4, 1, 21, 30).toISOString());
    expect([...form.keys()].sort()).toEqual(["category", "end_time", "is_recurring", "name", "place_id", "repeating_days", "start_time"]);
  });

  it("sends False and leaves the days out for a one-off event", () => {
    const image = new File(["png"], "cover.png", { type: "image/png" });
    const form = toEventFormData(filled({ repeating_days: ["Monday"], cover_image: image, max_capacity: "80" }));
    expect(form.get("is_recurring")).toBe("False");
    expect(form.has("repeating_days")).toBe(false);
    expect(form.get("max_capacity")).toBe("80");
    expect(form.get("cover_image")).toBeInstanceOf(File);
  });

  it("requires place, name, start time and category with the server's sentences, and an end after the start", () => {
    expect(validateEventForm({ ...filled(), place_id: "", name: " ", start_time: "", category: "" })).toEqual({
      place_id: EVENT_MESSAGES.place,
      name: EVENT_MESSAGES.name,
      start_time: EVENT_MESSAGES.startTime,
      category: EVENT_MESSAGES.category,
    });
    expect(validateEventForm(filled({ end_time: "2026-05-01T19:00" }))).toEqual({ end_time: EVENT_MESSAGES.endAfterStart });
    expect(validateEventForm(filled({ is_recurring: true }))).toEqual({ repeating_days: EVENT_MESSAGES.recurringNeedsDay });
    expect(validateEventForm(filled({ max_capacity: "2.5" }))).toEqual({ max_capacity: EVENT_MESSAGES.maxCapacity });
    expect(validateEventForm(filled())).toEqual({});
  });

  it("fills the edit form from an event in the browser's time zone", () => {
    const start = new Date(2026, 5, 12, 20, 0);
    const values = eventFormValues(makeEvent({ start_time: start.toISOString(), end_time: null, category: 4, max_capacity: null }));
    expect(values).toMatchObject({ start_time: "2026-06-12T20:00", end_time: "", category: "4", max_capacity: "" });
  });
});

describe("place edit", () => {
  it("passes the server's schema for an unchanged place and names the field it refuses", () => {
    const place = makePlace();
    expect(validatePlaceEdit(placeEditValues(place), place)).toEqual({});
    expect(validatePlaceEdit({ ...placeEditValues(place), website: "copper lantern" }, place)).toEqual({
      website: "Enter a full web address, like https://example.com.",
    });
    expect(validatePlaceEdit({ ...placeEditValues(place), sunday_open: "12:00" }, place)).toEqual({
      sunday_close: "Give both an opening and a closing time, or leave both empty when closed.",
    });
  });

  it("sends name, address, phone, website, public_counts, favorite and the fourteen hour fields", () => {
    const place = makePlace({ favorite: true });
    const payload = toPlaceUpdate({ ...placeEditValues(place), phone_number: " (212) 555-0100 " }, place);
    expect(Object.keys(payload)).toHaveLength(4 + 1 + 1 + 14);
    expect(payload).toMatchObject({ phone_number: "(212) 555-0100", public_counts: true, favorite: true, monday_open: place.monday_open });
    expect(toPlaceUpdate({ ...placeEditValues(place), public_counts: false }, place).public_counts).toBe(false);
  });
});

describe("chart data", () => {
  it("keeps the weekly summary Monday first and counts a missing day as 0", () => {
    const { labels, data } = weeklyData({ Friday: 42.5, monday: 10 });
    expect(labels).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(data[1]).toEqual([10, 0, 0, 0, 42.5, 0, 0]);
  });

  it("turns quarter-hour intervals into epoch seconds", () => {
    expect(intervalData({ intervals: ["2026-05-01T20:00:00.000Z"], relative_fullness: [35] })).toEqual([[1777665600], [35]]);
  });

  it("puts usual and today side by side per hour", () => {
    const chart = hourlyComparisonData([{ label: "21:00", general_avg: 50, last_day_value: 62 }]);
    expect(chart.labels).toEqual(["9 PM"]);
    expect(chart.data).toEqual([[0], [50], [62]]);
  });
});

describe("today's summary", () => {
  it("starts the venue day at 05:00 local time, across a DST change", () => {
    // 8 March 2026, 03:00 EDT (after the 02:00 jump) still belongs to the day that began 7 March 05:00 EST.
    expect(new Date(venueDayStart(Date.parse("2026-03-08T07:00:00Z"), { timeZone: "America/New_York", dayStartHour: 5 })).toISOString()).toBe("2026-03-07T10:00:00.000Z");
    // Later that morning the new day began at 05:00 EDT.
    expect(new Date(venueDayStart(Date.parse("2026-03-08T15:00:00Z"), { timeZone: "America/New_York", dayStartHour: 5 })).toISOString()).toBe("2026-03-08T09:00:00.000Z");
  });

  it("counts the first headcount plus every rise as visitors since the day began", () => {
    const people = {
      intervals: ["2026-05-01T08:45:00Z", "2026-05-01T09:00:00Z", "2026-05-01T09:15:00Z", "2026-05-01T09:30:00Z", "2026-05-01T09:45:00Z"],
      relative_fullness: [30, 4, 10, 6, 9],
    };
    expect(visitorsSince(people, Date.parse("2026-05-01T09:00:00Z"))).toBe(4 + 6 + 3);
    expect(visitorsSince(people, Date.parse("2026-05-02T09:00:00Z"))).toBeNull();
  });

  it("compares today's busiest hour with the usual level at that hour", () => {
    const items = [{ label: "21:00", general_avg: 50, last_day_value: 62 }];
    const comparison = compareWithUsual(items, "21:00");
    expect(comparison).toEqual({ today: 62, usual: 50, difference: 12 });
    expect(describeDifference(comparison!)).toBe("12 points busier than usual");
    expect(describeDifference({ today: 50, usual: 51, difference: -1 })).toBe("About as busy as usual");
    expect(compareWithUsual(items, "13:00")).toBeNull();
    expect(compareWithUsual([{ label: "01:00", general_avg: 20, last_day_value: 30 }], "01:00 EST")?.difference).toBe(10);
  });
});

describe("formatting", () => {
  it("labels hours the locale's way, keeping a zone after the hour", () => {
    expect(formatHourLabel("21:00", "en-US")).toBe("9 PM");
    expect(formatHourLabel("01:00 EST", "en-US")).toBe("1 AM EST");
    expect(formatHourLabel("21:00", "de-DE")).toBe("21 Uhr");
    expect(formatHourLabel("Late", "en-US")).toBe("Late");
  });
});
