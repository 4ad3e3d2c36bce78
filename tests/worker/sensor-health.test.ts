// Sensor health rules on hand-made statuses: offline and stuck only count while the venue is open.
import { describe, expect, it } from "vitest";
import { NO_HOURS } from "../../common/schemas/place";
import { hoursOn } from "./hours-fixtures";
import { sensorHealth, type HealthContext, type HealthStatus } from "../../worker/occupancy/sensor-health";

/** Open every day 17:00–02:00 in New York. */
const barHours = hoursOn("17:00", "02:00");
const wifi: HealthContext = { hours: barHours, timeZone: "America/New_York", lorawan: false };
/** Tuesday 12 May 2026, New York wall time (EDT, UTC−4). */
const may12 = (hour: number, minute = 0) => Date.UTC(2026, 4, 12, hour + 4, minute);
const minute = 60_000;

const healthy = (at: number): HealthStatus => ({
  lastSeenAt: at,
  readingTs: at,
  count: 20,
  countSince: at,
  driftMs: 0,
  rssi: -60,
  implausible: null,
});
const codes = (status: HealthStatus | undefined, now: number, context = wifi) => sensorHealth(status, context, now).map((problem) => problem.code);

describe("sensorHealth", () => {
  it("finds nothing wrong with a sensor that just reported", () => {
    expect(sensorHealth(healthy(may12(20)), wifi, may12(20))).toEqual([]);
  });

  it("says since when a sensor is offline, only while the venue is open", () => {
    const status = healthy(may12(19, 50));
    expect(sensorHealth(status, wifi, may12(20))).toEqual([{ code: "offline", message: "Offline since Tue, May 12, 7:50 PM" }]);
    expect(codes(status, may12(19, 55))).toEqual([]);
    // 02:30 on Wednesday: closed, so silence is expected.
    expect(codes(healthy(may12(1)), may12(26, 30))).toEqual([]);
    expect(sensorHealth(undefined, wifi, may12(20))).toEqual([{ code: "offline", message: "Offline: it has sent nothing yet" }]);
  });

  it("treats a place without any hours as open, so silence is always reported", () => {
    expect(codes(undefined, may12(12), { ...wifi, hours: NO_HOURS })).toEqual(["offline"]);
  });

  it("calls a count stuck after 2 hours unchanged while open, not counting closed time", () => {
    const since = may12(18);
    const stuck = { ...healthy(may12(20)), countSince: since };
    expect(sensorHealth(stuck, wifi, may12(20))).toEqual([
      { code: "stuck", message: "Stuck: the count has been 20 since Tue, May 12, 6:00 PM, over 2 hours while open" },
    ]);
    expect(codes({ ...stuck, readingTs: may12(19, 55), lastSeenAt: may12(19, 55) }, may12(19, 55))).toEqual([]);
    // Unchanged from noon to 18:30: only 1.5 hours of it were open.
    expect(codes({ ...healthy(may12(18, 30)), countSince: may12(12) }, may12(18, 30))).toEqual([]);
  });

  it("names implausible counts, clock drift beyond a minute either way, and weak signal by radio", () => {
    const now = may12(20);
    const status: HealthStatus = {
      ...healthy(now),
      implausible: { count: 3, latestCount: 9999, latestTs: now, packedThreshold: 100 },
      driftMs: 3 * minute,
      rssi: -85,
    };
    expect(sensorHealth(status, wifi, now)).toEqual([
      { code: "implausible", message: "Implausible counts: 3 in the last 24 hours, left out of the numbers" },
      { code: "clock_drift", message: "Clock drift: its clock is 180 s ahead" },
      { code: "weak_signal", message: "Weak signal: -85 dBm (below -80 dBm)" },
    ]);
    expect(codes({ ...healthy(now), driftMs: -61_000 }, now)).toEqual(["clock_drift"]);
    expect(codes({ ...healthy(now), driftMs: 60_000 }, now)).toEqual([]);
    // A LoRaWAN gateway hears far weaker signals than Wi-Fi.
    expect(codes({ ...healthy(now), rssi: -110 }, now, { ...wifi, lorawan: true })).toEqual([]);
    expect(codes({ ...healthy(now), rssi: -116 }, now, { ...wifi, lorawan: true })).toEqual(["weak_signal"]);
  });
});
