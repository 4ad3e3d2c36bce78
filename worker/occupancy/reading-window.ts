// Which readings a place stores: nothing from a clock running ahead, nothing older than the
// raw-reading retention (a quarter hour that old could no longer be recomputed).
import type { FieldProblem } from "../lib/errors";
import { MINUTE_MS } from "./aggregate";

export const RETENTION_MS = 7 * 24 * 60 * MINUTE_MS;
export const MAX_CLOCK_AHEAD_MS = 5 * MINUTE_MS;

export const FUTURE_MESSAGE = "More than 5 minutes in the future: check the device clock.";
export const TOO_OLD_MESSAGE = "Older than 7 days: too old to store.";

export interface TimedCount {
  ts: number;
  count: number;
}

/** Splits a batch into readings to store and problems naming the others (`readings.3.ts`). */
export function splitByTimeWindow(readings: readonly TimedCount[], now: number) {
  const storable: TimedCount[] = [];
  const problems: FieldProblem[] = [];
  readings.forEach((reading, index) => {
    if (reading.ts > now + MAX_CLOCK_AHEAD_MS) problems.push({ field: `readings.${index}.ts`, message: FUTURE_MESSAGE });
    else if (reading.ts < now - RETENTION_MS) problems.push({ field: `readings.${index}.ts`, message: TOO_OLD_MESSAGE });
    else storable.push(reading);
  });
  return { storable, problems };
}
