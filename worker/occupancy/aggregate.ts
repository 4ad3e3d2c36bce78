// The occupancy numbers (docs/architecture.md#the-numbers), as pure functions shared by the
// PlaceOccupancy object, the analytics and the demo seed, so every number is computed one way.
//
// People at minute m = sum over a place's devices of each device's latest reading within 5 minutes.
// Minute m is the interval [m, m + 60 s) and is read at its end, so a reading counts for its own
// minute and the four after it, unless the device sends a newer one. A minute with no device
// inside that window is not sampled: silence is never turned into zeros or repeated values.
// The explicit extension lets the demo seed, run by Node without a bundler, import this file too.
import { levelOf, percentOf, type Thresholds } from "./levels.ts";
import type { Level } from "../../common/schemas/answers";

export const MINUTE_MS = 60_000;
export const LIVE_WINDOW_MS = 5 * MINUTE_MS;
export const BUCKET_MS = 15 * MINUTE_MS;
/** A reading also covers this many following minutes (5-minute window including its own). */
const CARRY_MINUTES = LIVE_WINDOW_MS / MINUTE_MS - 1;

/** One count from one device; `ts` in epoch ms. */
export interface Reading {
  deviceId: number;
  ts: number;
  count: number;
}

/** A quarter hour: mean and max of per-minute people over its sampled minutes. */
export interface Bucket {
  /** Epoch ms, a multiple of 15 minutes. */
  start: number;
  avgPeople: number;
  maxPeople: number;
  /** Sampled minutes, 1–15. */
  samples: number;
}

export const minuteStart = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
export const bucketStart = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;

/** Marks a minute in `peoplePerMinute` with no device reporting. */
export const NOT_SAMPLED = -1;

/**
 * People for each minute of [fromMs, toMs) (minute-aligned), NOT_SAMPLED where no device was
 * live. Pass readings from up to 4 minutes before `fromMs` too: they still count at its start.
 * Readings must come ordered by device, then time: they are consumed one by one, so a caller can
 * stream them from storage and memory stays one row, whatever the window holds.
 */
export function peoplePerMinute(readings: Iterable<Reading>, fromMs: number, toMs: number): Int32Array {
  const people = new Int32Array((toMs - fromMs) / MINUTE_MS).fill(NOT_SAMPLED);
  const add = (reading: Reading, nextMinute: number) => {
    const minute = minuteStart(reading.ts);
    // A later reading in the same minute supersedes this one.
    if (nextMinute === minute) return;
    const last = Math.min(minute + CARRY_MINUTES * MINUTE_MS, nextMinute - MINUTE_MS, toMs - MINUTE_MS);
    for (let m = Math.max(minute, fromMs); m <= last; m += MINUTE_MS) {
      const index = (m - fromMs) / MINUTE_MS;
      people[index] = (people[index] === NOT_SAMPLED ? 0 : people[index]) + reading.count;
    }
  };
  let previous: Reading | null = null;
  for (const reading of readings) {
    if (previous && (reading.deviceId < previous.deviceId || (reading.deviceId === previous.deviceId && reading.ts < previous.ts))) {
      throw new RangeError("Readings must be ordered by device, then time.");
    }
    if (previous) add(previous, previous.deviceId === reading.deviceId ? minuteStart(reading.ts) : Infinity);
    previous = reading;
  }
  if (previous) add(previous, Infinity);
  return people;
}

/**
 * peoplePerMinute of a place with a device that yields (its "Imported history" device,
 * docs/architecture.md#security): in any minute another device is live, the yielding device's
 * readings do not count, so a sensor's buffered upload and the log of the same minutes never add
 * up, whichever arrived first. The yielding device holds at most one reading a minute, so only its
 * readings are held in memory, never the others'.
 */
export function peoplePerMinuteYielding(readings: Iterable<Reading>, fromMs: number, toMs: number, yielding: number): Int32Array {
  const yielded: Reading[] = [];
  function* others(): Generator<Reading> {
    for (const reading of readings) {
      if (reading.deviceId === yielding) yielded.push(reading);
      else yield reading;
    }
  }
  const people = peoplePerMinute(others(), fromMs, toMs);
  const fallback = peoplePerMinute(yielded, fromMs, toMs);
  for (let i = 0; i < people.length; i++) {
    if (people[i] === NOT_SAMPLED) people[i] = fallback[i];
  }
  return people;
}

/**
 * Quarter hours of [fromMs, toMs) (both multiples of 15 minutes) that have at least one sample;
 * readings as peoplePerMinute takes them, `yielding` as peoplePerMinuteYielding.
 */
export function aggregateBuckets(readings: Iterable<Reading>, fromMs: number, toMs: number, yielding: number | null = null): Bucket[] {
  if (fromMs % BUCKET_MS !== 0 || toMs % BUCKET_MS !== 0) throw new RangeError("Bucket ranges must be quarter-hour aligned.");
  const people = yielding === null ? peoplePerMinute(readings, fromMs, toMs) : peoplePerMinuteYielding(readings, fromMs, toMs, yielding);
  const minutesPerBucket = BUCKET_MS / MINUTE_MS;
  const buckets: Bucket[] = [];
  for (let first = 0; first < people.length; first += minutesPerBucket) {
    let sum = 0;
    let max = 0;
    let samples = 0;
    for (let i = first; i < first + minutesPerBucket; i++) {
      if (people[i] === NOT_SAMPLED) continue;
      sum += people[i];
      max = Math.max(max, people[i]);
      samples++;
    }
    if (samples > 0) {
      buckets.push({ start: fromMs + first * MINUTE_MS, avgPeople: sum / samples, maxPeople: max, samples });
    }
  }
  return buckets;
}

/** Quarter hours whose minutes a reading at `ts` feeds: its own, and the next when it is near the end. */
export function bucketsTouchedBy(ts: number): number[] {
  const own = bucketStart(ts);
  const lastCovered = bucketStart(minuteStart(ts) + CARRY_MINUTES * MINUTE_MS);
  return lastCovered === own ? [own] : [own, lastCovered];
}

/** Readings needed to recompute the quarter hour starting at `start`: [from, to). */
export function readingsWindowFor(start: number): { from: number; to: number } {
  return { from: start - CARRY_MINUTES * MINUTE_MS, to: start + BUCKET_MS };
}

/** The latest reading and sign of life of one device. */
export interface DeviceLatest {
  deviceId: number;
  /** Epoch ms of its newest reading, null when it never sent one. */
  readingTs: number | null;
  count: number | null;
  /** Epoch ms of its newest reading or heartbeat. */
  lastSeenAt: number | null;
}

export interface LiveSnapshot {
  /** Null when no device has a reading within the last 5 minutes. */
  people: number | null;
  percent: number | null;
  level: Level | null;
  /** The raw count behind `people`: the devices the sensors hear, before calibration. */
  devices: number | null;
  /** Devices that sent a reading or heartbeat within the last 5 minutes. */
  devicesOnline: number;
  /** Epoch ms of the newest reading behind the numbers (the newest ever when they are null). */
  updatedAt: number | null;
}

export const isRecent = (ts: number | null, now: number): ts is number => ts !== null && now - ts <= LIVE_WINDOW_MS;

/**
 * People, percent and level now, from each device's latest reading; `toPeople` turns their summed
 * count into people (the place's calibration, calibration.ts). The `yielding` device (the imported
 * history's) counts only while no other device is live, as in peoplePerMinuteYielding.
 */
export function liveSnapshot(
  devices: readonly DeviceLatest[],
  thresholds: Thresholds,
  now: number,
  toPeople: (devices: number) => number = (count) => count,
  yielding: number | null = null,
): LiveSnapshot {
  let counted: number | null = null;
  let updatedAt: number | null = null;
  let devicesOnline = 0;
  const othersLive = yielding !== null && devices.some((device) => device.deviceId !== yielding && isRecent(device.readingTs, now));
  for (const device of devices) {
    if (isRecent(device.lastSeenAt, now)) devicesOnline++;
    if (device.readingTs === null) continue;
    updatedAt = Math.max(updatedAt ?? device.readingTs, device.readingTs);
    if (othersLive && device.deviceId === yielding) continue;
    if (isRecent(device.readingTs, now)) counted = (counted ?? 0) + (device.count ?? 0);
  }
  const people = counted === null ? null : toPeople(counted);
  return {
    people,
    percent: people === null ? null : percentOf(people, thresholds.packedThreshold),
    level: people === null ? null : levelOf(people, thresholds),
    devices: counted,
    devicesOnline,
    updatedAt,
  };
}
