import { DAY_MS } from "../../../common/local-time";
import { LIVE_WINDOW_MS, minuteStart, type DeviceLatest } from "../aggregate";
import type { DeviceReport, DeviceStatus } from "../device-status";
import type { DeviceRefusal, HeartbeatInput } from "./types";

/** A device with a counted reading: its latest one. */
type CountedDevice = DeviceLatest & { readingTs: number };

/** What a stored batch tells of its device (reading-store.ts). */
export interface LatestReading {
  ts: number;
  count: number;
  /** Since when the device has counted `count`, as far as the batch tells. */
  countSince: number;
  /** Whether the batch's run of `count` spans it all, so it may have started before it. */
  runSpansBatch: boolean;
  driftMs: number | null;
  rssi: number | null;
}

/**
 * The devices table (each device's latest counted reading, heartbeat and firmware details) and
 * revoked_devices. Both have memory copies (null until read), so the per-reading path and alert
 * evaluation read no storage: the object is their only writer.
 */
export class DeviceRegistry {
  private latestCounts: Map<number, CountedDevice> | null = null;
  private revokedDevices: Set<number> | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /**
   * The worker found the device in D1 before calling; a revocation that reached this object in
   * between (forget) still wins, so an uplink in flight cannot bring a revoked device back.
   */
  revokedRefusal(deviceId: number): DeviceRefusal | null {
    this.revokedDevices ??= new Set(
      this.sql.exec<{ device_id: number }>("SELECT device_id FROM revoked_devices").toArray().map((row) => row.device_id),
    );
    return this.revokedDevices.has(deviceId) ? { refused: "revoked" } : null;
  }

  noteHeartbeat(deviceId: number, input: HeartbeatInput, now: number) {
    this.sql.exec(
      `INSERT INTO devices (device_id, heartbeat_at, firmware, uptime_s, rssi) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (device_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at,
         firmware = coalesce(excluded.firmware, firmware), uptime_s = coalesce(excluded.uptime_s, uptime_s),
         rssi = coalesce(excluded.rssi, rssi)`,
      deviceId,
      now,
      input.firmware ?? null,
      input.uptime_s ?? null,
      input.rssi ?? null,
    );
  }

  /**
   * Keeps a stored batch's newest counted reading as the device's latest, unless the row holds a
   * later one; whether it was written. Ties go to the later arrival: a reading stamped ahead counts
   * from when it arrived. The uplink's RSSI rides along (one statement, not two) when the row is written.
   */
  noteLatest(deviceId: number, latest: LatestReading): boolean {
    const cursor = this.sql.exec(
      `INSERT INTO devices (device_id, reading_ts, count, count_since, drift_ms, rssi) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (device_id) DO UPDATE SET reading_ts = excluded.reading_ts, count = excluded.count,
         count_since = CASE WHEN ? AND devices.count = excluded.count THEN coalesce(devices.count_since, excluded.count_since)
           ELSE excluded.count_since END,
         drift_ms = coalesce(excluded.drift_ms, devices.drift_ms), rssi = coalesce(excluded.rssi, devices.rssi)
       WHERE devices.reading_ts IS NULL OR excluded.reading_ts >= devices.reading_ts`,
      deviceId,
      latest.ts,
      latest.count,
      latest.countSince,
      latest.driftMs,
      latest.rssi,
      latest.runSpansBatch ? 1 : 0,
    );
    cursor.toArray();
    const written = cursor.rowsWritten > 0;
    if (written) this.loadLatestCounts().set(deviceId, { deviceId, readingTs: latest.ts, count: latest.count, lastSeenAt: latest.ts });
    return written;
  }

  /** An accepted uplink's signal is the device's latest, whichever reading it carried. */
  noteRssi(deviceId: number, rssi: number) {
    this.sql.exec("UPDATE devices SET rssi = ? WHERE device_id = ?", rssi, deviceId);
  }

  /** The latest counts of the devices that read within the live window: all a live percent needs. */
  recentCounts(now: number): DeviceLatest[] {
    return [...this.loadLatestCounts().values()].filter((device) => device.readingTs >= now - LIVE_WINDOW_MS);
  }

  private loadLatestCounts(): Map<number, CountedDevice> {
    this.latestCounts ??= new Map(
      this.sql
        .exec<{ device_id: number; reading_ts: number; count: number }>(
          "SELECT device_id, reading_ts, count FROM devices WHERE reading_ts IS NOT NULL",
        )
        .toArray()
        .map((row) => [row.device_id, { deviceId: row.device_id, readingTs: row.reading_ts, count: row.count, lastSeenAt: row.reading_ts }]),
    );
    return this.latestCounts;
  }

  statuses(): DeviceStatus[] {
    return this.sql
      .exec<{
        device_id: number;
        reading_ts: number | null;
        count: number | null;
        heartbeat_at: number | null;
        firmware: string | null;
        uptime_s: number | null;
        rssi: number | null;
        count_since: number | null;
        drift_ms: number | null;
      }>("SELECT * FROM devices ORDER BY device_id")
      .toArray()
      .map((row) => ({
        deviceId: row.device_id,
        readingTs: row.reading_ts,
        count: row.count,
        lastSeenAt: Math.max(row.reading_ts ?? 0, row.heartbeat_at ?? 0) || null,
        heartbeatAt: row.heartbeat_at,
        firmware: row.firmware,
        uptimeS: row.uptime_s,
        rssi: row.rssi,
        countSince: row.count_since,
        driftMs: row.drift_ms,
      }));
  }

  /**
   * Latest reading, heartbeat and firmware details of every device that ever reported, and its
   * implausible readings of the 24 hours before `now`.
   */
  reports(now: number): DeviceReport[] {
    // SQLite takes the bare columns of an aggregate with one max() from the row holding that max.
    const flagged = this.sql
      .exec<{ device_id: number; n: number; ts: number; count: number; implausible_packed: number }>(
        `SELECT device_id, count(*) AS n, max(ts) AS ts, count, implausible_packed FROM readings
         WHERE minute >= ? AND implausible_packed IS NOT NULL GROUP BY device_id`,
        minuteStart(now - DAY_MS),
      )
      .toArray();
    const reports: DeviceReport[] = this.statuses().map((status) => ({ ...status, implausible: null }));
    for (const row of flagged) {
      const implausible = { count: row.n, latestCount: row.count, latestTs: row.ts, packedThreshold: row.implausible_packed };
      const report = reports.find((r) => r.deviceId === row.device_id);
      // A device that sent nothing but implausible counts has no status row: it never counted.
      if (report) report.implausible = implausible;
      else {
        reports.push({
          deviceId: row.device_id,
          readingTs: null,
          count: null,
          lastSeenAt: null,
          heartbeatAt: null,
          firmware: null,
          uptimeS: null,
          rssi: null,
          countSince: null,
          driftMs: null,
          implausible,
        });
      }
    }
    return reports;
  }

  /** A revoked device stops counting towards live numbers at once; its past readings stay. */
  revoke(deviceId: number) {
    this.sql.exec("DELETE FROM devices WHERE device_id = ?", deviceId);
    this.latestCounts?.delete(deviceId);
    this.sql.exec("INSERT OR IGNORE INTO revoked_devices (device_id) VALUES (?)", deviceId);
    this.revokedDevices?.add(deviceId);
  }

  /** A revoked device registered again under its name keeps its id: its uplinks count again. */
  registered(deviceId: number) {
    this.sql.exec("DELETE FROM revoked_devices WHERE device_id = ?", deviceId);
    this.revokedDevices?.delete(deviceId);
  }

  /** Drops the latest counts' memory copy: a write to the table may have failed. */
  forgetLatest() {
    this.latestCounts = null;
  }

  /** Drops both memory copies: the tables were emptied. */
  forget() {
    this.latestCounts = null;
    this.revokedDevices = null;
  }
}
