import { DurableObject } from "cloudflare:workers";
import { getDb } from "../db/client";
import { deviceByKeyHash } from "../db/devices";
import { occupancyConfig, rollupsEnd, type OccupancyConfig } from "../db/occupancy";
import type { PlaceSensors } from "../db/alerts";
import { bucketStart, type LiveSnapshot } from "./aggregate";
import type { IndexedCount, TimedCount } from "./reading-window";
import type { DeviceReport } from "./device-status";
import { AlarmSchedule, WRITE_INTERVAL_MS } from "./place/alarm-schedule";
import { AlertState } from "./place/alert-state";
import { ConfigCache } from "./place/config-cache";
import { DeviceRateLimit } from "./place/device-rate-limit";
import { DeviceRegistry } from "./place/device-registry";
import { importRawStart, rememberImportDevice } from "./place/history-import";
import { KeyCache } from "./place/key-cache";
import { liveSnapshotOf, NO_LIVE } from "./place/live-snapshot";
import { Meta } from "./place/meta";
import { PendingBuckets } from "./place/pending-buckets";
import { RawCoverage } from "./place/raw-coverage";
import { ReadingStore } from "./place/reading-store";
import { flushRollups } from "./place/rollup-flush";
import { deleteEverything, migrateSchema } from "./place/schema";
import { checkSensorEpisodes } from "./place/sensor-check";
import { WatchState } from "./place/watch-state";
import type { DeviceRefusal, HeartbeatInput, IngestResult, KeyFromD1 } from "./place/types";

export { KEY_RECHECK_MS } from "./place/key-cache";
export { isRefusal, type DeviceRefusal, type HeartbeatInput, type IngestResult, type KeyFromD1 } from "./place/types";

export function placeOccupancy(env: Pick<Env, "PLACE_OCCUPANCY">, placeId: number) {
  return env.PLACE_OCCUPANCY.getByName(`place:${placeId}`);
}

/**
 * One object per place (docs/architecture.md#from-sensor-to-chart): the single writer of the
 * venue's readings. It keeps 7 days of raw readings and each device's latest reading and
 * heartbeat in its own SQLite, and its alarm writes closed quarter hours to D1 occupancy_15m (and
 * their days' peaks to occupancy_day_peaks) and the live numbers to place_live in one batch at
 * most every 30 seconds.
 * Ingest never touches D1. This class owns the storage, the RPC surface and the alarm; each
 * concern is a module of ./place/ (docs/architecture.md#the-place-object).
 */
export class PlaceOccupancy extends DurableObject<Env> {
  private readonly meta: Meta;
  private readonly registry: DeviceRegistry;
  private readonly keys: KeyCache;
  private readonly rateLimits = new DeviceRateLimit();
  private readonly pending: PendingBuckets;
  private readonly coverage: RawCoverage;
  private readonly readings: ReadingStore;
  private readonly schedule: AlarmSchedule;
  private readonly config: ConfigCache;
  private readonly alerts: AlertState;
  private readonly watches: WatchState;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const storage = ctx.storage;
    migrateSchema(storage);
    const db = () => getDb(this.env);
    this.meta = new Meta(storage.sql);
    this.registry = new DeviceRegistry(storage.sql);
    this.keys = new KeyCache(
      (keyHash) => deviceByKeyHash(db(), keyHash),
      (deviceId) => this.registry.revokedRefusal(deviceId) !== null,
    );
    this.pending = new PendingBuckets(storage.sql);
    this.coverage = new RawCoverage(storage.sql, this.meta, this.pending, (placeId) => rollupsEnd(db(), placeId));
    this.readings = new ReadingStore(storage, this.registry, this.pending);
    this.schedule = new AlarmSchedule(storage, this.meta, this.pending);
    this.config = new ConfigCache(this.meta, (placeId) => occupancyConfig(db(), placeId));
    this.alerts = new AlertState({ storage, meta: this.meta, devices: this.registry, env, waitUntil: (write) => ctx.waitUntil(write), db });
    this.watches = new WatchState({ storage, meta: this.meta, devices: this.registry, env, db });
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
    const refusal = this.registry.revokedRefusal(deviceId) ?? this.rateLimits.take(deviceId, Date.now());
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
    const rawFrom = this.coverage.from();
    const counts = (reading: IndexedCount) => bucketStart(Math.min(reading.ts, now)) >= rawFrom;
    const final = readings.filter((reading) => !counts(reading)).map((reading) => reading.index);
    const outcome = this.readings.store(deviceId, readings.filter(counts), now, config, { yieldToOthers: false, sensorClock, rssi });
    if (outcome.accepted > 0) {
      if (config) {
        this.alerts.evaluateLive(config, now);
        this.watches.evaluate(placeId, config, now);
      }
      await this.schedule.scheduleFlush();
    }
    return { ...outcome, final, rawFrom };
  }

  /**
   * Stores the part of an imported history (sorted by time) that the object may still recompute:
   * from `rawStart` on (history-import.ts). With `yieldToOthers` (the place's "Imported history"
   * device) a reading is skipped in any minute another device already counts for, and the device
   * is remembered as the one that yields when quarter hours are computed, so a live sensor and its
   * own log never add up, whichever arrives first (aggregate.ts peoplePerMinuteYielding).
   */
  async importHistory(placeId: number, deviceId: number, readings: readonly TimedCount[], now: number, yieldToOthers: boolean) {
    const config = await this.prepareToStore(placeId);
    if (yieldToOthers) rememberImportDevice(this.meta, deviceId);
    const rawStart = importRawStart(this.coverage.from(), now);
    const outcome = this.readings.store(deviceId, readings.filter((reading) => reading.ts >= rawStart), now, config, { yieldToOthers, sensorClock: false });
    if (outcome.accepted > 0) await this.schedule.scheduleFlush();
    return { ...outcome, rawStart };
  }

  private async prepareToStore(placeId: number): Promise<OccupancyConfig | null> {
    this.meta.rememberPlace(placeId);
    await this.coverage.ensure(placeId);
    return this.config.load();
  }

  async heartbeat(placeId: number, keyHash: string, input: HeartbeatInput, readFromD1?: KeyFromD1): Promise<{ ok: true } | DeviceRefusal> {
    const deviceId = await this.admitDevice(placeId, keyHash, readFromD1);
    if (typeof deviceId !== "number") return deviceId;
    return this.noteHeartbeat(placeId, deviceId, input);
  }

  /** heartbeat() for a device the worker identified another way, like ingestFrom(). */
  async heartbeatFrom(placeId: number, deviceId: number, input: HeartbeatInput): Promise<{ ok: true } | DeviceRefusal> {
    return this.registry.revokedRefusal(deviceId) ?? this.rateLimits.take(deviceId, Date.now()) ?? this.noteHeartbeat(placeId, deviceId, input);
  }

  /** The id of the unrevoked device of this place that `keyHash` belongs to, counted against its rate limit. */
  private async admitDevice(placeId: number, keyHash: string, readFromD1?: KeyFromD1): Promise<number | DeviceRefusal> {
    const deviceId = await this.keys.deviceOf(placeId, keyHash, readFromD1);
    if (deviceId === null) return { refused: "unknown-key" };
    return this.rateLimits.take(deviceId, Date.now()) ?? deviceId;
  }

  private async noteHeartbeat(placeId: number, deviceId: number, input: HeartbeatInput): Promise<{ ok: true }> {
    this.meta.rememberPlace(placeId);
    this.registry.noteHeartbeat(deviceId, input, Date.now());
    await this.schedule.scheduleFlush();
    return { ok: true };
  }

  /** People, percent and level now; null numbers when no device reported in 5 minutes. */
  async live(placeId: number): Promise<LiveSnapshot> {
    this.meta.rememberPlace(placeId);
    const config = await this.config.load();
    if (!config) return NO_LIVE;
    return liveSnapshotOf(this.registry.statuses(), config, Date.now(), this.meta.importDevice());
  }

  /**
   * Latest reading, heartbeat and firmware details of every device that ever reported, and its
   * implausible readings of the last 24 hours.
   */
  async devices(placeId: number): Promise<DeviceReport[]> {
    this.meta.rememberPlace(placeId);
    return this.registry.reports(Date.now());
  }

  /** A revoked device's key stops working and it stops counting towards live numbers at once; its past readings stay. */
  async forgetDevice(placeId: number, deviceId: number): Promise<void> {
    this.keys.forget(deviceId);
    this.meta.rememberPlace(placeId);
    this.registry.revoke(deviceId);
    await this.schedule.scheduleFlush();
  }

  /**
   * A revoked device registered again under its name keeps its id: its uplinks count again. Call
   * after every registration (a new device's id was never revoked, so it changes nothing then).
   */
  async deviceRegistered(placeId: number, deviceId: number): Promise<void> {
    this.meta.rememberPlace(placeId);
    this.registry.registered(deviceId);
  }

  /** Call after a place's thresholds change: the next live answer and alarm use the new ones. */
  async placeChanged(placeId: number): Promise<void> {
    this.meta.rememberPlace(placeId);
    this.config.forget();
    await this.schedule.scheduleFlush();
  }

  /** Call after the place's alert rules change: the next alarm reloads them. */
  async alertRulesChanged(placeId: number): Promise<void> {
    this.meta.rememberPlace(placeId);
    this.alerts.rulesChanged();
  }

  /**
   * The cron's question (every 5 minutes, only for places with sensors): has a sensor gone
   * offline while the venue is open, or been flagged by sensor health? Fired alerts are delivered
   * at once. `sensors` is the place's active devices and hours as D1 has them. Returns how many fired.
   */
  async checkSensors(sensors: PlaceSensors, now: number): Promise<number> {
    const placeId = sensors.placeId;
    this.meta.rememberPlace(placeId);
    const config = await this.config.load();
    if (!config) return 0;
    await this.alerts.loadSetup(placeId, config, now);
    const setup = this.alerts.setup;
    if (!setup) return 0;
    const fired = checkSensorEpisodes(this.alerts, setup, sensors, await this.devices(placeId), now);
    await this.alerts.flush(placeId, now);
    return fired;
  }

  /**
   * Writes what is due in one D1 batch: quarter hours closed since the last run (and past ones
   * that late readings touched) and the live row. At-least-once safe: the writes are upserts and
   * the pending list is only cleared after D1 accepted them, so a failure is retried on the next
   * alarm, 30 seconds later.
   */
  override async alarm(): Promise<void> {
    this.schedule.spent();
    const now = Date.now();
    const placeId = this.meta.placeId();
    if (placeId === null) return;
    try {
      await this.writeDue(placeId, now);
    } catch (error) {
      // D1 unreachable (reading the place or writing the batch): nothing pending was cleared.
      console.error(`place ${placeId}: writing occupancy to D1 failed; retrying in ${WRITE_INTERVAL_MS / 1000} s`, error);
      this.meta.forget();
      this.alerts.forgetEpisodes();
      this.watches.forget();
      this.pending.forget();
      await this.schedule.set(now + WRITE_INTERVAL_MS);
    }
  }

  private async writeDue(placeId: number, now: number) {
    const config = await this.config.load();
    if (!config) {
      // The place was deleted (its D1 rows went with it): nothing left to keep.
      deleteEverything(this.ctx.storage.sql);
      this.meta.forget();
      this.alerts.forgetEpisodes();
      this.watches.forget();
      this.pending.forget();
      this.registry.forget();
      return;
    }
    // While the batch waits for D1, every mark bumps its row (pending-buckets.ts).
    this.pending.flushing = true;
    let live: LiveSnapshot;
    try {
      live = await flushRollups(getDb(this.env), { storage: this.ctx.storage, meta: this.meta, pending: this.pending, devices: this.registry }, placeId, config, now);
      this.coverage.purge(now);
      await this.alerts.run(placeId, config, now);
      await this.watches.flush(placeId);
      await this.schedule.scheduleNext(now, live);
    } finally {
      this.pending.flushing = false;
    }
  }
}
