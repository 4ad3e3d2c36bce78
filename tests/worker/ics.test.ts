// The .ics building (worker/lib/ics.ts) on hand-checked cases, read back with a real calendar
// parser (ical.js): escaping, folding at 75 octets, VTIMEZONEs derived from Intl, and event times
// on the nights New York's clocks change.
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, firstOccurrence, foldLine, vtimezone, type CalendarEvent } from "../../worker/lib/ics";
import { octets, parseCalendar, physicalLines } from "./ics-fixtures";

const HOUR = 3_600_000;
const NEW_YORK = "America/New_York";

const place = {
  name: "The Night Owl",
  timeZone: NEW_YORK,
  address: "12 Avenue A, New York",
  url: "https://third-place.test/profile/the-night-owl",
  latitude: 40.72,
  longitude: -73.98,
};

function event(fields: Partial<CalendarEvent> & Pick<CalendarEvent, "start" | "end">): CalendarEvent {
  return { id: 7, name: "Quiz", description: "", hostName: "", categoryName: null, repeatingDays: [], modified: Date.UTC(2026, 5, 1), place, ...fields };
}

const calendar = (events: CalendarEvent[], now = Date.UTC(2026, 5, 1)) => buildCalendar({ name: "The Night Owl events", uidHost: "third-place.test", events, now });

describe("escapeText()", () => {
  it("escapes backslash, semicolon, comma and newlines, and drops other control characters", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\u0007g")).toBe("a\\\\b\\;c\\,d\\ne\\nfg");
  });
});

describe("foldLine()", () => {
  it("leaves a line of 75 octets alone and folds longer ones so every line is at most 75 octets", () => {
    const exact = "X".repeat(75);
    expect(foldLine(exact)).toBe(exact);
    const long = `DESCRIPTION:${"word ".repeat(60)}`;
    const folded = foldLine(long).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(long);
  });

  it("never splits a character's UTF-8 bytes across lines", () => {
    const long = `SUMMARY:${"Café 🎉 ".repeat(20)}`;
    const folded = foldLine(long).split("\r\n");
    for (const line of folded) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\ud800-\udbff]$/);
    }
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(long);
  });
});

describe("vtimezone()", () => {
  it("writes New York's changes as yearly rules from the year before: second Sunday of March, first of November, at 2 am", () => {
    expect(vtimezone(NEW_YORK, 2026, 2027)).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/New_York",
      "BEGIN:DAYLIGHT",
      "DTSTART:20250309T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0400",
      "TZNAME:EDT",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20251102T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      "TZOFFSETFROM:-0400",
      "TZOFFSETTO:-0500",
      "TZNAME:EST",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("uses the last Sunday where the day moves between the 4th and 5th week (Europe), and the southern summer (Sydney)", () => {
    const london = vtimezone("Europe/London", 2026, 2028);
    expect(london).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(london).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(london).toContain("DTSTART:20250330T010000");
    expect(london).toContain("DTSTART:20251026T020000");
    const sydney = vtimezone("Australia/Sydney", 2026, 2027);
    expect(sydney).toContain("DTSTART:20251005T020000");
    expect(sydney).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU");
    expect(sydney).toContain("DTSTART:20250406T030000");
    expect(sydney).toContain("TZOFFSETTO:+1100");
  });

  it("writes a zone without changes as one standard observance (Tokyo, Kolkata's half hour)", () => {
    expect(vtimezone("Asia/Tokyo", 2026, 2027)).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      "TZNAME:GMT+9",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
    expect(vtimezone("Asia/Kolkata", 2026, 2027)).toContain("TZOFFSETTO:+0530");
  });
});

describe("buildCalendar() read by ical.js", () => {
  it("keeps a one-off event's instants on the night the clocks go back (00:30 EDT to 03:30 EST is 4 hours)", () => {
    // 1 November 2026: 02:00 EDT becomes 01:00 EST.
    const start = Date.UTC(2026, 10, 1, 4, 30);
    const end = Date.UTC(2026, 10, 1, 8, 30);
    const text = calendar([event({ start, end })]);
    expect(text).toContain("DTSTART;TZID=America/New_York:20261101T003000");
    expect(text).toContain("DTEND;TZID=America/New_York:20261101T033000");
    const [parsed] = parseCalendar(text).events;
    expect(parsed).toMatchObject({ start, end, tzid: NEW_YORK, recurring: false });
  });

  it("and on the night they go forward (01:30 EST to 03:30 EDT is 1 hour), and in January before that year's first change", () => {
    const spring = event({ id: 1, start: Date.UTC(2026, 2, 8, 6, 30), end: Date.UTC(2026, 2, 8, 7, 30) });
    const january = event({ id: 2, start: Date.UTC(2026, 0, 10, 1), end: Date.UTC(2026, 0, 10, 3) });
    const text = calendar([spring, january]);
    expect(text).toContain("DTSTART;TZID=America/New_York:20260308T013000");
    expect(text).toContain("DTEND;TZID=America/New_York:20260308T033000");
    expect(text).toContain("DTSTART;TZID=America/New_York:20260109T200000");
    const parsed = parseCalendar(text).events;
    expect(parsed.map((e) => [e.start, e.end])).toEqual([
      [spring.start, spring.end],
      [january.start, january.end],
    ]);
  });

  it("repeats a weekly event at the same local time across the autumn change, for its exact length, and years later", () => {
    // Saturdays 23:00 for 3 hours from 24 October 2026 (EDT).
    const start = Date.UTC(2026, 9, 25, 3);
    const weekly = event({ start, end: start + 3 * HOUR, repeatingDays: ["Saturday"] });
    const text = calendar([weekly]);
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SA");
    const [parsed] = parseCalendar(text).events;
    expect(parsed.recurring).toBe(true);
    expect(parsed.occurrences(3)).toEqual([
      [Date.UTC(2026, 9, 25, 3), Date.UTC(2026, 9, 25, 6)],
      // 23:00 EDT on 31 October; it ends at 01:00 EST, 3 hours later.
      [Date.UTC(2026, 10, 1, 3), Date.UTC(2026, 10, 1, 6)],
      // 23:00 EST from 7 November.
      [Date.UTC(2026, 10, 8, 4), Date.UTC(2026, 10, 8, 7)],
    ]);
    // Summer 2030, past the years the file's zone was derived for: still 23:00 EDT, by its yearly rules.
    expect(parsed.occurrences(1, Date.UTC(2030, 6, 1))).toEqual([[Date.UTC(2030, 6, 7, 3), Date.UTC(2030, 6, 7, 6)]]);
    expect(parsed.occurrences(1, Date.UTC(2030, 11, 2))).toEqual([[Date.UTC(2030, 11, 8, 4), Date.UTC(2030, 11, 8, 7)]]);
  });

  it("starts a recurring event on the first of its days on or after its start date", () => {
    // Monday 1 June 2026, 20:00 EDT; repeats Wednesdays and Fridays.
    const start = Date.UTC(2026, 5, 2, 0);
    const weekly = { start, repeatingDays: ["Wednesday", "Friday"] };
    expect(firstOccurrence(weekly, NEW_YORK)).toBe(Date.UTC(2026, 5, 4, 0));
    const [parsed] = parseCalendar(calendar([event({ ...weekly, end: start + 2 * HOUR })])).events;
    expect(parsed.occurrences(3).map(([s]) => s)).toEqual([Date.UTC(2026, 5, 4, 0), Date.UTC(2026, 5, 6, 0), Date.UTC(2026, 5, 11, 0)]);
  });

  it("writes text escaped, every line folded at 75 octets with CRLF, a stable UID and the event's last change as DTSTAMP", () => {
    const long = event({
      start: Date.UTC(2026, 5, 10, 0),
      end: Date.UTC(2026, 5, 10, 2),
      name: "Quiz; music, and more",
      description: `Teams of 4.\nPrizes: ${"big ".repeat(40)}🎉`,
      hostName: "Maya",
      categoryName: "Trivia, quizzes",
      modified: Date.UTC(2026, 4, 3, 12, 30),
    });
    const text = calendar([long]);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of physicalLines(text)) expect(octets(line), line).toBeLessThanOrEqual(75);
    expect(text).toContain("SUMMARY:Quiz\\; music\\, and more");
    expect(text).toContain("UID:event-7@third-place.test");
    expect(text).toContain("DTSTAMP:20260503T123000Z");
    expect(text).toContain("CATEGORIES:Trivia\\, quizzes");
    expect(text).toBe(calendar([long]));
    const parsed = parseCalendar(text);
    expect(parsed.name).toBe("The Night Owl events");
    expect(parsed.zones).toEqual([NEW_YORK]);
    expect(parsed.events[0]).toMatchObject({
      uid: "event-7@third-place.test",
      summary: "Quiz; music, and more",
      location: "The Night Owl, 12 Avenue A, New York",
      url: place.url,
    });
    expect(parsed.events[0].description).toBe(`Teams of 4.\nPrizes: ${"big ".repeat(40)}🎉\n\nHosted by Maya\n\nThe Night Owl on Third Place: ${place.url}`);
  });

  it("gives each zone of a calendar its own VTIMEZONE", () => {
    const london = { ...place, name: "The Crown", timeZone: "Europe/London" };
    const text = calendar([
      event({ id: 1, start: Date.UTC(2026, 6, 1, 0), end: Date.UTC(2026, 6, 1, 2) }),
      event({ id: 2, start: Date.UTC(2026, 6, 1, 18), end: Date.UTC(2026, 6, 1, 20), place: london }),
    ]);
    const parsed = parseCalendar(text);
    expect(parsed.zones).toEqual(["America/New_York", "Europe/London"]);
    expect(text).toContain("DTSTART;TZID=Europe/London:20260701T190000");
    expect(parsed.events.map((e) => e.start)).toEqual([Date.UTC(2026, 6, 1, 0), Date.UTC(2026, 6, 1, 18)]);
  });
});
