import type { AlertRules } from "../../../common/schemas/alerts";
import { venueDayRange, venueDayAt } from "../../../common/local-time";
import { flushPendingAlerts, queuePendingAlerts } from "../../alerts/pending-alerts";
import { evaluateLive, IDLE_LIVE, sameEpisodes, type EpisodeSet, type FiredAlert, type LiveEpisodes } from "../../alerts/episodes";
import { alertRulesOf } from "../../db/alerts";
import type { Database } from "../../db/client";
import type { OccupancyConfig } from "../../db/occupancy";
import { historyBeforeToday, SETTLE_MS } from "../../db/usual-history";
import { findWhenPlace } from "../../db/when-to-go";
import { usualPercentAt, usualProfile, type UsualProfile, type WhenPlace } from "../popular-times";
import { CONFIG_TTL_MS } from "./config-cache";
import type { DeviceRegistry } from "./device-registry";
import { liveSnapshotOf } from "./live-snapshot";
import type { Meta } from "./meta";

/**
 * What alert evaluation needs beyond the occupancy config, loaded by the alarm (never on a
 * sensor's request): the rules, and the usual percent of each weekday's hour from popular times.
 */
export interface AlertSetup {
  rules: AlertRules;
  place: WhenPlace;
  /** Null while busier-than-usual is off (nothing reads it) or the place has no history yet. */
  usual: UsualProfile | null;
  /** The venue day the usual profile is for: a new day brings new history. */
  day: number;
  loadedAt: number;
}

export interface AlertParts {
  storage: DurableObjectStorage;
  meta: Meta;
  devices: DeviceRegistry;
  /** The worker's bindings alerts are delivered with (D1, the webhook queue). */
  env: Env;
  /** Keeps a write going after the call that started it answered (ctx.waitUntil). */
  waitUntil: (write: Promise<unknown>) => void;
  db: () => Database;
}

/**
 * The place's alert rules and episodes (docs/architecture.md#webhooks-and-alerts): the live
 * rules' episodes in meta "alert_live", each sensor's in "alert_sensor:<device>", and what fired
 * in pending_alerts until the alarm delivers it (worker/alerts/pending-alerts.ts).
 */
export class AlertState {
  /** Loaded by the alarm; until then readings are not evaluated (the alarm evaluates within 30 s). */
  private setupValue: AlertSetup | null = null;
  /** The live rules' episodes as meta "alert_live" holds them, parsed once (null until read). */
  private liveEpisodes: LiveEpisodes | null = null;

  constructor(private readonly parts: AlertParts) {}

  get setup(): AlertSetup | null {
    return this.setupValue;
  }

  async loadSetup(placeId: number, config: OccupancyConfig, now: number) {
    const day = venueDayAt(config, now);
    const setup = this.setupValue;
    if (setup && now - setup.loadedAt < CONFIG_TTL_MS && setup.day === day) return;
    const db = this.parts.db();
    const [rules, place] = await Promise.all([alertRulesOf(db, placeId), findWhenPlace(db, placeId, now)]);
    if (!place) return;
    // The usual changes only when a venue day completes: kept for the day, once read after the
    // day's first minutes, when the day before's last quarter hour is in D1 (SETTLE_MS).
    const settled = (loadedAt: number) => loadedAt >= venueDayRange(config, day).start + SETTLE_MS;
    let usual = setup && setup.day === day && setup.usual && settled(setup.loadedAt) ? setup.usual : null;
    if (rules.busier_than_usual.enabled && usual === null) {
      usual = usualProfile(await historyBeforeToday(db, place, now, (write) => this.parts.waitUntil(write())), place);
    }
    this.setupValue = { rules, place, usual, day, loadedAt: now };
  }

  /**
   * Steps the near-capacity and busier-than-usual episodes with the live numbers at `now`: O(1)
   * per request (the devices' latest counts, held in memory), no storage read and no D1. Fired
   * alerts wait in pending_alerts for the alarm, which delivers them off the sensor's request.
   */
  evaluateLive(config: OccupancyConfig, now: number) {
    const setup = this.setupValue;
    if (!setup) return;
    // With both live rules off the episodes only need to stay idle: no read of the devices.
    const anyOn = setup.rules.near_capacity.enabled || setup.rules.busier_than_usual.enabled;
    const live = anyOn ? liveSnapshotOf(this.parts.devices.recentCounts(now), config, now, this.parts.meta.importDevice()) : { percent: null, people: null };
    const usualPercent = setup.usual?.enough_data && live.percent !== null ? usualPercentAt(setup.usual.days, setup.place, now) : null;
    const before = (this.liveEpisodes ??= this.episodesOf("alert_live", IDLE_LIVE));
    const outcome = evaluateLive(setup.rules, before, { percent: live.percent, people: live.people, usualPercent }, now);
    this.record("alert_live", before, outcome.episodes, outcome.fired);
    this.liveEpisodes = outcome.episodes;
  }

  episodesOf<T extends EpisodeSet>(key: string, idle: T): T {
    const stored = this.parts.meta.get(key);
    return stored ? JSON.parse(stored) : idle;
  }

  /** Keeps an episode state (written only when it changed) and queues what fired, in one transaction. */
  record(key: string, before: EpisodeSet, episodes: EpisodeSet, fired: readonly FiredAlert[]) {
    const changed = !sameEpisodes(before, episodes);
    if (!changed && fired.length === 0) return;
    this.parts.storage.transactionSync(() => {
      if (changed) this.parts.meta.set(key, JSON.stringify(episodes));
      queuePendingAlerts(this.parts.storage.sql, fired);
    });
  }

  /** Delivers pending alerts: notifications in D1 and one queue message per webhook endpoint. */
  async flush(placeId: number, now: number) {
    await flushPendingAlerts(this.parts.storage.sql, this.parts.env, placeId, now);
  }

  /**
   * The alarm's share of alerts: (re)loads the rules and the usual profile when stale, evaluates
   * the live rules (so a condition held for N minutes fires even between readings) and delivers
   * what fired since the last run. A failure leaves the alerts pending for the next alarm.
   */
  async run(placeId: number, config: OccupancyConfig, now: number) {
    try {
      await this.loadSetup(placeId, config, now);
      this.evaluateLive(config, now);
      await this.flush(placeId, now);
    } catch (error) {
      console.error(`place ${placeId}: alerts failed; retrying on the next alarm`, error);
    }
  }

  /** The rules changed: the next alarm reloads them. */
  rulesChanged() {
    this.setupValue = null;
  }

  /** Drops the parsed episodes: meta may differ from them (a write failed, or it was emptied). */
  forgetEpisodes() {
    this.liveEpisodes = null;
  }
}
