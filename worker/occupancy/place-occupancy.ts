import { DurableObject } from "cloudflare:workers";
import type * as v from "valibot";
import { getDb } from "../db/client";
import { deviceByKeyHash } from "../db/devices";
import { dayPeakWrites } from "../db/local-hours";
import { bucketWrites, liveWrite, occupancyConfig, type OccupancyConfig } from "../db/occupancy";
import {
  aggregateBuckets,
  BUCKET_MS,
  bucketsTouchedBy,
  liveSnapshot,
  MINUTE_MS,
  readingsWindowFor,
  type DeviceLatest,
  type LiveSnapshot,
  type Reading,
} from "./aggregate";
import { FixedWindowLimit } from "../lib/fixed-window-limit";
import type { heartbeatBodySchema } from "../schemas/ingest";
import { venueDayAt } from "./local-time";
import { RETENTION_MS, type TimedCount } from "./reading-window";

/** A quarter hour is written this long after it ends, so readings still in flight make it in. */
const CLOSE_GRACE_MS = MINUTE_MS;
/**
 * D1 is written at most this often per place. With the live map's cache (at most 25 s) a new
 * count reaches GET /api/live within a minute.
 */
const WRITE_INTERVAL_MS = 30_000;
/** Thresholds are re-read from D1 this often (placeChanged() refreshes them at once). */
const CONFIG_TTL_MS = 10 * MINUTE_MS;
/**
 * Requests a sensor may make a minute, readings and heartbeats together: it posts about once a
 * minute, so this leaves room for retries and buffered uploads but stops a runaway loop.
 */
const DEVICE_REQUESTS_PER_MINUTE = 60;
/**
 * A key the object knows to be valid is checked against D1 again after this long, so a revocation
 * whose forgetDevice call never arrived (the admin's request failed half way) still takes effect.
 */
export const KEY_RECHECK_MS = 5 * MINUTE_MS;

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

/** Why the object turned a sensor's request away; nothing was stored. */
export type DeviceRefusal = { refused: "unknown-key" } | { refused: "rate-limited"; retryAfterSeconds: number };

export const isRefusal = (outcome: object): outcome is DeviceRefusal => "refused" in outcome;

export type HeartbeatInput = v.InferOutput<typeof heartbeatBodySchema>;

/** What the object knows about one device. */
export interface DeviceStatus extends DeviceLatest {
  heartbeatAt: number | null;
  firmware: string | null;
  uptimeS: number | null;
  rssi: number | null;
}

export function placeOccupancy(env: Pick<Env, "PLACE_OCCUPANCY">, placeId: number) {
  return env.PLACE_OCCUPANCY.getByName(`place:${placeId}`);
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS readings (
    ts INTEGER NOT NULL, device_id INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (ts, device_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS devices (
    device_id INTEGER PRIMARY KEY, reading_ts INTEGER, count INTEGER, heartbeat_at INTEGER,
    firmware TEXT, uptime_s INTEGER, rssi INTEGER
  );
  CREATE TABLE IF NOT EXISTS pending_buckets (bucket_start INTEGER PRIMARY KEY, marks INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * One object per place (ARCHITECTURE §1, §5): the single writer of the venue's readings. It keeps
 * 7 days of raw readings and each device's latest reading and heartbeat in its own SQLite, and
 * its alarm writes closed quarter hours to D1 occupancy_15m (and their days' peaks to
 * occupancy_day_peaks) and the live numbers to place_live in one batch at most every 30 seconds.
 * Ingest never touches D1.
 */
export class PlaceOccupancy extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private config: { value: OccupancyConfig; loadedAt: number } | null = null;
  /**
   * The place's valid device keys (SHA-256 → device id, and when D1 last said so) and the ones
   * found revoked or foreign. Sensor requests are checked here rather than in D1 because the object
   * hears each revocation at once (forgetDevice), so ingest reads D1 only for a key's first request
   * and then every KEY_RECHECK_MS.
   */
  private readonly validKeys = new Map<string, { deviceId: number; checkedAt: number }>();
  private readonly refusedKeys = new Set<string>();
  /** Bumped by every revocation, so a D1 read that a revocation overtook is not trusted. */
  private revocations = 0;
  private readonly deviceRequests = new FixedWindowLimit<number>(DEVICE_REQUESTS_PER_MINUTE, MINUTE_MS);
  /**
   * Memory copies of the meta rows and of the alarm, so the per-reading path reads neither from
   * storage: this object is their only writer. Dropped when a write to storage may have failed.
   */
  private readonly metaCache = new Map<string, string | null>();
  /** The alarm as last set or read; undefined until known. */
  private alarmAt: number | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Objects created before pending_buckets counted its marks get the column (a no-op after that).
    const columns = this.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('pending_buckets')").toArray();
    if (!columns.some((column) => column.name === "marks")) {
      this.sql.exec("ALTER TABLE pending_buckets ADD COLUMN marks INTEGER NOT NULL DEFAULT 1");
    }
  }

  /**
   * Stores new readings of the device whose key hashes to `keyHash`; (device, ts) already stored
   * counts as a duplicate and changes nothing.
   */
  async ingest(placeId: number, keyHash: string, readings: readonly TimedCount[]): Promise<IngestResult | DeviceRefusal> {
    const deviceId = await this.admitDevice(placeId, keyHash);
    if (typeof deviceId !== "number") return deviceId;
    this.rememberPlace(placeId);
    const accepted = this.ctx.storage.transactionSync(() => {
      const stored: TimedCount[] = [];
      const touched = new Set<number>();
      for (const reading of readings) {
        const inserted = this.sql
          .exec("INSERT INTO readings (ts, device_id, count) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING ts", reading.ts, deviceId, reading.count)
          .toArray();
        if (inserted.length === 0) continue;
        stored.push(reading);
        for (const start of bucketsTouchedBy(reading.ts)) touched.add(start);
      }
      // Each mark bumps the count, so a flush already under way knows its result is out of date.
      for (const start of touched) {
        this.sql.exec("INSERT INTO pending_buckets (bucket_start) VALUES (?) ON CONFLICT DO UPDATE SET marks = marks + 1", start);
      }
      const newest = stored.reduce<TimedCount | null>((best, r) => (!best || r.ts > best.ts ? r : best), null);
      if (newest) {
        this.sql.exec(
          `INSERT INTO devices (device_id, reading_ts, count) VALUES (?, ?, ?)
           ON CONFLICT (device_id) DO UPDATE SET reading_ts = excluded.reading_ts, count = excluded.count
           WHERE devices.reading_ts IS NULL OR excluded.reading_ts > devices.reading_ts`,
          deviceId,
          newest.ts,
          newest.count,
        );
      }
      return stored.length;
    });
    if (accepted > 0) await this.scheduleFlush();
    return { accepted, duplicates: readings.length - accepted };
  }

  async heartbeat(placeId: number, keyHash: string, input: HeartbeatInput): Promise<{ ok: true } | DeviceRefusal> {
    const deviceId = await this.admitDevice(placeId, keyHash);
    if (typeof deviceId !== "number") return deviceId;
    this.rememberPlace(placeId);
    this.sql.exec(
      `INSERT INTO devices (device_id, heartbeat_at, firmware, uptime_s, rssi) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (device_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at,
         firmware = coalesce(excluded.firmware, firmware), uptime_s = coalesce(excluded.uptime_s, uptime_s),
         rssi = coalesce(excluded.rssi, rssi)`,
      deviceId,
      Date.now(),
      input.firmware ?? null,
      input.uptime_s ?? null,
      input.rssi ?? null,
    );
    await this.scheduleFlush();
    return { ok: true };
  }

  /** People, percent and level now; null numbers when no device reported in 5 minutes. */
  async live(placeId: number): Promise<LiveSnapshot> {
    this.rememberPlace(placeId);
    const config = await this.loadConfig();
    if (!config) return { people: null, percent: null, level: null, devicesOnline: 0, updatedAt: null };
    return liveSnapshot(this.deviceStatuses(), config, Date.now());
  }

  /** Latest reading, heartbeat and firmware details of every device that ever reported. */
  async devices(placeId: number): Promise<DeviceStatus[]> {
    this.rememberPlace(placeId);
    return this.deviceStatuses();
  }

  /** A revoked device's key stops working and it stops counting towards live numbers at once; its past readings stay. */
  async forgetDevice(placeId: number, deviceId: number): Promise<void> {
    this.revocations++;
    // Forgotten, not refused: the device may have a new key already (registered again under its
    // name), and D1 tells the revoked key from the new one on their next request.
    for (const [keyHash, key] of this.validKeys) {
      if (key.deviceId === deviceId) this.validKeys.delete(keyHash);
    }
    this.rememberPlace(placeId);
    this.sql.exec("DELETE FROM devices WHERE device_id = ?", deviceId);
    await this.scheduleFlush();
  }

  /** Call after a place's thresholds change: the next live answer and alarm use the new ones. */
  async placeChanged(placeId: number): Promise<void> {
    this.rememberPlace(placeId);
    this.config = null;
    await this.scheduleFlush();
  }

  /**
   * Writes what is due in one D1 batch: quarter hours closed since the last run (and past ones
   * that late readings touched) and the live row. At-least-once safe: the writes are upserts and
   * the pending list is only cleared after D1 accepted them, so a failure is retried on the next
   * alarm, 30 seconds later.
   */
  override async alarm(): Promise<void> {
    // The alarm that woke us is spent.
    this.alarmAt = null;
    const now = Date.now();
    const placeId = this.placeId();
    if (placeId === null) return;
    try {
      await this.writeDue(placeId, now);
    } catch (error) {
      // D1 unreachable (reading the place or writing the batch): nothing pending was cleared.
      console.error(`place ${placeId}: writing occupancy to D1 failed; retrying in ${WRITE_INTERVAL_MS / 1000} s`, error);
      this.metaCache.clear();
      await this.setAlarm(now + WRITE_INTERVAL_MS);
    }
  }

  private async writeDue(placeId: number, now: number) {
    const config = await this.loadConfig();
    if (!config) {
      // The place was deleted (its D1 rows went with it): nothing left to keep.
      this.sql.exec("DELETE FROM readings; DELETE FROM devices; DELETE FROM pending_buckets; DELETE FROM meta;");
      this.metaCache.clear();
      return;
    }
    const db = getDb(this.env);
    const pending = this.sql
      .exec<{ bucket_start: number; marks: number }>(
        "SELECT bucket_start, marks FROM pending_buckets WHERE bucket_start <= ? ORDER BY bucket_start",
        now - BUCKET_MS - CLOSE_GRACE_MS,
      )
      .toArray();
    const due = pending.map((row) => row.bucket_start);
    const buckets = due.flatMap((start) => this.computeBucket(start));
    const emptied = due.filter((start) => !buckets.some((bucket) => bucket.start === start));
    // The calendar's day peaks of the venue days those quarter hours fall on, after them in the batch.
    const days = due.map((start) => venueDayAt(config, start));
    const dayPeaks = days.length > 0 ? dayPeakWrites(db, placeId, config, Math.min(...days), Math.max(...days)) : [];
    const live = liveSnapshot(this.deviceStatuses(), config, now);
    const liveChanged = JSON.stringify(live) !== this.meta("live_written");
    const statements = [
      ...bucketWrites(db, placeId, buckets, emptied),
      ...dayPeaks,
      ...(liveChanged ? [liveWrite(db, placeId, live)] : []),
    ];

    if (statements.length > 0) {
      const [first, ...rest] = statements;
      await db.batch([first, ...rest]);
      this.ctx.storage.transactionSync(() => {
        // Readings may arrive while D1 answers (the object takes calls during that wait): a quarter
        // hour marked again since it was read stays pending for the next flush.
        for (const row of pending) {
          this.sql.exec("DELETE FROM pending_buckets WHERE bucket_start = ? AND marks = ?", row.bucket_start, row.marks);
        }
        if (liveChanged) this.setMeta("live_written", JSON.stringify(live));
        this.setMeta("written_at", String(now));
      });
    }
    this.purgeOldReadings(now);
    await this.scheduleNext(now, live);
  }

  private computeBucket(start: number): ReturnType<typeof aggregateBuckets> {
    const window = readingsWindowFor(start);
    const readings = this.sql
      .exec<{ device_id: number; ts: number; count: number }>("SELECT device_id, ts, count FROM readings WHERE ts >= ? AND ts < ?", window.from, window.to)
      .toArray()
      .map((row): Reading => ({ deviceId: row.device_id, ts: row.ts, count: row.count }));
    return aggregateBuckets(readings, start, start + BUCKET_MS);
  }

  /** Keeps 7 days, and anything a pending quarter hour still needs. */
  private purgeOldReadings(now: number) {
    const [oldestPending] = this.sql.exec<{ start: number | null }>("SELECT min(bucket_start) AS start FROM pending_buckets").toArray();
    const needed = oldestPending?.start == null ? Infinity : readingsWindowFor(oldestPending.start).from;
    this.sql.exec("DELETE FROM readings WHERE ts < ?", Math.min(now - RETENTION_MS, needed));
  }

  /**
   * Every 30 seconds while a device is online (the run after the last one falls silent writes the
   * venue offline), then once more for each quarter hour still pending; idle venues cost nothing.
   */
  private async scheduleNext(now: number, live: LiveSnapshot) {
    const [pending] = this.sql.exec<{ start: number | null }>("SELECT min(bucket_start) AS start FROM pending_buckets").toArray();
    const candidates: number[] = [];
    if (live.devicesOnline > 0) candidates.push(now + WRITE_INTERVAL_MS);
    if (pending?.start != null) candidates.push(Math.max(now + WRITE_INTERVAL_MS, pending.start + BUCKET_MS + CLOSE_GRACE_MS));
    if (candidates.length > 0) await this.setAlarm(Math.min(...candidates));
  }

  /** Brings the alarm forward to the earliest moment D1 may be written again. */
  private async scheduleFlush() {
    const writtenAt = Number(this.meta("written_at") ?? 0);
    const at = Math.max(Date.now(), writtenAt + WRITE_INTERVAL_MS);
    this.alarmAt ??= await this.ctx.storage.getAlarm();
    if (this.alarmAt === null || this.alarmAt > at) await this.setAlarm(at);
  }

  private async setAlarm(at: number) {
    this.alarmAt = undefined;
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /** The id of the unrevoked device of this place that `keyHash` belongs to, counted against its rate limit. */
  private async admitDevice(placeId: number, keyHash: string): Promise<number | DeviceRefusal> {
    const deviceId = await this.deviceOfKey(placeId, keyHash);
    if (deviceId === null) return { refused: "unknown-key" };
    const retryAfterSeconds = this.deviceRequests.take(deviceId, Date.now());
    return retryAfterSeconds === null ? deviceId : { refused: "rate-limited", retryAfterSeconds };
  }

  private async deviceOfKey(placeId: number, keyHash: string): Promise<number | null> {
    const known = this.validKeys.get(keyHash);
    if (known && Date.now() - known.checkedAt < KEY_RECHECK_MS) return known.deviceId;
    if (this.refusedKeys.has(keyHash)) return null;
    // Other calls run while D1 answers: read again if a revocation came in meanwhile.
    let device: Awaited<ReturnType<typeof deviceByKeyHash>>;
    let revocationsBefore: number;
    do {
      revocationsBefore = this.revocations;
      device = await deviceByKeyHash(getDb(this.env), keyHash);
    } while (revocationsBefore !== this.revocations);
    if (!device || device.placeId !== placeId || device.revokedAt !== null) {
      // Only keys that once belonged to this place get here, so the set stays small.
      this.validKeys.delete(keyHash);
      this.refusedKeys.add(keyHash);
      return null;
    }
    this.validKeys.set(keyHash, { deviceId: device.id, checkedAt: Date.now() });
    return device.id;
  }

  private deviceStatuses(): DeviceStatus[] {
    return this.sql
      .exec<{
        device_id: number;
        reading_ts: number | null;
        count: number | null;
        heartbeat_at: number | null;
        firmware: string | null;
        uptime_s: number | null;
        rssi: number | null;
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
      }));
  }

  private async loadConfig(): Promise<OccupancyConfig | null> {
    const now = Date.now();
    if (this.config && now - this.config.loadedAt < CONFIG_TTL_MS) return this.config.value;
    const placeId = this.placeId();
    if (placeId === null) return null;
    const value = await occupancyConfig(getDb(this.env), placeId);
    this.config = value ? { value, loadedAt: now } : null;
    return value;
  }

  // The object is addressed by name; it learns its place id from the first call and keeps it for alarms.
  private rememberPlace(placeId: number) {
    if (this.placeId() !== placeId) this.setMeta("place_id", String(placeId));
  }

  private placeId(): number | null {
    const value = this.meta("place_id");
    return value === null ? null : Number(value);
  }

  private meta(key: string): string | null {
    if (!this.metaCache.has(key)) {
      const [row] = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray();
      this.metaCache.set(key, row?.value ?? null);
    }
    return this.metaCache.get(key)!;
  }

  private setMeta(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
    this.metaCache.set(key, value);
  }
}
