// iCalendar (RFC 5545) files of venues' events (docs/embeds.md#calendars): pure text building,
// no I/O. Every time is written on the venue's clock with its TZID and a VTIMEZONE derived from
// Intl (common/local-time.ts), so no time-zone database ships with the worker.
import { DAY_MS, fromWall, offsetSpans, toWall, WEEKDAY_NAMES, weekdayIndexOfDay } from "../../common/local-time";
import { zoneAbbreviation } from "../../common/zone-name";

/** The venue an event happens at, as its calendar entries name it. */
export interface CalendarPlace {
  name: string;
  /** IANA zone, e.g. America/New_York. */
  timeZone: string;
  /** Street address and city, one line. */
  address: string;
  /** The public profile's absolute URL. */
  url: string;
  latitude: number | null;
  longitude: number | null;
}

export interface CalendarEvent {
  id: number;
  name: string;
  description: string;
  hostName: string;
  categoryName: string | null;
  /** Instants in ms. A one-off event's end is its own or the default length; a recurring event repeats this length. */
  start: number;
  end: number;
  /** Weekly on these days ("Monday" … "Sunday") from its start's date on, at its start's local time; empty for a one-off. */
  repeatingDays: readonly string[];
  /** When the event was last changed (ms): its DTSTAMP and LAST-MODIFIED, so an unchanged event reads the same every time. */
  modified: number;
  place: CalendarPlace;
}

export interface Calendar {
  /** The calendar's name as a calendar app lists it. */
  name: string;
  /** Host name in every UID (`event-12@third-place.example`), so UIDs stay the same across fetches and are ours alone. */
  uidHost: string;
  events: readonly CalendarEvent[];
  /** The current instant (ms): with the events, it decides which years the time zones cover. */
  now: number;
}

const CRLF = "\r\n";
/** Content lines are folded so that no line is longer than this many octets, CRLF excluded (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75;
/** How often a subscribed calendar should be fetched again. */
const REFRESH = "PT1H";
const BYDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * One content line folded at 75 octets: each continuation starts with a space (which counts), and
 * no UTF-8 character is split across lines.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** A wall-clock time (ms, as from toWall) as DATE-TIME without a zone: 20261101T013000. */
function wallDateTime(wallMs: number): string {
  const date = new Date(wallMs);
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

/** An instant as UTC DATE-TIME: 20261101T053000Z. */
export const utcDateTime = (instantMs: number) => `${wallDateTime(instantMs)}Z`;

/** A UTC offset as TZOFFSETFROM/TO write it: -0500, +0530, +054500 when it has seconds. */
function utcOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const seconds = Math.abs(Math.round(offsetMs / 1000));
  const hhmm = `${pad(Math.floor(seconds / 3600))}${pad(Math.floor((seconds % 3600) / 60))}`;
  return `${sign}${hhmm}${seconds % 60 === 0 ? "" : pad(seconds % 60)}`;
}

interface Transition {
  /** The instant the offset changes. */
  at: number;
  from: number;
  to: number;
}

/** What a yearly rule needs of a transition: the old offset's wall time, its month and weekday in the month. */
function ruleOf(transition: Transition, timeZone: string) {
  const wall = transition.at + transition.from;
  const date = new Date(wall);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const weekday = BYDAY_CODES[weekdayIndexOfDay(Math.floor(wall / DAY_MS))];
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const byDay = [`${Math.ceil(day / 7)}${weekday}`, ...(day + 7 > daysInMonth ? [`-1${weekday}`] : [])];
  const name = zoneAbbreviation(timeZone, transition.at);
  return { wall, year, byDay, key: [month, wall % DAY_MS, transition.from, transition.to, name].join("|"), month, name };
}

/**
 * The VTIMEZONE of a zone for the years fromYear–toYear: its transitions found with Intl, from the
 * year before, since a calendar app (ical.js at least) reads a time before a zone's first
 * observance as UTC: fromYear's January needs the previous autumn's change. A kind of
 * change (to summer time, to standard time) that happens once every year of the range by the same
 * rule (month, nth or last weekday, local time) is one observance with a yearly RRULE, so it also
 * covers later years, as recurring events need; anything else (a zone that changed its rules) is
 * one observance per transition. A zone without transitions is one STANDARD observance.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const firstYear = fromYear - 1;
  const spans = offsetSpans(timeZone, Date.UTC(firstYear, 0, 1), Date.UTC(toYear + 1, 0, 1));
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (spans.length === 1) {
    const offset = utcOffset(spans[0].offset);
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${escapeText(zoneAbbreviation(timeZone, spans[0].from))}`,
      "END:STANDARD",
    );
    return [...lines, "END:VTIMEZONE"];
  }
  const transitions: Transition[] = spans.slice(1).map((span, i) => ({ at: span.from, from: spans[i].offset, to: span.offset }));
  const years = toYear - firstYear + 1;
  for (const kind of ["DAYLIGHT", "STANDARD"] as const) {
    const ofKind = transitions.filter((t) => (kind === "DAYLIGHT" ? t.to > t.from : t.to < t.from)).map((t) => ({ t, rule: ruleOf(t, timeZone) }));
    if (ofKind.length === 0) continue;
    const observance = (t: Transition, name: string, wall: number, rrule?: string) => [
      `BEGIN:${kind}`,
      `DTSTART:${wallDateTime(wall)}`,
      ...(rrule ? [rrule] : []),
      `TZOFFSETFROM:${utcOffset(t.from)}`,
      `TZOFFSETTO:${utcOffset(t.to)}`,
      `TZNAME:${escapeText(name)}`,
      `END:${kind}`,
    ];
    const sameRule = ofKind.every(({ rule }) => rule.key === ofKind[0].rule.key);
    const everyYear = ofKind.length === years && ofKind.every(({ rule }, i) => rule.year === firstYear + i);
    const byDay = ofKind[0].rule.byDay.find((code) => ofKind.every(({ rule }) => rule.byDay.includes(code)));
    if (sameRule && everyYear && byDay) {
      const [{ t, rule }] = ofKind;
      lines.push(...observance(t, rule.name, rule.wall, `RRULE:FREQ=YEARLY;BYMONTH=${rule.month + 1};BYDAY=${byDay}`));
    } else {
      for (const { t, rule } of ofKind) lines.push(...observance(t, rule.name, rule.wall));
    }
  }
  return [...lines, "END:VTIMEZONE"];
}

/**
 * The first occurrence of a recurring event: the first of its days on or after its start's date,
 * at its start's local time (as the app counts occurrences: worker/occupancy/event-insights.ts).
 * RFC 5545 leaves a DTSTART that its RRULE does not generate undefined, so it is moved there.
 */
export function firstOccurrence(event: Pick<CalendarEvent, "start" | "repeatingDays">, timeZone: string): number {
  const wallStart = toWall(timeZone, event.start);
  const timeOfDay = ((wallStart % DAY_MS) + DAY_MS) % DAY_MS;
  const days = new Set(event.repeatingDays.map((name) => WEEKDAY_NAMES.indexOf(name as (typeof WEEKDAY_NAMES)[number])));
  const firstDate = Math.floor(wallStart / DAY_MS);
  for (let date = firstDate; date < firstDate + 7; date++) {
    if (days.has(weekdayIndexOfDay(date))) return fromWall(timeZone, date * DAY_MS + timeOfDay);
  }
  return event.start;
}

/** RRULE of a weekly event: FREQ=WEEKLY;BYDAY=TU,TH (Monday first). */
function weeklyRule(days: readonly string[]): string | null {
  const codes = WEEKDAY_NAMES.flatMap((name, i) => (days.includes(name) ? [BYDAY_CODES[i]] : []));
  return codes.length > 0 ? `RRULE:FREQ=WEEKLY;BYDAY=${codes.join(",")}` : null;
}

/** An event's VEVENT lines (unfolded). */
function vevent(event: CalendarEvent, uidHost: string): string[] {
  const { place } = event;
  const zone = place.timeZone;
  const rule = weeklyRule(event.repeatingDays);
  const start = rule ? firstOccurrence(event, zone) : event.start;
  const end = start + (event.end - event.start);
  const details = [
    event.description,
    event.hostName ? `Hosted by ${event.hostName}` : "",
    `${place.name} on Third Place: ${place.url}`,
  ].filter(Boolean);
  return [
    "BEGIN:VEVENT",
    `UID:event-${event.id}@${uidHost}`,
    `DTSTAMP:${utcDateTime(event.modified)}`,
    `LAST-MODIFIED:${utcDateTime(event.modified)}`,
    `DTSTART;TZID=${zone}:${wallDateTime(toWall(zone, start))}`,
    `DTEND;TZID=${zone}:${wallDateTime(toWall(zone, end))}`,
    ...(rule ? [rule] : []),
    `SUMMARY:${escapeText(event.name)}`,
    `DESCRIPTION:${escapeText(details.join("\n\n"))}`,
    `LOCATION:${escapeText([place.name, place.address].filter(Boolean).join(", "))}`,
    ...(place.latitude !== null && place.longitude !== null ? [`GEO:${place.latitude};${place.longitude}`] : []),
    ...(event.categoryName ? [`CATEGORIES:${escapeText(event.categoryName)}`] : []),
    `URL:${place.url}`,
    "END:VEVENT",
  ];
}

/** The years a zone's VTIMEZONE must cover: every event's first occurrence and end, and this year and next. */
function yearsOf(calendar: Calendar, timeZone: string): [number, number] {
  const year = (instant: number) => new Date(toWall(timeZone, instant)).getUTCFullYear();
  const instants = [calendar.now];
  for (const event of calendar.events) {
    if (event.place.timeZone !== timeZone) continue;
    const start = event.repeatingDays.length > 0 ? firstOccurrence(event, timeZone) : event.start;
    instants.push(start, start + (event.end - event.start));
  }
  const years = instants.map(year);
  return [Math.min(...years), Math.max(...years) + 1];
}

/** A whole .ics file: CRLF line ends, lines folded at 75 octets. */
export function buildCalendar(calendar: Calendar): string {
  const zones = [...new Set(calendar.events.map((event) => event.place.timeZone))].sort();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Third Place//Venue events//EN",
    "CALSCALE:GREGORIAN",
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    ...zones.flatMap((zone) => vtimezone(zone, ...yearsOf(calendar, zone))),
    ...calendar.events.flatMap((event) => vevent(event, calendar.uidHost)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
