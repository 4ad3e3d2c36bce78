// The pure occupancy math (docs/architecture.md#the-numbers) on hand-computed cases.
import { describe, expect, it } from "vitest";
import {
  aggregateBuckets,
  bucketsTouchedBy,
  liveSnapshot,
  NOT_SAMPLED,
  peoplePerMinute,
  peoplePerMinuteYielding,
  type Reading,
} from "../../worker/occupancy/aggregate";
import { calibratedPeople } from "../../worker/occupancy/calibration";
import { levelOf, percentOf } from "../../worker/occupancy/levels";
import { implausibleFor, implausibleReason } from "../../worker/occupancy/plausibility";
import { lastPerMinute } from "../../worker/occupancy/reading-window";

const noon = Date.UTC(2026, 4, 12, 12, 0); // a quarter-hour boundary
const at = (minutes: number, seconds = 0) => noon + minutes * 60_000 + seconds * 1000;
const reading = (deviceId: number, minutes: number, seconds: number, count: number): Reading => ({
  deviceId,
  ts: at(minutes, seconds),
  count,
});
const minutes = (series: Int32Array) => Array.from(series);
const _ = NOT_SAMPLED;

describe("people per minute", () => {
  it("sums two devices, each counted by its latest reading within 5 minutes", () => {
    const series = peoplePerMinute([reading(1, 0, 10, 10), reading(2, 0, 40, 5), reading(2, 2, 5, 7)], at(0), at(7));
    // Device 1 covers minutes 0–4; device 2 says 5 in minutes 0–1, then 7 in minutes 2–6.
    expect(minutes(series)).toEqual([15, 15, 17, 17, 17, 7, 7]);
  });

  it("lets a silent device drop out after 5 minutes instead of inventing samples", () => {
    const series = peoplePerMinute([reading(1, 0, 0, 10), reading(1, 1, 0, 12)], at(0), at(8));
    expect(minutes(series)).toEqual([10, 12, 12, 12, 12, 12, _, _]);
  });

  it("uses the last reading of a minute and counts zero as a real sample", () => {
    const series = peoplePerMinute([reading(1, 0, 5, 30), reading(1, 0, 50, 0)], at(0), at(6));
    expect(minutes(series)).toEqual([0, 0, 0, 0, 0, _]);
  });

  it("carries readings from just before the range into its first minutes", () => {
    const series = peoplePerMinute([reading(1, -3, 0, 4)], at(0), at(3));
    expect(minutes(series)).toEqual([4, 4, _]);
  });
});

describe("people per minute with an imported history that yields", () => {
  it("counts the import only in minutes no other device covers, in any order of the devices", () => {
    // Device 9 is the import (a reading every minute), device 1 a sensor live in minutes 2–6.
    const imported = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((minute) => reading(9, minute, 0, 20));
    const series = peoplePerMinuteYielding([reading(1, 2, 30, 12), ...imported], at(0), at(9), 9);
    expect(minutes(series)).toEqual([20, 20, 12, 12, 12, 12, 12, 20, 20]);
    const importFirst = peoplePerMinuteYielding([...imported.map((r) => ({ ...r, deviceId: 0 })), reading(1, 2, 30, 12)], at(0), at(9), 0);
    expect(minutes(importFirst)).toEqual(minutes(series));
  });

  it("is peoplePerMinute for a place whose import has no readings in the range", () => {
    const readings = [reading(1, 0, 10, 10), reading(2, 0, 40, 5)];
    expect(minutes(peoplePerMinuteYielding(readings, at(0), at(7), 9))).toEqual(minutes(peoplePerMinute(readings, at(0), at(7))));
    expect(aggregateBuckets([reading(9, 0, 0, 4), reading(1, 0, 0, 6)], at(0), at(15), 9)).toEqual([
      { start: at(0), avgPeople: 6, maxPeople: 6, samples: 5 },
    ]);
  });
});

describe("quarter-hour buckets", () => {
  it("keep mean and max of per-minute people and the minutes sampled", () => {
    const readings = [reading(1, 0, 0, 10), reading(1, 5, 0, 20), reading(2, 5, 30, 4)];
    // Minutes 0–4: 10; minutes 5–9: 24; minutes 10–14: nothing.
    expect(aggregateBuckets(readings, at(0), at(15))).toEqual([{ start: at(0), avgPeople: 17, maxPeople: 24, samples: 10 }]);
  });

  it("split at the boundary: a reading late in a quarter also feeds the next one", () => {
    const buckets = aggregateBuckets([reading(1, 13, 30, 8)], at(0), at(30));
    expect(buckets).toEqual([
      { start: at(0), avgPeople: 8, maxPeople: 8, samples: 2 },
      { start: at(15), avgPeople: 8, maxPeople: 8, samples: 3 },
    ]);
    expect(bucketsTouchedBy(at(13, 30))).toEqual([at(0), at(15)]);
    expect(bucketsTouchedBy(at(10, 59))).toEqual([at(0)]);
    expect(bucketsTouchedBy(at(11, 0))).toEqual([at(0), at(15)]);
  });

  it("leave a quarter hour with no device out entirely", () => {
    const buckets = aggregateBuckets([reading(1, 0, 0, 3), reading(1, 40, 0, 6)], at(0), at(60));
    expect(buckets.map((bucket) => [bucket.start, bucket.samples])).toEqual([
      [at(0), 5],
      [at(30), 5],
    ]);
  });

  it("refuse ranges that are not quarter-hour aligned", () => {
    expect(() => aggregateBuckets([], at(1), at(15))).toThrow(RangeError);
  });
});

describe("percent and level", () => {
  it("caps percent at 100 and rounds to a whole number", () => {
    expect(percentOf(250, 100)).toBe(100);
    expect(percentOf(39.5, 100)).toBe(40);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 80)).toBe(0);
  });

  it("switches level exactly at the thresholds", () => {
    const thresholds = { livelyThreshold: 40, packedThreshold: 100 };
    expect(levelOf(39, thresholds)).toBe("Relaxed");
    expect(levelOf(40, thresholds)).toBe("Lively");
    expect(levelOf(99, thresholds)).toBe("Lively");
    expect(levelOf(100, thresholds)).toBe("Packed");
    expect(levelOf(400, thresholds)).toBe("Packed");
  });
});

describe("live snapshot", () => {
  const thresholds = { livelyThreshold: 10, packedThreshold: 20 };
  const now = at(10);

  it("counts an imported history's device only while no other device is live", () => {
    const imported = { deviceId: 9, readingTs: now - 60_000, count: 20, lastSeenAt: now - 60_000 };
    const sensor = { deviceId: 1, readingTs: now - 30_000, count: 12, lastSeenAt: now - 30_000 };
    expect(liveSnapshot([sensor, imported], thresholds, now, undefined, 9).devices).toBe(12);
    expect(liveSnapshot([{ ...sensor, readingTs: now - 301_000 }, imported], thresholds, now, undefined, 9).devices).toBe(20);
  });

  it("sums the devices whose latest reading is at most 5 minutes old", () => {
    const snapshot = liveSnapshot(
      [
        { deviceId: 1, readingTs: now - 299_000, count: 9, lastSeenAt: now - 299_000 },
        { deviceId: 2, readingTs: now - 301_000, count: 50, lastSeenAt: now - 10_000 },
        { deviceId: 3, readingTs: null, count: null, lastSeenAt: null },
      ],
      thresholds,
      now,
    );
    expect(snapshot).toEqual({ people: 9, percent: 45, level: "Relaxed", devices: 9, devicesOnline: 2, updatedAt: now - 299_000 });
  });

  it("has no live value when every device is silent, but keeps the time of the last reading", () => {
    const snapshot = liveSnapshot([{ deviceId: 1, readingTs: now - 600_000, count: 30, lastSeenAt: now - 600_000 }], thresholds, now);
    expect(snapshot).toEqual({ people: null, percent: null, level: null, devices: null, devicesOnline: 0, updatedAt: now - 600_000 });
  });

  it("reaches Packed and 100 percent at the packed threshold", () => {
    const snapshot = liveSnapshot([{ deviceId: 1, readingTs: now, count: 25, lastSeenAt: now }], thresholds, now);
    expect(snapshot).toMatchObject({ people: 25, percent: 100, level: "Packed" });
  });

  it("turns the devices heard into people by the calibration it is given, level and percent from the people", () => {
    // (24 − 4) × 1.8 = 36 people: Packed at 20, though the sensor heard 24 devices.
    const snapshot = liveSnapshot([{ deviceId: 1, readingTs: now, count: 24, lastSeenAt: now }], thresholds, now, (count) =>
      calibratedPeople(count, { baseline: 4, factor: 1.8 }),
    );
    expect(snapshot).toMatchObject({ people: 36, devices: 24, percent: 100, level: "Packed" });
    const quiet = liveSnapshot([{ deviceId: 1, readingTs: now, count: 3, lastSeenAt: now }], thresholds, now, (count) =>
      calibratedPeople(count, { baseline: 4, factor: 1.8 }),
    );
    expect(quiet).toMatchObject({ people: 0, devices: 3, percent: 0, level: "Relaxed" });
  });
});

describe("readings as stored", () => {
  it("peoplePerMinute takes readings one by one, ordered by device then time", () => {
    function* stream() {
      yield reading(1, 0, 0, 3);
      yield reading(2, 1, 0, 4);
    }
    expect(minutes(peoplePerMinute(stream(), at(0), at(2)))).toEqual([3, 7]);
    expect(() => peoplePerMinute([reading(2, 0, 0, 1), reading(1, 0, 0, 1)], at(0), at(1))).toThrow(RangeError);
    expect(() => peoplePerMinute([reading(1, 1, 0, 1), reading(1, 0, 0, 1)], at(0), at(2))).toThrow(RangeError);
  });

  it("lastPerMinute keeps a minute's last reading, counts repeats and earlier ones, and stamps readings from ahead at arrival", () => {
    const now = at(10);
    const batch = [
      { ts: at(0, 5), count: 1 },
      { ts: at(0, 50), count: 2 },
      { ts: at(0, 5), count: 9 }, // a repeat: the first value wins
      { ts: at(0, 20), count: 3 },
      { ts: at(14), count: 4 }, // 4 minutes ahead of the server
    ];
    expect(lastPerMinute(batch, now)).toEqual({
      latest: [
        { minute: at(0), ts: at(0, 50), sentTs: at(0, 50), count: 2 },
        { minute: at(10), ts: now, sentTs: at(14), count: 4 },
      ],
      duplicates: 1,
      superseded: 2,
    });
  });

  it("a count above 10 × the packed threshold is implausible", () => {
    expect(implausibleFor(400, 40)).toBeNull();
    expect(implausibleFor(401, 40)).toBe(40);
    expect(implausibleReason(1500)).toBe("more than 10 × the packed threshold of 1,500");
  });
});
