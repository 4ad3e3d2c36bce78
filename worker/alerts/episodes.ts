// Alert episodes (docs/alerts.md): a condition that holds for a rule's minutes fires once; it
// fires again only after the condition has cleared. Pure, so every rule is tested by hand
// (tests/worker/alert-episodes.test.ts); the place's object keeps the state between readings.
import type { AlertRules, AlertType } from "../../common/schemas/alerts";
import { MINUTE_MS } from "../occupancy/aggregate";

/** Where one condition stands: since when it holds (null: it does not) and whether it fired. */
export interface Episode {
  since: number | null;
  fired: boolean;
}

export const IDLE: Episode = { since: null, fired: false };

/**
 * What is known of the condition now: it holds (since `since` when the evidence says so, e.g.
 * a sensor's last contact; otherwise since it was first seen to hold), it does not, or nothing
 * can be said (null: a closed venue's silent sensor), which neither fires nor re-arms.
 */
export type Observation = { holds: true; since?: number } | { holds: false } | null;

/** One step of an episode at `now`: the new state, and whether the alert fires now. */
export function stepEpisode(episode: Episode, observation: Observation, now: number, holdMs: number): { episode: Episode; fire: boolean } {
  if (observation === null) return { episode, fire: false };
  if (!observation.holds) return { episode: IDLE, fire: false };
  const since = observation.since ?? episode.since ?? now;
  const fire = !episode.fired && now - since >= holdMs;
  return { episode: { since, fired: episode.fired || fire }, fire };
}

/** The episodes of one subject (the place's live numbers, or one sensor), by rule. */
export type EpisodeSet = { [rule: string]: Episode };

/** Whether two states of the same subject's episodes are equal, so an unchanged state is not written again. */
export function sameEpisodes<T extends EpisodeSet>(a: T, b: T): boolean {
  return Object.keys(a).every((rule) => a[rule].since === b[rule]?.since && a[rule].fired === b[rule]?.fired);
}

/** An alert that fired: its type, when, a sentence for the dashboard and the numbers for webhooks. */
export interface FiredAlert {
  type: AlertType;
  occurredAt: number;
  message: string;
  data: Record<string, unknown>;
}

/** The live numbers the capacity rules read; percent null while no sensor is live. */
export interface LiveReading {
  percent: number | null;
  people: number | null;
  /** The usual percent of this hour (popular times); null without enough history or when closed. */
  usualPercent: number | null;
}

export interface LiveEpisodes extends EpisodeSet {
  near_capacity: Episode;
  busier_than_usual: Episode;
}

export const IDLE_LIVE: LiveEpisodes = { near_capacity: IDLE, busier_than_usual: IDLE };

const minutesMs = (minutes: number) => minutes * MINUTE_MS;

/**
 * Near capacity (percent ≥ X for N minutes) and busier than usual (≥ Y points above the hour's
 * usual for N minutes). A disabled rule is idle, so switching it on starts a fresh episode.
 * Silence (no live percent) clears both: an empty feed is not a full room.
 */
export function evaluateLive(rules: AlertRules, episodes: LiveEpisodes, live: LiveReading, now: number): { episodes: LiveEpisodes; fired: FiredAlert[] } {
  const fired: FiredAlert[] = [];
  const capacity = rules.near_capacity;
  const near = stepEpisode(
    episodes.near_capacity,
    capacity.enabled ? { holds: live.percent !== null && live.percent >= capacity.percent } : { holds: false },
    now,
    minutesMs(capacity.minutes),
  );
  if (near.fire) {
    fired.push({
      type: "near_capacity",
      occurredAt: now,
      message: `Near capacity: ${live.percent}% full${capacity.minutes > 0 ? `, at or above ${capacity.percent}% for ${capacity.minutes} min` : ` (alert at ${capacity.percent}%)`}.`,
      data: { percent: live.percent, people: live.people, threshold_percent: capacity.percent, minutes: capacity.minutes },
    });
  }
  const busier = rules.busier_than_usual;
  const above = live.percent !== null && live.usualPercent !== null ? live.percent - live.usualPercent : null;
  const busy = stepEpisode(
    episodes.busier_than_usual,
    busier.enabled ? { holds: above !== null && above >= busier.points } : { holds: false },
    now,
    minutesMs(busier.minutes),
  );
  if (busy.fire) {
    fired.push({
      type: "busier_than_usual",
      occurredAt: now,
      message: `Busier than usual: ${live.percent}% full against a usual ${live.usualPercent}% at this hour (${above} points above).`,
      data: { percent: live.percent, usual_percent: live.usualPercent, points_above: above, threshold_points: busier.points, minutes: busier.minutes },
    });
  }
  return { episodes: { near_capacity: near.episode, busier_than_usual: busy.episode }, fired };
}

/** One sensor as the offline and flagged rules see it. */
export interface SensorReading {
  deviceId: number;
  name: string;
  /** Its last count or heartbeat (ms); null when the place's object never heard from it. */
  lastSeenAt: number | null;
  /** Whether the venue is open now by its hours (a place without hours is always open). */
  open: boolean;
  /** Its sensor-health problems other than being offline (stuck, implausible, clock drift, weak signal). */
  problems: { code: string; message: string }[];
}

export interface SensorEpisodes extends EpisodeSet {
  offline: Episode;
  flagged: Episode;
}

export const IDLE_SENSOR: SensorEpisodes = { offline: IDLE, flagged: IDLE };

/**
 * Sensor offline (nothing for N minutes while the venue is open) and sensor flagged (sensor
 * health names a problem). Offline counts from the last contact; while the venue is closed
 * nothing is concluded, so a sensor switched off with the lights neither fires nor re-arms, and
 * one still dead at opening fires once N minutes of silence are reached. A sensor never heard
 * from has no last contact and is left to the devices list.
 */
export function evaluateSensor(rules: AlertRules, episodes: SensorEpisodes, sensor: SensorReading, now: number): { episodes: SensorEpisodes; fired: FiredAlert[] } {
  const fired: FiredAlert[] = [];
  const rule = rules.sensor_offline;
  let offlineObservation: Observation;
  if (!rule.enabled || sensor.lastSeenAt === null) offlineObservation = { holds: false };
  else if (now - sensor.lastSeenAt < minutesMs(rule.minutes)) offlineObservation = { holds: false };
  else offlineObservation = sensor.open ? { holds: true, since: sensor.lastSeenAt } : null;
  const offline = stepEpisode(episodes.offline, offlineObservation, now, minutesMs(rule.minutes));
  if (offline.fire) {
    const silentMinutes = Math.floor((now - sensor.lastSeenAt!) / MINUTE_MS);
    fired.push({
      type: "sensor_offline",
      occurredAt: now,
      message: `Sensor offline: ${sensor.name} has sent nothing for ${silentMinutes} min while the venue is open.`,
      data: { device_id: sensor.deviceId, device_name: sensor.name, last_seen_at: new Date(sensor.lastSeenAt!).toISOString(), minutes: rule.minutes },
    });
  }
  const flaggedRule = rules.sensor_flagged;
  const flagged = stepEpisode(episodes.flagged, { holds: flaggedRule.enabled && sensor.problems.length > 0 }, now, 0);
  if (flagged.fire) {
    fired.push({
      type: "sensor_flagged",
      occurredAt: now,
      message: `Sensor flagged: ${sensor.name}: ${sensor.problems.map((problem) => problem.message).join("; ")}.`,
      data: { device_id: sensor.deviceId, device_name: sensor.name, problems: sensor.problems },
    });
  }
  return { episodes: { offline: offline.episode, flagged: flagged.episode }, fired };
}
