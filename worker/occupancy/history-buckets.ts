// Quarter hours of an imported history, computed by the same aggregation as the object's flush and
// the demo seed, one UTC day at a time over the sorted readings (no copy of them).
import { DAY_MS } from "../../common/local-time";
import type { TimedCount } from "./reading-window";
import { aggregateBuckets, bucketStart, LIVE_WINDOW_MS, MINUTE_MS, type Bucket, type Reading } from "./aggregate";

/** Index of the first reading (or anything timed) at or after `ts` in a list sorted by time. */
export function firstAtOrAfter(readings: readonly { ts: number }[], ts: number): number {
  let low = 0;
  let high = readings.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (readings[mid].ts < ts) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Quarter hours before `toMs` (a quarter-hour boundary) of one device's readings sorted by time. */
export function historyBuckets(readings: readonly TimedCount[], toMs: number): Bucket[] {
  const buckets: Bucket[] = [];
  let next = 0;
  while (next < readings.length && readings[next].ts < toMs) {
    // Days without readings are skipped: the next day starts at the next reading.
    const from = bucketStart(readings[next].ts);
    const to = Math.min(from + DAY_MS, toMs);
    // Readings of the 4 minutes before still count at the day's start.
    const first = firstAtOrAfter(readings, from - LIVE_WINDOW_MS + MINUTE_MS);
    const end = firstAtOrAfter(readings, to);
    function* day(): Generator<Reading> {
      for (let i = first; i < end; i++) yield { deviceId: 0, ts: readings[i].ts, count: readings[i].count };
    }
    for (const bucket of aggregateBuckets(day(), from, to)) buckets.push(bucket);
    next = end;
  }
  return buckets;
}
