// Which readings a place stores: nothing from a clock running ahead, nothing older than the
// raw-reading retention (a quarter hour that old could no longer be recomputed), and one reading
// per sensor and minute (aggregation keeps only a minute's last reading anyway).
import type { FieldProblem } from "../lib/errors";
import { MINUTE_MS, minuteStart } from "./aggregate";

export const RETENTION_MS = 7 * 24 * 60 * MINUTE_MS;
export const MAX_CLOCK_AHEAD_MS = 5 * MINUTE_MS;

export const FUTURE_MESSAGE = "More than 5 minutes in the future: check the device clock.";
export const TOO_OLD_MESSAGE = "Older than 7 days: too old to store.";

export interface TimedCount {
  ts: number;
  count: number;
}

/** A reading that passed the time window, with its place in the request (`readings.3`). */
export interface IndexedCount extends TimedCount {
  index: number;
}

/** Splits a batch into readings to store and problems naming the others (`readings.3.ts`). */
export function splitByTimeWindow(readings: readonly TimedCount[], now: number) {
  const storable: IndexedCount[] = [];
  const problems: FieldProblem[] = [];
  readings.forEach((reading, index) => {
    if (reading.ts > now + MAX_CLOCK_AHEAD_MS) problems.push({ field: `readings.${index}.ts`, message: FUTURE_MESSAGE });
    else if (reading.ts < now - RETENTION_MS) problems.push({ field: `readings.${index}.ts`, message: TOO_OLD_MESSAGE });
    else storable.push({ ts: reading.ts, count: reading.count, index });
  });
  return { storable, problems };
}

/**
 * A reading as stored: `ts` is when it counts, `sentTs` the time the sensor gave it, which
 * identifies it for duplicates. A reading stamped ahead of the server (clock skew, at most
 * 5 minutes) counts from its arrival instead, so it cannot mask what the sensor sends next.
 */
export interface MinuteReading {
  minute: number;
  ts: number;
  sentTs: number;
  count: number;
}

/** Whether `a` is the later reading of a minute: by when it counts, then by its sent time. */
export const isLater = (a: Pick<MinuteReading, "ts" | "sentTs">, b: Pick<MinuteReading, "ts" | "sentTs">) =>
  a.ts > b.ts || (a.ts === b.ts && a.sentTs > b.sentTs);

/**
 * The last reading of each minute of a batch arriving at `now`, and how many of the others repeat
 * one of the batch's readings (`duplicates`, the first wins) or are earlier in their minute
 * (`superseded`).
 */
export function lastPerMinute(readings: readonly TimedCount[], now: number) {
  const latest = new Map<number, MinuteReading>();
  const seen = new Set<number>();
  let duplicates = 0;
  let superseded = 0;
  for (const reading of readings) {
    if (seen.has(reading.ts)) {
      duplicates++;
      continue;
    }
    seen.add(reading.ts);
    const ts = Math.min(reading.ts, now);
    const candidate = { minute: minuteStart(ts), ts, sentTs: reading.ts, count: reading.count };
    const current = latest.get(candidate.minute);
    if (current) superseded++;
    if (!current || isLater(candidate, current)) latest.set(candidate.minute, candidate);
  }
  return { latest: [...latest.values()], duplicates, superseded };
}
