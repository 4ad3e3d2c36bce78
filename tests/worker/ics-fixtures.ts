// Reads .ics files the way a calendar app does: with ical.js, a real RFC 5545 parser (the one
// Thunderbird's calendar uses), so the tests check what calendars will show, not our own reading.
import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  /** The first start and end as instants (ms). */
  start: number;
  end: number;
  recurring: boolean;
  /** The TZID the start is written in. */
  tzid: string | null;
  /** The first `count` occurrences' [start, end] instants (one for a one-off event). */
  occurrences(count: number, after?: number): [number, number][];
}

/** Parses a calendar, registering its own VTIMEZONEs (and only those) to resolve its TZIDs. */
export function parseCalendar(text: string): { name: string | null; zones: string[]; events: ParsedEvent[] } {
  const root = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  const zones = root.getAllSubcomponents("vtimezone").map((component) => {
    const zone = new ICAL.Timezone(component);
    ICAL.TimezoneService.register(zone);
    return zone.tzid;
  });
  const events = root.getAllSubcomponents("vevent").map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const length = event.endDate.toUnixTime() - event.startDate.toUnixTime();
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: (component.getFirstPropertyValue("url") as string | null) ?? null,
      start: event.startDate.toUnixTime() * 1000,
      end: event.endDate.toUnixTime() * 1000,
      recurring: event.isRecurring(),
      tzid: component.getFirstProperty("dtstart")?.getParameter("tzid") as string | null,
      occurrences(count, after = 0) {
        const found: [number, number][] = [];
        const iterator = event.iterator();
        for (let next = iterator.next(); next && found.length < count; next = iterator.next()) {
          const start = next.toUnixTime() * 1000;
          if (start >= after) found.push([start, start + length * 1000]);
        }
        return found;
      },
    };
  });
  return { name: (root.getFirstPropertyValue("x-wr-calname") as string | null) ?? null, zones, events };
}

/** The file's lines as sent, split at CRLF (each must be at most 75 octets). */
export const physicalLines = (text: string) => text.split("\r\n").slice(0, -1);

export const octets = (line: string) => new TextEncoder().encode(line).length;
