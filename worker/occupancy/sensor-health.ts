// Sensor health: what is wrong with one device, in words the admin and the owner can act on.
// Each rule only uses what the place's object already records (docs/sensors.md#sensor-health); `flagged` keeps the implausible readings' details, this only names the problem.
import { API_LOCALE, formatInstant } from "../../common/formats";
import type { HealthProblem, PlaceHours } from "../../common/schemas/answers";
import { HOUR_MS } from "../../common/local-time";
import { isRecent, MINUTE_MS } from "./aggregate";
import { mayBeOpenAt } from "../../common/opening-hours";
import type { DeviceReport } from "./device-status";

export interface HealthContext {
  hours: PlaceHours;
  timeZone: string;
  /** A The Things Stack (LoRaWAN) device: its RSSI is a gateway's, not Wi-Fi's. */
  lorawan: boolean;
}

/** A count unchanged for this long while open is a frozen sensor, not a steady crowd. */
export const STUCK_AFTER_MS = 2 * HOUR_MS;
/** Open time is summed in steps this long: hours are whole minutes, and 2 h need only 24 steps. */
const STUCK_STEP_MS = 5 * MINUTE_MS;
/** Beyond this the sensor's clock, not the network, explains the gap (an HTTP round trip takes seconds). */
export const CLOCK_DRIFT_MS = MINUTE_MS;
/**
 * Weakest signal that is still reliable. Wi-Fi: an ESP32 holds 802.11n only to about −72 dBm and
 * 802.11b to about −97 dBm (its datasheet's receiver sensitivity), and −80 dBm is the usual
 * "basic connectivity only" line. LoRa: an SX127x gateway hears SF7 down to about −123 dBm, so
 * below −115 dBm the uplink has under 8 dB of margin and the network pushes the device to slower,
 * costlier spreading factors.
 */
export const WEAK_WIFI_DBM = -80;
export const WEAK_LORA_DBM = -115;

/** The fields of a device's status the rules read; undefined when the object never heard from it. */
export type HealthStatus = Pick<DeviceReport, "lastSeenAt" | "readingTs" | "count" | "countSince" | "driftMs" | "rssi" | "implausible">;

const localTime = (ms: number, timeZone: string) =>
  formatInstant(ms, API_LOCALE, { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** Whether the venue is open at `at`; a place without any hours may be open at any time. */
const openAt = (context: HealthContext, at: number) => mayBeOpenAt(context.hours, context.timeZone, at);

/** Open time in [from, to], counted back from `to` until it reaches `enough`. */
function openTimeBetween(context: HealthContext, from: number, to: number, enough: number): number {
  let open = 0;
  for (let at = to; at > from && open < enough; at -= STUCK_STEP_MS) {
    if (openAt(context, at)) open += Math.min(STUCK_STEP_MS, at - from);
  }
  return open;
}

/** The device's problems at `now`, in a fixed order; empty when it is healthy. */
export function sensorHealth(status: HealthStatus | undefined, context: HealthContext, now: number): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const lastSeenAt = status?.lastSeenAt ?? null;
  // A sensor switched off with the lights is not a problem.
  if (!isRecent(lastSeenAt, now) && openAt(context, now)) {
    const message = lastSeenAt === null ? "Offline: it has sent nothing yet" : `Offline since ${localTime(lastSeenAt, context.timeZone)}`;
    problems.push({ code: "offline", message });
  }
  if (status?.count != null && status.countSince != null && status.readingTs != null) {
    if (openTimeBetween(context, status.countSince, status.readingTs, STUCK_AFTER_MS) >= STUCK_AFTER_MS) {
      problems.push({
        code: "stuck",
        message: `Stuck: the count has been ${status.count.toLocaleString("en-US")} since ${localTime(status.countSince, context.timeZone)}, over 2 hours while open`,
      });
    }
  }
  if (status?.implausible) {
    const n = status.implausible.count;
    problems.push({ code: "implausible", message: `Implausible counts: ${n.toLocaleString("en-US")} in the last 24 hours, left out of the numbers` });
  }
  if (status?.driftMs != null && Math.abs(status.driftMs) > CLOCK_DRIFT_MS) {
    const seconds = Math.round(Math.abs(status.driftMs) / 1000);
    problems.push({ code: "clock_drift", message: `Clock drift: its clock is ${seconds} s ${status.driftMs > 0 ? "ahead" : "behind"}` });
  }
  const weakBelow = context.lorawan ? WEAK_LORA_DBM : WEAK_WIFI_DBM;
  if (status?.rssi != null && status.rssi < weakBelow) {
    problems.push({ code: "weak_signal", message: `Weak signal: ${status.rssi} dBm (below ${weakBelow} dBm)` });
  }
  return problems;
}
