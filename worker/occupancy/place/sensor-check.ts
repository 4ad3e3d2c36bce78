import { evaluateSensor, IDLE_SENSOR } from "../../alerts/episodes";
import type { PlaceSensors } from "../../db/alerts";
import type { DeviceReport } from "../device-status";
import { mayBeOpenAt } from "../../../common/opening-hours";
import { sensorHealth } from "../sensor-health";
import type { AlertSetup, AlertState } from "./alert-state";

/**
 * Steps each active sensor's episodes: offline while the venue may be open, or flagged by sensor
 * health (its own "offline" aside). `sensors` is the place's active devices and hours as D1 has
 * them, `reports` what the object knows of each device. Queues what fired; returns how many did.
 */
export function checkSensorEpisodes(alerts: AlertState, setup: AlertSetup, sensors: PlaceSensors, reports: readonly DeviceReport[], now: number): number {
  const open = mayBeOpenAt(sensors.hours, sensors.timeZone, now);
  let fired = 0;
  for (const device of sensors.devices) {
    const report = reports.find((r) => r.deviceId === device.id);
    const problems = report
      ? sensorHealth(report, { hours: sensors.hours, timeZone: sensors.timeZone, lorawan: device.lorawan }, now).filter((problem) => problem.code !== "offline")
      : [];
    const key = `alert_sensor:${device.id}`;
    const before = alerts.episodesOf(key, IDLE_SENSOR);
    const outcome = evaluateSensor(setup.rules, before, { deviceId: device.id, name: device.name, lastSeenAt: report?.lastSeenAt ?? null, open, problems }, now);
    alerts.record(key, before, outcome.episodes, outcome.fired);
    fired += outcome.fired.length;
  }
  return fired;
}
