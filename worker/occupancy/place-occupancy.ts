import { DurableObject } from "cloudflare:workers";
import type * as v from "valibot";
import { getDb } from "../db/client";
import { deviceByKeyHash } from "../db/devices";
import { dayRollupWrites } from "../db/local-hours";
import { bucketWrites, liveWrite, occupancyConfig, rollupsEnd, type OccupancyConfig } from "../db/occupancy";
import {
  aggregateBuckets,
  BUCKET_MS,
  bucketStart,
  bucketsTouchedBy,
  LIVE_WINDOW_MS,
  liveSnapshot,
  MINUTE_MS,
  minuteStart,
  readingsWindowFor,
  type DeviceLatest,
  type LiveSnapshot,
  type Reading,
} from "./aggregate";
import { FixedWindowLimit } from "../lib/fixed-window-limit";
import type { heartbeatBodySchema } from "../../common/schemas/ingest";
import { DAY_MS, venueDayAt, venueDayRange } from "../../common/local-time";
import { calibratedPeople } from "./calibration";
import { implausibleFor } from "./plausibility";
import { isLater, lastPerMinute, RETENTION_MS, type IndexedCount, type MinuteReading, type TimedCount } from "./reading-window";
import type { AlertRules } from "../../common/schemas/alerts";
import { alertRulesOf, type PlaceSensors } from "../db/alerts";
import { historyBeforeToday, SETTLE_MS } from "../db/usual-history";
import { findWhenPlace } from "../db/when-to-go";
import { flushPendingAlerts, queuePendingAlerts } from "../alerts/pending-alerts";
import { evaluateLive, evaluateSensor, IDLE_LIVE, IDLE_SENSOR, sameEpisodes, type EpisodeSet, type FiredAlert, type LiveEpisodes } from "../alerts/episodes";
import { usualPercentAt, usualProfile, type UsualProfile, type WhenPlace } from "./popular-times";
import { mayBeOpenAt } from "./opening-hours";
import { sensorHealth } from "./sensor-health";
import type { DeviceReport, DeviceStatus } from "./device-status";

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
  /** Readings not stored because the sensor has a later one in the same minute. */
  superseded: number;
  /** Indexes (as sent) of readings refused because their quarter hour is before `rawFrom`. */
  final: number[];
  /** Where the object's raw readings start (epoch ms, a quarter-hour boundary). */
  rawFrom: number;
}

/** Why the object turned a sensor's request away; nothing was stored. */
export type DeviceRefusal =
  | { refused: "unknown-key" }
  | { refused: "revoked" }
  | { refused: "rate-limited"; retryAfterSeconds: number };

/**
 * What the worker's D1 read for this request said of a key: the active device of this place it
 * belongs to. Spares the object a second read of the same row (see deviceOfKey).
 */
export interface KeyFromD1 {
  deviceId: number;
}

export const isRefusal = (outcome: object): outcome is DeviceRefusal => "refused" in outcome;

export type HeartbeatInput = v.InferOutput<typeof heartbeatBodySchema>;

/** A device with a counted reading: its latest one. */
type CountedDevice = DeviceLatest & { readingTs: number };

/** The live numbers of a place, in people by its calibration; `yielding` is its imported history's device. */
const liveSnapshotOf = (devices: readonly DeviceLatest[], config: OccupancyConfig, now: number, yielding: number | null) =>
  liveSnapshot(devices, config, now, (count) => calibratedPeople(count, config.calibration), yielding);

export function placeOccupancy(env: Pick<Env, "PLACE_OCCUPANCY">, placeId: number) {
  return env.PLACE_OCCUPANCY.getByName(`place:${placeId}`);
}

/**
 * One reading per device and minute (the minute's last; aggregation uses no other), so what a
 * sensor can store is bounded by the clock, not by how much it sends. `ts` is when the reading
 * counts (its arrival when the sensor stamped it ahead); `sent_ts` is the sensor's stamp when that
 * differs, which still identifies the reading for duplicates. `implausible_packed` is the packed
 * threshold a flagged count exceeded ten times over: kept, but out of live and rollup numbers.
 */
const READINGS_TABLE = `
  CREATE TABLE IF NOT EXISTS readings (
    minute INTEGER NOT NULL, device_id INTEGER NOT NULL, ts INTEGER NOT NULL, count INTEGER NOT NULL,
    sent_ts INTEGER, implausible_packed INTEGER,
    PRIMARY KEY (minute, device_id)
  ) WITHOUT ROWID;
`;

const SCHEMA = `
${READINGS_TABLE}
  CREATE TABLE IF NOT EXISTS devices (
    device_id INTEGER PRIMARY KEY, reading_ts INTEGER, count INTEGER, heartbeat_at INTEGER,
    firmware TEXT, uptime_s INTEGER, rssi INTEGER, count_since INTEGER, drift_ms INTEGER
  );
  CREATE TABLE IF NOT EXISTS pending_buckets (bucket_start INTEGER PRIMARY KEY, marks INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS revoked_devices (device_id INTEGER PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS pending_alerts (id INTEGER PRIMARY KEY AUTOINCREMENT, alert TEXT NOT NULL);
`;

/**
 * What alert evaluation needs beyond the occupancy config, loaded by the alarm (never on a
 * sensor's request): the rules, and the usual percent of each weekday's hour from popular times.
 */
interface AlertSetup {
  rules: AlertRules;
  place: WhenPlace;
  /** Null while busier-than-usual is off (nothing reads it) or the place has no history yet. */
  usual: UsualProfile | null;
  /** The venue day the usual profile is for: a new day brings new history. */
  day: number;
  loadedAt: number;
}

/**
 * One object per place (docs/architecture.md#from-sensor-to-chart): the single writer of the
 * venue's readings. It keeps 7 days of raw readings and each device's latest reading and
 * heartbeat in its own SQLite, and its alarm writes closed quarter hours to D1 occupancy_15m (and
 * their days' peaks to occupancy_day_peaks) and the live numbers to place_live in one batch at
 * most every 30 seconds.
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
  /**
   * The quarter hours pending_buckets holds, null until read, so that a reading in a quarter hour
   * already pending writes nothing there. Dropped whenever the table may differ.
   */
  private pendingBuckets: Set<number> | null = null;
  /**
   * Each device's latest counted reading as the devices table holds it (null until read), so alert
   * evaluation on every reading reads no storage: this object is the table's only writer. Dropped
   * when a write to it may have failed.
   */
  private latestCounts: Map<number, CountedDevice> | null = null;
  /** revoked_devices in memory (null until read): this object is its only writer. */
  private revokedDevices: Set<number> | null = null;
  /** While a flush waits for D1, every mark must bump its row, so the flush keeps it pending. */
  private flushing = false;
  /** Loaded by the alarm; until then readings are not evaluated (the alarm evaluates within 30 s). */
  private alertSetup: AlertSetup | null = null;
  /** The live rules' episodes as meta "alert_live" holds them, parsed once (null until read). */
  private liveEpisodes: LiveEpisodes | null = null;
  /** The one D1 read of where the place's rollups end, shared by calls that need it at once. */
  private rawCoverageLoad: Promise<number> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Objects created before pending_buckets counted its marks get the column (a no-op after that).
    const columns = this.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('pending_buckets')").toArray();
    if (!columns.some((column) => column.name === "marks")) {
      this.sql.exec("ALTER TABLE pending_buckets ADD COLUMN marks INTEGER NOT NULL DEFAULT 1");
    }
    // Objects created when readings were keyed by (ts, device) keep each minute's last reading.
    const readingColumns = this.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('readings')").toArray();
    if (!readingColumns.some((column) => column.name === "minute")) {
      ctx.storage.transactionSync(() =>
        this.sql.exec(`
          ALTER TABLE readings RENAME TO readings_by_ts;
          ${READINGS_TABLE}
          INSERT INTO readings (minute, device_id, ts, count)
            SELECT ts - ts % ${MINUTE_MS}, device_id, ts, count FROM readings_by_ts WHERE true ORDER BY ts
            ON CONFLICT (minute, device_id) DO UPDATE SET ts = excluded.ts, count = excluded.count;
          DROP TABLE readings_by_ts;
        `),
      );
    }
    // Objects created before sensor health tracked these get them, empty until the next reading.
    const deviceColumns = this.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('devices')").toArray();
    for (const column of ["count_since", "drift_ms"]) {
      if (!deviceColumns.some((existing) => existing.name === column)) this.sql.exec(`ALTER TABLE devices ADD COLUMN ${column} INTEGER`);
    }
    this.sql.exec("CREATE INDEX IF NOT EXISTS readings_sent_ahead ON readings (device_id, sent_ts) WHERE sent_ts IS NOT NULL");
  }

  /**
   * Stores new readings of the device whose key hashes to `keyHash`, arriving at `now`: the last
   * of each minute. A reading already stored (same device and sent ts) counts as a duplicate and
   * changes nothing; one earlier in its minute than a stored one is superseded. Readings whose
   * quarter hour starts before the object's raw coverage are refused (`final`): the object could
   * only recompute that quarter hour from less than went into it.
   */
  async ingest(
    placeId: number,
    keyHash: string,
    readings: readonly IndexedCount[],
    now: number,
    readFromD1?: KeyFromD1,
  ): Promise<IngestResult | DeviceRefusal> {
    const deviceId = await this.admitDevice(placeId, keyHash, readFromD1);
    if (typeof deviceId !== "number") return deviceId;
    return this.store(placeId, deviceId, readings, now, true);
  }

  /**
   * ingest() for a device the worker identified another way (a The Things Stack uplink by its
   * active DevEUI): the same storage rules and the same rate limit, no key. Its times are the
   * network's, so they say nothing of the device's clock; `rssi` is the uplink's signal.
   */
  async ingestFrom(
    placeId: number,
    deviceId: number,
    readings: readonly IndexedCount[],
    now: number,
    rssi: number | null,
  ): Promise<IngestResult | DeviceRefusal> {
    const refusal = this.revokedRefusal(deviceId) ?? this.rateLimit(deviceId);
    if (refusal) return refusal;
    return this.store(placeId, deviceId, readings, now, false, rssi);
  }

  private async store(
    placeId: number,
    deviceId: number,
    readings: readonly IndexedCount[],
    now: number,
    sensorClock: boolean,
    rssi: number | null = null,
  ): Promise<IngestResult> {
    const config = await this.prepareToStore(placeId);
    // Read after the awaits: a purge in between may have moved it.
    const rawFrom = Number(this.meta("raw_from"));
    const counts = (reading: IndexedCount) => bucketStart(Math.min(reading.ts, now)) >= rawFrom;
    const final = readings.filter((reading) => !counts(reading)).map((reading) => reading.index);
    const outcome = this.storeReadings(deviceId, readings.filter(counts), now, config, { yieldToOthers: false, sensorClock, rssi });
    if (outcome.accepted > 0) {
      if (config) this.evaluateLiveAlerts(config, now);
      await this.scheduleFlush();
    }
    return { ...outcome, final, rawFrom };
  }

  /**
   * Stores the part of an imported history (sorted by time) that the object may still recompute:
   * from `rawStart` on, the later of its raw coverage start and the first quarter hour wholly
   * within the 7-day retention. The caller writes quarter hours before `rawStart` itself. With
   * `yieldToOthers` (the place's "Imported history" device) a reading is skipped in any minute
   * another device already counts for, and the device is remembered as the one that yields when
   * quarter hours are computed, so a live sensor and its own log never add up, whichever arrives
   * first (aggregate.ts peoplePerMinuteYielding).
   */
  async importHistory(placeId: number, deviceId: number, readings: readonly TimedCount[], now: number, yieldToOthers: boolean) {
    const config = await this.prepareToStore(placeId);
    if (yieldToOthers && this.meta("import_device") !== String(deviceId)) this.setMeta("import_device", String(deviceId));
    const rawStart = Math.max(Number(this.meta("raw_from")), bucketStart(now - RETENTION_MS) + BUCKET_MS);
    const outcome = this.storeReadings(deviceId, readings.filter((reading) => reading.ts >= rawStart), now, config, { yieldToOthers, sensorClock: false });
    if (outcome.accepted > 0) await this.scheduleFlush();
    return { ...outcome, rawStart };
  }

  private async prepareToStore(placeId: number): Promise<OccupancyConfig | null> {
    this.rememberPlace(placeId);
    await this.ensureRawCoverage(placeId);
    return this.loadConfig();
  }

  /**
   * The last reading of each minute, by the rules ingest documents; synchronous, so nothing
   * interleaves. With `sensorClock` the readings' times are the sensor's own, and the newest
   * tells its clock drift.
   */
  private storeReadings(
    deviceId: number,
    readings: readonly TimedCount[],
    now: number,
    config: OccupancyConfig | null,
    { yieldToOthers, sensorClock, rssi = null }: { yieldToOthers: boolean; sensorClock: boolean; rssi?: number | null },
  ) {
    const batch = lastPerMinute(readings, now);
    try {
      return this.transactStoring(deviceId, batch, now, config, { yieldToOthers, sensorClock, rssi });
    } catch (error) {
      // Rolled back: the marks and latest counts it noted in memory may not have been written.
      this.pendingBuckets = null;
      this.latestCounts = null;
      throw error;
    }
  }

  private transactStoring(
    deviceId: number,
    batch: ReturnType<typeof lastPerMinute>,
    now: number,
    config: OccupancyConfig | null,
    { yieldToOthers, sensorClock, rssi }: { yieldToOthers: boolean; sensorClock: boolean; rssi: number | null },
  ) {
    return this.ctx.storage.transactionSync(() => {
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
      this.markPending(touched);
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
        const drift = sensorClock && now - newest.sentTs <= LIVE_WINDOW_MS ? newest.sentTs - now : null;
        // Ties go to the later arrival: a reading stamped ahead counts from when it arrived.
        // The uplink's RSSI rides along (one statement, not two) when the row is written.
        const cursor = this.sql.exec(
          `INSERT INTO devices (device_id, reading_ts, count, count_since, drift_ms, rssi) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (device_id) DO UPDATE SET reading_ts = excluded.reading_ts, count = excluded.count,
             count_since = CASE WHEN ? AND devices.count = excluded.count THEN coalesce(devices.count_since, excluded.count_since)
               ELSE excluded.count_since END,
             drift_ms = coalesce(excluded.drift_ms, devices.drift_ms), rssi = coalesce(excluded.rssi, devices.rssi)
           WHERE devices.reading_ts IS NULL OR excluded.reading_ts >= devices.reading_ts`,
          deviceId,
          newest.ts,
          newest.count,
          counted[runStart].ts,
          drift,
          rssi,
          runStart === 0 ? 1 : 0,
        );
        cursor.toArray();
        deviceWritten = cursor.rowsWritten > 0;
        if (deviceWritten) {
          this.loadLatestCounts().set(deviceId, { deviceId, readingTs: newest.ts, count: newest.count, lastSeenAt: newest.ts });
        }
      }
      // An accepted uplink's signal is the device's latest, whichever reading it carried.
      if (stored.length > 0 && rssi !== null && !deviceWritten) this.sql.exec("UPDATE devices SET rssi = ? WHERE device_id = ?", rssi, deviceId);
      return { accepted: stored.length, duplicates, superseded, covered };
    });
  }

  /**
   * Marks quarter hours pending for the next flush. Each mark while a flush is under way bumps the
   * row's count, so that flush knows its result is out of date; otherwise a quarter hour already
   * pending needs no write.
   */
  private markPending(starts: Iterable<number>) {
    this.pendingBuckets ??= new Set(
      this.sql.exec<{ bucket_start: number }>("SELECT bucket_start FROM pending_buckets").toArray().map((row) => row.bucket_start),
    );
    for (const start of starts) {
      if (!this.flushing && this.pendingBuckets.has(start)) continue;
      this.sql.exec("INSERT INTO pending_buckets (bucket_start) VALUES (?) ON CONFLICT DO UPDATE SET marks = marks + 1", start);
      this.pendingBuckets.add(start);
    }
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

  /**
   * The object's raw coverage start (meta `raw_from`): quarter hours from it on were computed only
   * from readings it holds. On first use it starts where D1's quarter hours of the place end, so
   * history it never held (the demo seed's, or everything before its storage was lost) is never
   * recomputed from a few late readings; the purge moves it forward at the 7-day retention.
   */
  private async ensureRawCoverage(placeId: number): Promise<void> {
    if (this.meta("raw_from") !== null) return;
    this.rawCoverageLoad ??= rollupsEnd(getDb(this.env), placeId).finally(() => {
      this.rawCoverageLoad = null;
    });
    const end = await this.rawCoverageLoad;
    if (this.meta("raw_from") === null) this.setMeta("raw_from", String(end));
  }

  async heartbeat(placeId: number, keyHash: string, input: HeartbeatInput, readFromD1?: KeyFromD1): Promise<{ ok: true } | DeviceRefusal> {
    const deviceId = await this.admitDevice(placeId, keyHash, readFromD1);
    if (typeof deviceId !== "number") return deviceId;
    return this.noteHeartbeat(placeId, deviceId, input);
  }

  /** heartbeat() for a device the worker identified another way, like ingestFrom(). */
  async heartbeatFrom(placeId: number, deviceId: number, input: HeartbeatInput): Promise<{ ok: true } | DeviceRefusal> {
    return this.revokedRefusal(deviceId) ?? this.rateLimit(deviceId) ?? this.noteHeartbeat(placeId, deviceId, input);
  }

  /**
   * The worker found the device in D1 before calling; a revocation that reached this object in
   * between (forgetDevice) still wins, so an uplink in flight cannot bring a revoked device back.
   */
  private revokedRefusal(deviceId: number): DeviceRefusal | null {
    this.revokedDevices ??= new Set(
      this.sql.exec<{ device_id: number }>("SELECT device_id FROM revoked_devices").toArray().map((row) => row.device_id),
    );
    return this.revokedDevices.has(deviceId) ? { refused: "revoked" } : null;
  }

  private async noteHeartbeat(placeId: number, deviceId: number, input: HeartbeatInput): Promise<{ ok: true }> {
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
    if (!config) return { people: null, percent: null, level: null, devices: null, devicesOnline: 0, updatedAt: null };
    return liveSnapshotOf(this.deviceStatuses(), config, Date.now(), this.importDevice());
  }

  /**
   * Latest reading, heartbeat and firmware details of every device that ever reported, and its
   * implausible readings of the last 24 hours.
   */
  async devices(placeId: number): Promise<DeviceReport[]> {
    this.rememberPlace(placeId);
    // SQLite takes the bare columns of an aggregate with one max() from the row holding that max.
    const flagged = this.sql
      .exec<{ device_id: number; n: number; ts: number; count: number; implausible_packed: number }>(
        `SELECT device_id, count(*) AS n, max(ts) AS ts, count, implausible_packed FROM readings
         WHERE minute >= ? AND implausible_packed IS NOT NULL GROUP BY device_id`,
        minuteStart(Date.now() - DAY_MS),
      )
      .toArray();
    const statuses = this.deviceStatuses();
    const reports: DeviceReport[] = statuses.map((status) => ({ ...status, implausible: null }));
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
    this.latestCounts?.delete(deviceId);
    this.sql.exec("INSERT OR IGNORE INTO revoked_devices (device_id) VALUES (?)", deviceId);
    this.revokedDevices?.add(deviceId);
    await this.scheduleFlush();
  }

  /**
   * A revoked device registered again under its name keeps its id: its uplinks count again. Call
   * after every registration (a new device's id was never revoked, so it changes nothing then).
   */
  async deviceRegistered(placeId: number, deviceId: number): Promise<void> {
    this.rememberPlace(placeId);
    this.sql.exec("DELETE FROM revoked_devices WHERE device_id = ?", deviceId);
    this.revokedDevices?.delete(deviceId);
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
      this.liveEpisodes = null;
      this.pendingBuckets = null;
      await this.setAlarm(now + WRITE_INTERVAL_MS);
    }
  }

  private async writeDue(placeId: number, now: number) {
    const config = await this.loadConfig();
    if (!config) {
      // The place was deleted (its D1 rows went with it): nothing left to keep.
      this.sql.exec(
        "DELETE FROM readings; DELETE FROM devices; DELETE FROM pending_buckets; DELETE FROM meta; DELETE FROM revoked_devices; DELETE FROM pending_alerts;",
      );
      this.metaCache.clear();
      this.liveEpisodes = null;
      this.pendingBuckets = null;
      this.revokedDevices = null;
      this.latestCounts = null;
      return;
    }
    this.flushing = true;
    try {
      await this.flushPending(placeId, config, now);
    } finally {
      this.flushing = false;
    }
  }

  /** writeDue()'s D1 batch, during which every mark bumps its row (markPending). */
  private async flushPending(placeId: number, config: OccupancyConfig, now: number) {
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
    const dayPeaks = days.length > 0 ? dayRollupWrites(db, placeId, config, Math.min(...days), Math.max(...days), now) : [];
    const live = liveSnapshotOf(this.deviceStatuses(), config, now, this.importDevice());
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
      // Which rows that left is for the table to say: read again on the next mark.
      this.pendingBuckets = null;
    }
    this.purgeOldReadings(now);
    await this.runAlerts(placeId, config, now);
    await this.scheduleNext(now, live);
  }

  /**
   * The alarm's share of alerts: (re)loads the rules and the usual profile when stale, evaluates
   * the live rules (so a condition held for N minutes fires even between readings) and delivers
   * what fired since the last run. A failure leaves the alerts pending for the next alarm.
   */
  private async runAlerts(placeId: number, config: OccupancyConfig, now: number) {
    try {
      await this.loadAlertSetup(placeId, config, now);
      this.evaluateLiveAlerts(config, now);
      await this.flushAlerts(placeId, now);
    } catch (error) {
      console.error(`place ${placeId}: alerts failed; retrying on the next alarm`, error);
    }
  }

  private async loadAlertSetup(placeId: number, config: OccupancyConfig, now: number) {
    const day = venueDayAt(config, now);
    const setup = this.alertSetup;
    if (setup && now - setup.loadedAt < CONFIG_TTL_MS && setup.day === day) return;
    const db = getDb(this.env);
    const [rules, place] = await Promise.all([alertRulesOf(db, placeId), findWhenPlace(db, placeId, now)]);
    if (!place) return;
    // The usual changes only when a venue day completes: kept for the day, once read after the
    // day's first minutes, when the day before's last quarter hour is in D1 (SETTLE_MS).
    const settled = (loadedAt: number) => loadedAt >= venueDayRange(config, day).start + SETTLE_MS;
    let usual = setup && setup.day === day && setup.usual && settled(setup.loadedAt) ? setup.usual : null;
    if (rules.busier_than_usual.enabled && usual === null) {
      usual = usualProfile(await historyBeforeToday(db, place, now, (write) => this.ctx.waitUntil(write())), place);
    }
    this.alertSetup = { rules, place, usual, day, loadedAt: now };
  }

  /**
   * Steps the near-capacity and busier-than-usual episodes with the live numbers at `now`: O(1)
   * per request (the devices' latest counts, held in memory), no storage read and no D1. Fired
   * alerts wait in pending_alerts for the alarm, which delivers them off the sensor's request.
   */
  private evaluateLiveAlerts(config: OccupancyConfig, now: number) {
    const setup = this.alertSetup;
    if (!setup) return;
    // With both live rules off the episodes only need to stay idle: no read of the devices.
    const anyOn = setup.rules.near_capacity.enabled || setup.rules.busier_than_usual.enabled;
    const live = anyOn ? liveSnapshotOf(this.recentCounts(now), config, now, this.importDevice()) : { percent: null, people: null };
    const usualPercent = setup.usual?.enough_data && live.percent !== null ? usualPercentAt(setup.usual.days, setup.place, now) : null;
    const before = (this.liveEpisodes ??= this.episodesOf("alert_live", IDLE_LIVE));
    const outcome = evaluateLive(setup.rules, before, { percent: live.percent, people: live.people, usualPercent }, now);
    this.recordAlerts("alert_live", before, outcome.episodes, outcome.fired);
    this.liveEpisodes = outcome.episodes;
  }

  /** The latest counts of the devices that read within the live window: all a live percent needs. */
  private recentCounts(now: number): DeviceLatest[] {
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

  private episodesOf<T extends EpisodeSet>(key: string, idle: T): T {
    const stored = this.meta(key);
    return stored ? JSON.parse(stored) : idle;
  }

  /** Keeps an episode state (written only when it changed) and queues what fired, in one transaction. */
  private recordAlerts(key: string, before: EpisodeSet, episodes: EpisodeSet, fired: readonly FiredAlert[]) {
    const changed = !sameEpisodes(before, episodes);
    if (!changed && fired.length === 0) return;
    this.ctx.storage.transactionSync(() => {
      if (changed) this.setMeta(key, JSON.stringify(episodes));
      queuePendingAlerts(this.sql, fired);
    });
  }

  /** Delivers pending alerts: notifications in D1 and one queue message per webhook endpoint. */
  private async flushAlerts(placeId: number, now: number) {
    await flushPendingAlerts(this.sql, this.env, placeId, now);
  }

  /** Call after the place's alert rules change: the next alarm reloads them. */
  async alertRulesChanged(placeId: number): Promise<void> {
    this.rememberPlace(placeId);
    this.alertSetup = null;
  }

  /**
   * The cron's question (every 5 minutes, only for places with sensors): has a sensor gone
   * offline while the venue is open, or been flagged by sensor health? Fired alerts are delivered
   * at once. `sensors` is the place's active devices and hours as D1 has them. Returns how many fired.
   */
  async checkSensors(sensors: PlaceSensors, now: number): Promise<number> {
    const placeId = sensors.placeId;
    this.rememberPlace(placeId);
    const config = await this.loadConfig();
    if (!config) return 0;
    await this.loadAlertSetup(placeId, config, now);
    const setup = this.alertSetup;
    if (!setup) return 0;
    const reports = await this.devices(placeId);
    const open = mayBeOpenAt(sensors.hours, sensors.timeZone, now);
    let fired = 0;
    for (const device of sensors.devices) {
      const report = reports.find((r) => r.deviceId === device.id);
      const problems = report
        ? sensorHealth(report, { hours: sensors.hours, timeZone: sensors.timeZone, lorawan: device.lorawan }, now).filter((problem) => problem.code !== "offline")
        : [];
      const key = `alert_sensor:${device.id}`;
      const before = this.episodesOf(key, IDLE_SENSOR);
      const outcome = evaluateSensor(setup.rules, before, { deviceId: device.id, name: device.name, lastSeenAt: report?.lastSeenAt ?? null, open, problems }, now);
      this.recordAlerts(key, before, outcome.episodes, outcome.fired);
      fired += outcome.fired.length;
    }
    await this.flushAlerts(placeId, now);
    return fired;
  }

  private computeBucket(start: number): ReturnType<typeof aggregateBuckets> {
    const window = readingsWindowFor(start);
    const rows = this.sql.exec<{ device_id: number; ts: number; count: number }>(
      "SELECT device_id, ts, count FROM readings WHERE minute >= ? AND minute < ? AND implausible_packed IS NULL ORDER BY device_id, minute",
      window.from,
      window.to,
    );
    // Streamed row by row, so a flush holds one reading at a time, not the window.
    function* readings(): Generator<Reading> {
      for (const row of rows) yield { deviceId: row.device_id, ts: row.ts, count: row.count };
    }
    return aggregateBuckets(readings(), start, start + BUCKET_MS, this.importDevice());
  }

  /**
   * Keeps 7 days, and anything a pending quarter hour still needs. Quarter hours before the kept
   * readings can no longer be recomputed, so the raw coverage start moves up to them.
   */
  private purgeOldReadings(now: number) {
    const [oldestPending] = this.sql.exec<{ start: number | null }>("SELECT min(bucket_start) AS start FROM pending_buckets").toArray();
    const keepFrom = Math.min(bucketStart(now - RETENTION_MS), oldestPending?.start ?? Infinity);
    const rawFrom = this.meta("raw_from");
    if (rawFrom !== null && keepFrom > Number(rawFrom)) this.setMeta("raw_from", String(keepFrom));
    this.sql.exec("DELETE FROM readings WHERE minute < ?", readingsWindowFor(keepFrom).from);
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
    // Alerts whose delivery failed are tried again.
    if (this.sql.exec("SELECT 1 FROM pending_alerts LIMIT 1").toArray().length > 0) candidates.push(now + WRITE_INTERVAL_MS);
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
  private async admitDevice(placeId: number, keyHash: string, readFromD1?: KeyFromD1): Promise<number | DeviceRefusal> {
    const deviceId = await this.deviceOfKey(placeId, keyHash, readFromD1);
    if (deviceId === null) return { refused: "unknown-key" };
    return this.rateLimit(deviceId) ?? deviceId;
  }

  /** Counts a request of the device; a refusal once it made too many this minute. */
  private rateLimit(deviceId: number): DeviceRefusal | null {
    const retryAfterSeconds = this.deviceRequests.take(deviceId, Date.now());
    return retryAfterSeconds === null ? null : { refused: "rate-limited", retryAfterSeconds };
  }

  private async deviceOfKey(placeId: number, keyHash: string, readFromD1?: KeyFromD1): Promise<number | null> {
    const known = this.validKeys.get(keyHash);
    if (known && Date.now() - known.checkedAt < KEY_RECHECK_MS) return known.deviceId;
    if (this.refusedKeys.has(keyHash)) return null;
    // The worker read this key from D1 for this very request. A revocation that reached this object
    // since then put the device in revoked_devices, and such a device's key is read from D1 again
    // (it may be the new key of a device registered again under its name).
    if (readFromD1 && this.revokedRefusal(readFromD1.deviceId) === null) {
      this.validKeys.set(keyHash, { deviceId: readFromD1.deviceId, checkedAt: Date.now() });
      return readFromD1.deviceId;
    }
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

  /** The place's "Imported history" device, which yields to every other (importHistory). */
  private importDevice(): number | null {
    const id = this.meta("import_device");
    return id === null ? null : Number(id);
  }

  private setMeta(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
    this.metaCache.set(key, value);
  }
}
