import type { OccupancyConfig } from "../../db/occupancy";
import { bucketsTouchedBy, LIVE_WINDOW_MS } from "../aggregate";
import { implausibleFor } from "../plausibility";
import { isLater, lastPerMinute, type MinuteReading, type TimedCount } from "../reading-window";
import type { DeviceRegistry } from "./device-registry";
import type { PendingBuckets } from "./pending-buckets";

export interface StoreOptions {
  /** The place's "Imported history" device: skip a minute another device already counts for. */
  yieldToOthers: boolean;
  /** The readings' times are the sensor's own, and the newest tells its clock drift. */
  sensorClock: boolean;
  /** The uplink's signal, kept as the device's latest. */
  rssi?: number | null;
}

export interface StoreOutcome {
  accepted: number;
  duplicates: number;
  superseded: number;
  /** Readings skipped because another device counts for their minute (yieldToOthers). */
  covered: number;
}

/**
 * The readings table and its integrity rules (docs/architecture.md#reading-integrity): the last reading of each
 * minute per device; one already stored (same device and sent ts) is a duplicate, one earlier in
 * its minute than a stored one is superseded, and an implausible count is kept but flagged. Each
 * stored reading marks its quarter hours pending and the newest updates the device's latest.
 */
export class ReadingStore {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly devices: DeviceRegistry,
    private readonly pending: PendingBuckets,
  ) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  /** Stores a device's readings arriving at `now`, in one transaction, synchronous, so nothing interleaves. */
  store(deviceId: number, readings: readonly TimedCount[], now: number, config: OccupancyConfig | null, options: StoreOptions): StoreOutcome {
    const batch = lastPerMinute(readings, now);
    try {
      return this.transactStoring(deviceId, batch, now, config, { ...options, rssi: options.rssi ?? null });
    } catch (error) {
      // Rolled back: the marks and latest counts it noted in memory may not have been written.
      this.pending.forget();
      this.devices.forgetLatest();
      throw error;
    }
  }

  private transactStoring(
    deviceId: number,
    batch: ReturnType<typeof lastPerMinute>,
    now: number,
    config: OccupancyConfig | null,
    { yieldToOthers, sensorClock, rssi }: { yieldToOthers: boolean; sensorClock: boolean; rssi: number | null },
  ): StoreOutcome {
    return this.storage.transactionSync(() => {
      let { duplicates, superseded } = batch;
      let covered = 0;
      const stored: MinuteReading[] = [];
      const touched = new Set<number>();
      let latest: MinuteReading | null = null;
      const counted: MinuteReading[] = [];
      const keep = (reading: MinuteReading, implausible: number | null) => {
        stored.push(reading);
        for (const start of bucketsTouchedBy(reading.ts)) touched.add(start);
        if (implausible === null) counted.push(reading);
        if (implausible === null && (!latest || reading.ts > latest.ts)) latest = reading;
      };
      for (const reading of batch.latest) {
        const implausible = config ? implausibleFor(reading.count, config.packedThreshold) : null;
        if (reading.sentTs === reading.ts && !yieldToOthers) {
          // The usual reading (stamped no later than its arrival): one statement. A reading
          // stored under the same ts is a duplicate or, stamped ahead, later by its sent time, so
          // the minute's row is replaced exactly when it counts from earlier (isLater).
          if (this.upsertReading(deviceId, reading, implausible, "WHERE readings.ts < excluded.ts")) {
            keep(reading, implausible);
          } else if (this.isStored(deviceId, reading)) duplicates++;
          else superseded++;
          continue;
        }
        if (this.isStored(deviceId, reading)) {
          duplicates++;
          continue;
        }
        if (yieldToOthers && this.othersCount(deviceId, reading.minute)) {
          covered++;
          continue;
        }
        const [current] = this.sql
          .exec<{ ts: number; sent_ts: number }>(
            "SELECT ts, coalesce(sent_ts, ts) AS sent_ts FROM readings WHERE minute = ? AND device_id = ?",
            reading.minute,
            deviceId,
          )
          .toArray();
        if (current && isLater({ ts: current.ts, sentTs: current.sent_ts }, reading)) {
          superseded++;
          continue;
        }
        this.upsertReading(deviceId, reading, implausible);
        keep(reading, implausible);
      }
      this.pending.mark(touched);
      // TypeScript does not follow the assignment in keep().
      const newest = latest as MinuteReading | null;
      let deviceWritten = false;
      if (newest) {
        // The newest count held since the first of the batch's last run of equal counts; a run
        // spanning the whole batch may have started before it, when the stored count is the same.
        counted.sort((a, b) => a.ts - b.ts);
        let runStart = counted.length - 1;
        while (runStart > 0 && counted[runStart - 1].count === newest.count) runStart--;
        // Only a live reading tells the clock: one older than the live window is a buffered upload.
        const driftMs = sensorClock && now - newest.sentTs <= LIVE_WINDOW_MS ? newest.sentTs - now : null;
        deviceWritten = this.devices.noteLatest(deviceId, {
          ts: newest.ts,
          count: newest.count,
          countSince: counted[runStart].ts,
          runSpansBatch: runStart === 0,
          driftMs,
          rssi,
        });
      }
      // An accepted uplink's signal is the device's latest, whichever reading it carried.
      if (stored.length > 0 && rssi !== null && !deviceWritten) this.devices.noteRssi(deviceId, rssi);
      return { accepted: stored.length, duplicates, superseded, covered };
    });
  }

  /**
   * Writes the reading as its minute's row (`onConflict`: a condition on the row it would
   * replace); whether it was written.
   */
  private upsertReading(deviceId: number, reading: MinuteReading, implausible: number | null, onConflict = ""): boolean {
    const cursor = this.sql.exec(
      `INSERT INTO readings (minute, device_id, ts, count, sent_ts, implausible_packed) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (minute, device_id) DO UPDATE SET ts = excluded.ts, count = excluded.count,
         sent_ts = excluded.sent_ts, implausible_packed = excluded.implausible_packed ${onConflict}`,
      reading.minute,
      deviceId,
      reading.ts,
      reading.count,
      reading.sentTs === reading.ts ? null : reading.sentTs,
      implausible,
    );
    cursor.toArray();
    return cursor.rowsWritten > 0;
  }

  /** Whether a device other than `deviceId` has a reading that counts for `minute` (its own or one of the 4 before). */
  private othersCount(deviceId: number, minute: number): boolean {
    return (
      this.sql
        .exec(
          "SELECT 1 FROM readings WHERE minute > ? AND minute <= ? AND device_id != ? AND implausible_packed IS NULL LIMIT 1",
          minute - LIVE_WINDOW_MS,
          minute,
          deviceId,
        )
        .toArray().length > 0
    );
  }

  /** Whether the device's reading with this sent ts is already stored (possibly under its arrival time). */
  private isStored(deviceId: number, reading: MinuteReading): boolean {
    const query =
      reading.sentTs === reading.ts
        ? this.sql.exec("SELECT 1 FROM readings WHERE minute = ? AND device_id = ? AND ts = ? AND sent_ts IS NULL", reading.minute, deviceId, reading.ts)
        : this.sql.exec("SELECT 1 FROM readings WHERE device_id = ? AND sent_ts = ?", deviceId, reading.sentTs);
    return query.toArray().length > 0;
  }
}
