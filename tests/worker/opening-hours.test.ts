// The hours table on hand-computed cases: open at an instant (past-midnight closes, 24 hours), open
// during an hour, the next opening across a closed day and a DST change.
import { describe, expect, it } from "vitest";
import { BAR_CLOSED_SUNDAY, hoursOn } from "./hours-fixtures";
import { NO_HOURS } from "../../common/schemas/place";
import { checkInUntil, closedAt, closingAt, hasHours, isOpenAt, isOpenDuringWallHour, nextOpeningAt } from "../../common/opening-hours";
import { lastOpenAt } from "../../scripts/seed-data/open-times";

const zone = "America/New_York";
const barHours = BAR_CLOSED_SUNDAY;
/** Wall time in New York in May 2026 (EDT, UTC−4) as an instant. */
const may = (day: number, hour: number, minute = 0) => Date.UTC(2026, 4, day, hour + 4, minute);
/** A wall time as toWall gives it (ms, local fields read as UTC). */
const wall = (month: number, day: number, hour: number, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute);

describe("opening hours", () => {
  it("open from the open (included) to the close (excluded), past midnight into the next day", () => {
    // Tuesday 12 May 2026.
    expect(isOpenAt(barHours, zone, may(12, 16, 59))).toBe(false);
    expect(isOpenAt(barHours, zone, may(12, 17, 0))).toBe(true);
    expect(isOpenAt(barHours, zone, may(12, 23, 59))).toBe(true);
    expect(isOpenAt(barHours, zone, may(13, 1, 59))).toBe(true);
    expect(isOpenAt(barHours, zone, may(13, 2, 0))).toBe(false);
  });

  it("keep Saturday night open into a closed Sunday, and Sunday's closure off Monday morning", () => {
    expect(isOpenAt(barHours, zone, may(17, 1, 0))).toBe(true); // Sunday 01:00, Saturday's night
    expect(isOpenAt(barHours, zone, may(17, 20, 0))).toBe(false); // Sunday evening
    expect(isOpenAt(barHours, zone, may(18, 1, 0))).toBe(false); // Monday 01:00
  });

  it("read a close equal to the open as 24 hours and a close at 00:00 as midnight", () => {
    const allDay = { ...NO_HOURS, tuesday_open: "12:00", tuesday_close: "12:00" };
    expect(isOpenAt(allDay, zone, may(12, 11, 59))).toBe(false);
    expect(isOpenAt(allDay, zone, may(13, 11, 59))).toBe(true);
    expect(isOpenAt(allDay, zone, may(13, 12, 0))).toBe(false);
    const toMidnight = { ...NO_HOURS, tuesday_open: "18:00", tuesday_close: "00:00" };
    expect(isOpenAt(toMidnight, zone, may(12, 23, 59))).toBe(true);
    expect(isOpenAt(toMidnight, zone, may(13, 0, 0))).toBe(false);
  });
});


describe("open during an hour", () => {
  it("counts an hour the venue opens or closes within as open", () => {
    const hours = { ...NO_HOURS, tuesday_open: "17:30", tuesday_close: "01:30" };
    expect(isOpenDuringWallHour(hours, wall(5, 12, 16))).toBe(false);
    expect(isOpenDuringWallHour(hours, wall(5, 12, 17))).toBe(true); // opens 17:30
    expect(isOpenDuringWallHour(hours, wall(5, 13, 1))).toBe(true); // closes 01:30
    expect(isOpenDuringWallHour(hours, wall(5, 13, 2))).toBe(false);
  });
});

describe("next opening", () => {
  it("is null while open and without any hours", () => {
    expect(nextOpeningAt(barHours, zone, may(12, 20))).toBeNull();
    expect(nextOpeningAt(barHours, zone, may(13, 1, 59))).toBeNull(); // Tuesday's night
    expect(hasHours(NO_HOURS)).toBe(false);
    expect(nextOpeningAt(NO_HOURS, zone, may(12, 20))).toBeNull();
  });

  it("is today's opening in the morning, and skips a closed Sunday", () => {
    expect(nextOpeningAt(barHours, zone, may(12, 9, 30))).toBe(may(12, 17)); // Tuesday morning
    expect(nextOpeningAt(barHours, zone, may(13, 2))).toBe(may(13, 17)); // just closed
    expect(nextOpeningAt(barHours, zone, may(17, 9, 30))).toBe(may(18, 17)); // Sunday: Monday 17:00
  });

  it("is in the venue's zone across a DST change", () => {
    // Sunday 8 March 2026: New York springs forward at 02:00. Closed that Sunday, open Monday 17:00 EDT (21:00 UTC).
    expect(nextOpeningAt(barHours, zone, Date.UTC(2026, 2, 8, 14))).toBe(Date.UTC(2026, 2, 9, 21));
    // Saturday 7 March 2026, 09:00 EST: opens 17:00 EST (22:00 UTC).
    expect(nextOpeningAt(barHours, zone, Date.UTC(2026, 2, 7, 14))).toBe(Date.UTC(2026, 2, 7, 22));
  });
});

describe("closed and the closing time (closed wins: docs/when-to-go.md#closed-wins)", () => {
  it("closed only by hours: a place without any is never closed by them", () => {
    expect(closedAt(barHours, zone, may(12, 9))).toBe(true);
    expect(closedAt(barHours, zone, may(12, 20))).toBe(false);
    expect(closedAt(NO_HOURS, zone, may(12, 9))).toBe(false);
  });

  it("the opening's end: the next morning's close past midnight, the same day's otherwise; null while closed", () => {
    expect(closingAt(barHours, zone, may(12, 20))).toBe(may(13, 2)); // Tuesday evening: 2 AM Wednesday
    expect(closingAt(barHours, zone, may(13, 1))).toBe(may(13, 2)); // the same night after midnight
    expect(closingAt(barHours, zone, may(17, 1))).toBe(may(17, 2)); // Saturday's night into a closed Sunday
    const lunch = { ...NO_HOURS, tuesday_open: "11:00", tuesday_close: "15:00" };
    expect(closingAt(lunch, zone, may(12, 12))).toBe(may(12, 15));
    expect(closingAt(barHours, zone, may(12, 9))).toBeNull();
    expect(closingAt(NO_HOURS, zone, may(12, 9))).toBeNull();
  });
});

describe("the demo's times inside hours (docs/friends.md#demo)", () => {
  it("an alert at the last moment the venue was open, at or before the time asked", () => {
    expect(lastOpenAt(barHours, zone, may(12, 20))).toBe(may(12, 20)); // open then: that time
    expect(lastOpenAt(barHours, zone, may(12, 4, 35))).toBe(may(12, 1, 45)); // 4:35 AM: the night's last quarter hour
    expect(lastOpenAt(barHours, zone, may(17, 20))).toBe(may(17, 1, 45)); // a closed Sunday evening: Saturday's night
    expect(lastOpenAt(NO_HOURS, zone, may(12, 4))).toBe(may(12, 4));
  });

  it("a check-in only while open, never past the closing", () => {
    expect(checkInUntil(barHours, zone, may(12, 20), 3)).toBe(may(12, 23));
    expect(checkInUntil(barHours, zone, may(13, 0, 30), 3)).toBe(may(13, 2));
    expect(checkInUntil(barHours, zone, may(12, 9), 3)).toBeNull();
    expect(checkInUntil(NO_HOURS, zone, may(12, 9), 3)).toBe(may(12, 12));
  });
});

describe("a Berlin venue across its own DST changes (docs/cities.md)", () => {
  const berlin = "Europe/Berlin";
  const lateBar = hoursOn("17:00", "04:00");
  const utc = (month: number, day: number, hour: number, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute);

  it("spring: Saturday night's 04:00 close on Sunday 29 March is 04:00 CEST (02:00 UTC), Sunday's 17:00 opening 15:00 UTC", () => {
    expect(isOpenAt(lateBar, berlin, utc(3, 28, 16))).toBe(true); // Saturday 17:00 CET
    expect(isOpenAt(lateBar, berlin, utc(3, 28, 15, 59))).toBe(false);
    expect(isOpenAt(lateBar, berlin, utc(3, 29, 1, 30))).toBe(true); // 03:30 CEST, after the skipped hour
    expect(closingAt(lateBar, berlin, utc(3, 29, 0, 30))).toBe(utc(3, 29, 2)); // 04:00 CEST
    expect(isOpenAt(lateBar, berlin, utc(3, 29, 2))).toBe(false);
    expect(nextOpeningAt(lateBar, berlin, utc(3, 29, 10))).toBe(utc(3, 29, 15)); // 17:00 CEST
  });

  it("autumn: Saturday 24 October opens at 17:00 CEST (15:00 UTC) and closes on Sunday at 04:00 CET (03:00 UTC)", () => {
    expect(isOpenAt(lateBar, berlin, utc(10, 24, 15))).toBe(true);
    expect(isOpenAt(lateBar, berlin, utc(10, 24, 14, 59))).toBe(false);
    expect(isOpenAt(lateBar, berlin, utc(10, 25, 2, 30))).toBe(true); // 03:30 CET, the night an hour longer
    expect(closingAt(lateBar, berlin, utc(10, 24, 20))).toBe(utc(10, 25, 3));
    expect(nextOpeningAt(lateBar, berlin, utc(10, 25, 10))).toBe(utc(10, 25, 16)); // Sunday 17:00 CET
  });
});
