// When the place object's alarm runs next (worker/occupancy/place/alarm-schedule.ts); what the
// alarm writes is tested in place-occupancy.test.ts. A fixed clock in the future, so no alarm fires.
import { describe, expect, it } from "vitest";
import { AlarmSchedule, CLOSE_GRACE_MS, WRITE_INTERVAL_MS } from "../../worker/occupancy/place/alarm-schedule";
import { NO_LIVE } from "../../worker/occupancy/place/live-snapshot";
import { Meta } from "../../worker/occupancy/place/meta";
import { PendingBuckets } from "../../worker/occupancy/place/pending-buckets";
import { useFixedClock } from "./occupancy-fixtures";
import { inFreshObject } from "./place-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0);
const QUARTER = 15 * 60_000;
useFixedClock(T);

function parts(storage: DurableObjectStorage) {
  const meta = new Meta(storage.sql);
  const pending = new PendingBuckets(storage.sql);
  return { meta, pending, schedule: new AlarmSchedule(storage, meta, pending) };
}

describe("the place object's alarm schedule", () => {
  it("brings the alarm forward to 30 s after the last write to D1, never later than one already set", async () => {
    const alarms = await inFreshObject(async (storage) => {
      const { meta, schedule } = parts(storage);
      meta.set("written_at", String(T - 10_000));
      await schedule.scheduleFlush();
      const first = await storage.getAlarm();
      await schedule.set(T + 5_000);
      await schedule.scheduleFlush();
      const kept = await storage.getAlarm();
      meta.set("written_at", String(T - 60_000));
      await schedule.scheduleFlush();
      return [first, kept, await storage.getAlarm()];
    });
    expect(alarms).toEqual([T - 10_000 + WRITE_INTERVAL_MS, T + 5_000, T]);
  });

  it("after a run, wakes in 30 s while a device is online, at a pending quarter hour's close, or not at all", async () => {
    const alarms = await inFreshObject(async (storage) => {
      const { pending, schedule } = parts(storage);
      const next = async (devicesOnline: number) => {
        await storage.deleteAlarm();
        schedule.spent();
        await schedule.scheduleNext(T, { ...NO_LIVE, devicesOnline });
        return storage.getAlarm();
      };
      const idle = await next(0);
      const online = await next(1);
      pending.mark([T]);
      const quarterPending = await next(0);
      storage.sql.exec("INSERT INTO pending_alerts (alert) VALUES ('{}')");
      const alertPending = await next(0);
      return [idle, online, quarterPending, alertPending];
    });
    expect(alarms).toEqual([null, T + WRITE_INTERVAL_MS, T + QUARTER + CLOSE_GRACE_MS, T + WRITE_INTERVAL_MS]);
  });
});
