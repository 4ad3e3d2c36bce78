// The place object's devices and revoked_devices (worker/occupancy/place/device-registry.ts); the
// devices list through the API is tested in device-health.test.ts and devices.test.ts.
import { describe, expect, it } from "vitest";
import { LIVE_WINDOW_MS } from "../../worker/occupancy/aggregate";
import { DeviceRegistry, type LatestReading } from "../../worker/occupancy/place/device-registry";
import { inFreshObject } from "./place-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0);
const minute = 60_000;
const DAY = 24 * 60 * minute;

const latest = (ts: number, count: number, more: Partial<LatestReading> = {}): LatestReading => ({
  ts,
  count,
  countSince: ts,
  runSpansBatch: false,
  driftMs: null,
  rssi: null,
  ...more,
});

describe("the place object's device registry", () => {
  it("keeps a device's latest counted reading, never an older one, beside its heartbeat", async () => {
    const [written, statuses, recent, later] = await inFreshObject((storage) => {
      const registry = new DeviceRegistry(storage.sql);
      const written = [
        registry.noteLatest(1, latest(T, 5, { countSince: T - minute, driftMs: 1000 })),
        registry.noteLatest(1, latest(T - minute, 9)),
      ];
      registry.noteHeartbeat(1, { firmware: "1.2.0", uptime_s: 60 }, T + minute);
      return [written, registry.statuses(), registry.recentCounts(T + minute), registry.recentCounts(T + LIVE_WINDOW_MS + 1)];
    });
    expect(written).toEqual([true, false]);
    expect(statuses).toEqual([
      { deviceId: 1, readingTs: T, count: 5, lastSeenAt: T + minute, heartbeatAt: T + minute, firmware: "1.2.0", uptimeS: 60, rssi: null, countSince: T - minute, driftMs: 1000 },
    ]);
    expect(recent).toEqual([{ deviceId: 1, readingTs: T, count: 5, lastSeenAt: T }]);
    expect(later).toEqual([]);
  });

  it("counts a count as held since the earlier start when a batch of the same count spans it all", async () => {
    const since = await inFreshObject((storage) => {
      const registry = new DeviceRegistry(storage.sql);
      const countSince = () => registry.statuses()[0].countSince;
      registry.noteLatest(1, latest(T, 5, { countSince: T - 2 * minute }));
      registry.noteLatest(1, latest(T + minute, 5, { runSpansBatch: true }));
      const held = countSince();
      registry.noteLatest(1, latest(T + 2 * minute, 6, { runSpansBatch: true }));
      return [held, countSince()];
    });
    expect(since).toEqual([T - 2 * minute, T + 2 * minute]);
  });

  it("refuses a revoked device and drops it from the live numbers until it is registered again", async () => {
    const [refusals, recent, statuses, fromStorage] = await inFreshObject((storage) => {
      const registry = new DeviceRegistry(storage.sql);
      registry.noteLatest(1, latest(T, 5));
      const refusals = [registry.revokedRefusal(1)];
      registry.revoke(1);
      refusals.push(registry.revokedRefusal(1), new DeviceRegistry(storage.sql).revokedRefusal(1));
      const recent = registry.recentCounts(T);
      const statuses = registry.statuses();
      registry.registered(1);
      refusals.push(registry.revokedRefusal(1));
      return [refusals, recent, statuses, new DeviceRegistry(storage.sql).revokedRefusal(1)];
    });
    expect(refusals).toEqual([null, { refused: "revoked" }, { refused: "revoked" }, null]);
    expect(recent).toEqual([]);
    expect(statuses).toEqual([]);
    expect(fromStorage).toBeNull();
  });

  it("reports a device that sent only implausible counts in the last 24 hours, with no status of its own", async () => {
    const [reports, dayLater] = await inFreshObject((storage) => {
      storage.sql.exec(
        "INSERT INTO readings (minute, device_id, ts, count, implausible_packed) VALUES (?, 2, ?, 5000, 400), (?, 2, ?, 6000, 400)",
        T - 2 * minute,
        T - 2 * minute + 20_000,
        T - minute,
        T - minute + 20_000,
      );
      const registry = new DeviceRegistry(storage.sql);
      return [registry.reports(T), registry.reports(T - minute + DAY)];
    });
    const none = { readingTs: null, count: null, lastSeenAt: null, heartbeatAt: null, firmware: null, uptimeS: null, rssi: null, countSince: null, driftMs: null };
    expect(reports).toEqual([{ deviceId: 2, ...none, implausible: { count: 2, latestCount: 6000, latestTs: T - minute + 20_000, packedThreshold: 400 } }]);
    expect(dayLater).toEqual([{ deviceId: 2, ...none, implausible: { count: 1, latestCount: 6000, latestTs: T - minute + 20_000, packedThreshold: 400 } }]);
  });

  it("keeps an uplink's signal without touching the reading", async () => {
    const statuses = await inFreshObject((storage) => {
      const registry = new DeviceRegistry(storage.sql);
      registry.noteLatest(1, latest(T, 5, { rssi: -90 }));
      registry.noteRssi(1, -120);
      return registry.statuses();
    });
    expect(statuses.map(({ readingTs, count, rssi }) => ({ readingTs, count, rssi }))).toEqual([{ readingTs: T, count: 5, rssi: -120 }]);
  });
});
