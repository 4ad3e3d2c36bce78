import { dayRollupWrites } from "../../db/local-hours";
import { bucketWrites, liveWrite, type OccupancyConfig } from "../../db/occupancy";
import type { Database } from "../../db/client";
import { venueDayAt } from "../../../common/local-time";
import { aggregateBuckets, BUCKET_MS, readingsWindowFor, type LiveSnapshot, type Reading } from "../aggregate";
import { CLOSE_GRACE_MS } from "./alarm-schedule";
import type { DeviceRegistry } from "./device-registry";
import { liveSnapshotOf } from "./live-snapshot";
import type { Meta } from "./meta";
import type { PendingBuckets } from "./pending-buckets";

export interface FlushParts {
  storage: DurableObjectStorage;
  meta: Meta;
  pending: PendingBuckets;
  devices: DeviceRegistry;
}

/** A quarter hour's numbers from the raw readings around it (none when no device counted in it). */
export function computeBucket(sql: SqlStorage, start: number, importDevice: number | null): ReturnType<typeof aggregateBuckets> {
  const window = readingsWindowFor(start);
  const rows = sql.exec<{ device_id: number; ts: number; count: number }>(
    "SELECT device_id, ts, count FROM readings WHERE minute >= ? AND minute < ? AND implausible_packed IS NULL ORDER BY device_id, minute",
    window.from,
    window.to,
  );
  // Streamed row by row, so a flush holds one reading at a time, not the window.
  function* readings(): Generator<Reading> {
    for (const row of rows) yield { deviceId: row.device_id, ts: row.ts, count: row.count };
  }
  return aggregateBuckets(readings(), start, start + BUCKET_MS, importDevice);
}

/**
 * The alarm's D1 batch: quarter hours closed since the last run (and past ones that late readings
 * touched), their venue days' peaks and the live row when it changed. The pending quarter hours
 * are cleared only after D1 accepted the batch; returns the live numbers it computed.
 */
export async function flushRollups(db: Database, { storage, meta, pending: pendingBuckets, devices }: FlushParts, placeId: number, config: OccupancyConfig, now: number): Promise<LiveSnapshot> {
  const pending = pendingBuckets.due(now - BUCKET_MS - CLOSE_GRACE_MS);
  const due = pending.map((row) => row.bucket_start);
  const buckets = due.flatMap((start) => computeBucket(storage.sql, start, meta.importDevice()));
  const emptied = due.filter((start) => !buckets.some((bucket) => bucket.start === start));
  // The calendar's day peaks of the venue days those quarter hours fall on, after them in the batch.
  const days = due.map((start) => venueDayAt(config, start));
  const dayPeaks = days.length > 0 ? dayRollupWrites(db, placeId, config, Math.min(...days), Math.max(...days), now) : [];
  const live = liveSnapshotOf(devices.statuses(), config, now, meta.importDevice());
  const liveChanged = JSON.stringify(live) !== meta.get("live_written");
  const statements = [...bucketWrites(db, placeId, buckets, emptied), ...dayPeaks, ...(liveChanged ? [liveWrite(db, placeId, live)] : [])];

  if (statements.length > 0) {
    const [first, ...rest] = statements;
    await db.batch([first, ...rest]);
    storage.transactionSync(() => {
      pendingBuckets.clearWritten(pending);
      if (liveChanged) meta.set("live_written", JSON.stringify(live));
      meta.set("written_at", String(now));
    });
    pendingBuckets.forget();
  }
  return live;
}
