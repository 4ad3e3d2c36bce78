// The CSV export (docs/insights.md#export): one line per quarter hour of a range of the venue's
// local days, written a page (a week) at a time so a year never sits in memory. Pure: the quarter
// hours come from worker/db/occupancy.ts bucketsBetween.
import { DAY_MS, fromWall, offsetSpans, type OffsetSpan } from "../../common/local-time";
import { BUCKET_MS } from "./aggregate";
import { calibratedMean, type Calibration } from "./calibration";
import { percentOf } from "./levels";

export const CSV_HEADER = "local_time,utc_offset,utc_time,people,devices,percent,samples\n";
/** Quarter hours read from D1 and written per page: a week. */
export const PAGE_MS = 7 * DAY_MS;

export interface ExportPlace {
  timeZone: string;
  packedThreshold: number;
  calibration: Calibration;
}

export interface StoredQuarter {
  start: number;
  avgPeople: number;
  samples: number;
}

/** Instants [from, to) of the local calendar days [fromDay, toDay], both included; quarter-hour aligned. */
export function exportRange(timeZone: string, fromDay: number, toDay: number): { from: number; to: number } {
  const align = (ms: number) => Math.ceil(ms / BUCKET_MS) * BUCKET_MS;
  return { from: align(fromWall(timeZone, fromDay * DAY_MS)), to: align(fromWall(timeZone, (toDay + 1) * DAY_MS)) };
}

/** "+05:30", "-04:00". */
export function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The lines of the quarter hours in [from, to): every quarter hour, in time order; one without
 * samples has empty people, devices and percent and 0 samples (silence is not zero people).
 * `quarters` are the stored ones in that range, oldest first.
 */
export function csvLines(quarters: readonly StoredQuarter[], from: number, to: number, place: ExportPlace): string {
  const spans: OffsetSpan[] = offsetSpans(place.timeZone, from, to);
  let span = 0;
  let next = 0;
  const lines: string[] = [];
  for (let start = from; start < to; start += BUCKET_MS) {
    while (start >= spans[span].to && span < spans.length - 1) span++;
    const offset = spans[span].offset;
    const local = new Date(start + offset).toISOString();
    const head = `${local.slice(0, 10)} ${local.slice(11, 16)},${offsetText(offset)},${new Date(start).toISOString()}`;
    while (next < quarters.length && quarters[next].start < start) next++;
    const quarter = quarters[next]?.start === start ? quarters[next] : null;
    if (quarter === null || quarter.samples === 0) {
      lines.push(`${head},,,,0\n`);
      continue;
    }
    const people = calibratedMean(quarter.avgPeople, place.calibration);
    lines.push(`${head},${oneDecimal(people)},${oneDecimal(quarter.avgPeople)},${percentOf(people, place.packedThreshold)},${quarter.samples}\n`);
  }
  return lines.join("");
}

/**
 * The whole file as a stream: the header, then one page of quarter hours per pull, each read when
 * the reader wants it, so memory holds one week whatever the range.
 */
export function csvStream(
  place: ExportPlace,
  from: number,
  to: number,
  readPage: (fromMs: number, toMs: number) => Promise<StoredQuarter[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = from;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_HEADER));
      },
      async pull(controller) {
        if (cursor >= to) {
          controller.close();
          return;
        }
        const pageEnd = Math.min(to, cursor + PAGE_MS);
        const quarters = await readPage(cursor, pageEnd);
        controller.enqueue(encoder.encode(csvLines(quarters, cursor, pageEnd, place)));
        cursor = pageEnd;
      },
    },
    { highWaterMark: 1 },
  );
}
