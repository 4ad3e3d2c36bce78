// History import: a counter's past as CSV, in one of three layouts, told apart by the
// header or, without one, by the first row:
// - plain `ts,count`: ts as POST /api/ingest takes it (ISO-8601 with a zone, or epoch seconds);
// - the SD-card log of current ESP32-Paxcounter firmware (github.com/cyberman54/ESP32-Paxcounter,
//   include/sdcard.h SDCARD_FILE_HEADER and src/sdcard.cpp sdcardWriteData): `timestamp,wifi,ble`,
//   the time written by strftime("%FT%TZ") from gmtime_r, so UTC, then `,voltage` on boards that
//   measure it and `, PM10,PM25` with an SDS011 sensor, which we skip;
// - its older log (before commit 854480a0, January 2022): `date, time, wifi, bluet`, rows
//   `%02d.%02d.%4d,%02d:%02d:%02d,wifi,ble` (then `,cwa` or PM columns) on the device's local
//   clock, which we take to be the venue's `timeZone`.
// One pass over the lines, no backtracking patterns; sorting is linear on logs already in order.
import * as v from "valibot";
import { DAY_MS, dayOfDate, HOUR_MS, offsetSpans, type OffsetSpan } from "../../common/local-time";
import { MAX_COUNT, readingSchema } from "../../common/schemas/ingest";
import { MINUTE_MS } from "../occupancy/aggregate";
import { FUTURE_MESSAGE, MAX_CLOCK_AHEAD_MS, type TimedCount } from "../occupancy/reading-window";

/** One calendar year, a leap year's included. */
export const MAX_HISTORY_SPAN_MS = 366 * DAY_MS;
/** Problems listed at most; a file in the wrong layout would otherwise answer one per line. */
export const MAX_PROBLEMS = 100;

export interface HistoryProblem {
  /** 1-based, counting the header and blank lines. */
  line: number;
  message: string;
}

export interface HistoryOptions {
  timeZone: string;
  now: number;
  maxSpanMs: number;
}

type Layout = "plain" | "sd" | "sdLocal";

const HEADERS: Record<Layout, readonly string[]> = {
  plain: ["ts", "count"],
  sd: ["timestamp", "wifi", "ble"],
  sdLocal: ["date", "time", "wifi", "bluet"],
};
const HEADER_TEXT: Record<Layout, string> = {
  plain: "ts,count",
  sd: "timestamp,wifi,ble",
  sdLocal: "date,time,wifi,bluet",
};

const COUNT_MESSAGE = `use a whole number from 0 to ${MAX_COUNT.toLocaleString("en-US")}`;

interface Entry {
  ts: number;
  count: number;
  line: number;
}

/** A row of the old log: its wall-clock time (local fields read as UTC) before the zone is applied. */
interface LocalEntry {
  wall: number;
  count: number;
  line: number;
  label: string;
}

const quote = (text: string) => `"${text.length > 30 ? `${text.slice(0, 30)}…` : text}"`;
const digitsOnly = (text: string, maxDigits: number) => text.length > 0 && text.length <= maxDigits && /^\d+$/.test(text);
const wholeNumber = (text: string) => (digitsOnly(text, 6) ? Number(text) : null);

function layoutOfHeader(fields: readonly string[]): Layout | null {
  const names = fields.map((field) => field.toLowerCase());
  if (names.length === 2 && names[0] === "ts" && names[1] === "count") return "plain";
  for (const layout of ["sd", "sdLocal"] as const) {
    if (HEADERS[layout].every((name, i) => names[i] === name)) return layout;
  }
  return null;
}

const isOldDate = (text: string) => text.length === 10 && text[2] === "." && text[5] === ".";

/** Epoch ms of an ISO-8601 time with a zone or of epoch seconds, as the ingest API reads them. */
function instantOf(text: string): number | null {
  const value = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
  const parsed = v.safeParse(readingSchema.entries.ts, value);
  return parsed.success ? parsed.output : null;
}

const timeProblem = (text: string) =>
  `${quote(text)} is not a time: use ISO-8601 with a zone (2026-11-21T22:04:00Z) or epoch seconds.`;

/** A plain file's count, or why not. */
function countOf(text: string): number | string {
  const count = wholeNumber(text);
  return count === null || count > MAX_COUNT ? `${quote(text)} is not a count: ${COUNT_MESSAGE}.` : count;
}

/** wifi + ble of a Paxcounter row, or why not. */
function deviceCount(wifiText: string, bleText: string): number | string {
  const wifi = wholeNumber(wifiText);
  const ble = wholeNumber(bleText);
  if (wifi === null || ble === null) return `wifi and ble must be whole numbers (found ${quote(wifiText)}, ${quote(bleText)}).`;
  if (wifi + ble > MAX_COUNT) return `wifi + ble = ${wifi + ble} is above ${MAX_COUNT.toLocaleString("en-US")}.`;
  return wifi + ble;
}

/** The old log's "DD.MM.YYYY" and "HH:MM:SS" as a wall-clock time, or why not. */
function wallOf(dateText: string, timeText: string): number | string {
  const day = isOldDate(dateText) ? dayOfDate(`${dateText.slice(6)}-${dateText.slice(3, 5)}-${dateText.slice(0, 2)}`) : null;
  if (day === null) return `${quote(dateText)} is not a date: the Paxcounter log writes DD.MM.YYYY.`;
  const [hours, minutes, seconds] = timeText.split(":");
  const valid = timeText.length === 8 && [hours, minutes, seconds].every((part) => digitsOnly(part ?? "", 2));
  if (!valid || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
    return `${quote(timeText)} is not a time of day: the Paxcounter log writes HH:MM:SS.`;
  }
  return day * DAY_MS + Number(hours) * HOUR_MS + Number(minutes) * MINUTE_MS + Number(seconds) * 1000;
}

/**
 * Adds the instant of each old-log row in the venue's zone to `entries`, in file order. A wall
 * time the zone skipped (spring forward) is a problem: the device cannot have written it on the
 * venue's clock, so its zone is not the venue's and no instant is right. A wall time that
 * happened twice (fall back) takes the earlier instant, unless only the later one keeps the log in
 * order after the row before: a log written through the night repeats 01:00–01:59 and we keep
 * both hours.
 */
function resolveLocal(
  rows: readonly LocalEntry[],
  spans: readonly OffsetSpan[],
  timeZone: string,
  report: (line: number, message: string) => void,
  entries: Entry[],
): void {
  let previous = -Infinity;
  for (const row of rows) {
    let earlier: number | null = null;
    let later: number | null = null;
    for (const span of spans) {
      const instant = row.wall - span.offset;
      if (instant < span.from || instant >= span.to) continue;
      if (earlier === null) earlier = instant;
      else later = instant;
    }
    if (earlier === null) {
      report(row.line, `${row.label} did not happen in ${timeZone}: its clocks skipped that hour. Is the device set to another time zone?`);
      continue;
    }
    const ts = later !== null && earlier < previous ? later : earlier;
    previous = ts;
    entries.push({ ts, count: row.count, line: row.line });
  }
}

/** The first and last of some items by a key, in one pass. */
function extremes<T>(items: readonly T[], key: (item: T) => number): [T, T] | null {
  if (items.length === 0) return null;
  let first = items[0];
  let last = items[0];
  for (const item of items) {
    if (key(item) < key(first)) first = item;
    if (key(item) > key(last)) last = item;
  }
  return [first, last];
}

const days = (ms: number) => (ms / DAY_MS).toLocaleString("en-US", { maximumFractionDigits: 1 });
const spanProblem = (first: { line: number }, last: { line: number }, maxSpanMs: number): HistoryProblem => ({
  line: last.line,
  message: `The readings from line ${first.line} to line ${last.line} span more than ${days(maxSpanMs)} days: import at most that much at a time.`,
});

/**
 * Readings of a history file, sorted by time, one per instant (a repeated time keeps the file's
 * last value), and every bad line by number: the caller stores nothing when there is a problem.
 * Blank lines, a byte-order mark, Windows line ends and repeated headers (logs joined together)
 * are fine; readings more than 5 minutes ahead of `now` are not, nor a span above `maxSpanMs`.
 */
export function parseHistory(text: string, { timeZone, now, maxSpanMs }: HistoryOptions): { readings: TimedCount[]; problems: HistoryProblem[] } {
  const problems: HistoryProblem[] = [];
  let unlisted = 0;
  let firstUnlisted = 0;
  const report = (line: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
    else if (unlisted++ === 0) firstUnlisted = line;
  };

  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n");
  let layout: Layout | null = null;
  let header: Layout | null = null;
  const entries: Entry[] = [];
  const localRows: LocalEntry[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    const content = lines[index].trim();
    if (content === "") continue;
    const fields = content.split(",").map((field) => field.trim());
    const isData = /^[0-9]/.test(content);
    if (layout === null) {
      header = isData ? null : layoutOfHeader(fields);
      if (!isData && header === null) {
        report(line, `Unknown header ${quote(content)}: use ts,count, or a Paxcounter log (timestamp,wifi,ble or date,time,wifi,bluet).`);
        break;
      }
      layout = header ?? (fields.length === 2 ? "plain" : isOldDate(fields[0]) ? "sdLocal" : "sd");
      if (header) continue;
    }
    if (!isData && header !== null && layoutOfHeader(fields) === header) continue;

    const columns = HEADERS[layout].length;
    if (layout === "plain" ? fields.length !== columns : fields.length < columns) {
      const expected = layout === "plain" ? `${columns}` : `at least ${columns}`;
      report(line, `Expected ${expected} columns (${HEADER_TEXT[layout]}), found ${fields.length}.`);
      continue;
    }
    if (layout === "sdLocal") {
      const wall = wallOf(fields[0], fields[1]);
      const count = deviceCount(fields[2], fields[3]);
      if (typeof wall === "string") report(line, wall);
      else if (typeof count === "string") report(line, count);
      else localRows.push({ wall, count, line, label: `${fields[0]} ${fields[1]}` });
      continue;
    }
    const ts = instantOf(fields[0]);
    const count = layout === "plain" ? countOf(fields[1]) : deviceCount(fields[1], fields[2]);
    if (ts === null) report(line, timeProblem(fields[0]));
    else if (typeof count === "string") report(line, count);
    else entries.push({ ts, count, line });
  }
  const localRange = extremes(localRows, (row) => row.wall);
  if (localRange) {
    const [first, last] = localRange;
    // Offsets stay within a day of the wall time; a range already too long is not looked up.
    if (last.wall - first.wall > maxSpanMs + 2 * DAY_MS) problems.push(spanProblem(first, last, maxSpanMs));
    else resolveLocal(localRows, offsetSpans(timeZone, first.wall - DAY_MS, last.wall + DAY_MS + 1), timeZone, report, entries);
  }

  // Last wins per instant; Map keeps each instant once and its latest value.
  const byTs = new Map<number, Entry>();
  for (const entry of entries) {
    if (entry.ts > now + MAX_CLOCK_AHEAD_MS) report(entry.line, FUTURE_MESSAGE);
    else byTs.set(entry.ts, entry);
  }
  const sorted = [...byTs.values()].sort((a, b) => a.ts - b.ts);
  if (sorted.length > 1 && sorted[sorted.length - 1].ts - sorted[0].ts > maxSpanMs) {
    problems.push(spanProblem(sorted[0], sorted[sorted.length - 1], maxSpanMs));
  }
  if (sorted.length === 0 && problems.length === 0) {
    problems.push({ line: 1, message: layout === null ? "No readings: the file is empty." : "No readings after the header." });
  }
  problems.sort((a, b) => a.line - b.line);
  if (unlisted > 0) problems.push({ line: firstUnlisted, message: `…and ${unlisted} more problems from line ${firstUnlisted} on.` });
  return { readings: sorted.map(({ ts, count }) => ({ ts, count })), problems };
}
