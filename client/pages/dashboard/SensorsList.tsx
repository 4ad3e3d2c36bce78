// The venue's sensors on the Now tab: each with online or offline, its last reading and, for each
// problem the server names, what to do about it (docs/sensors.md#sensor-health). The same request
// as the device badge, refreshed every minute.
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { timeAgo } from "../../lib/format";
import { Pending } from "./ChartCard";
import { DEVICE_REFRESH_MS } from "./DeviceBadge";
import { sensorActions } from "./evening";
import { EVENING_MESSAGES, lastReading } from "./messages";

export function SensorsList({ placeId }: { placeId: number }) {
  const { data, loadedAt, error, retry } = useApi(ownerApi.devices(placeId), { refreshMs: DEVICE_REFRESH_MS });
  const now = loadedAt ?? Date.now();
  let body;
  if (!data) body = <Pending failed={error !== null} retry={retry} what="the sensors" />;
  else if (data.devices.length === 0) body = <p>{EVENING_MESSAGES.noSensors}</p>;
  else
    body = (
      <>
        {data.devices.every((device) => device.health.length === 0) ? <p className="success-message">{EVENING_MESSAGES.allSensorsFine}</p> : null}
        <ul className="sensor-list">
          {data.devices.map((device) => (
            <li key={device.id} className="sensor-row">
              <p className="sensor-head">
                <strong>{device.name}</strong>
                <span className={`sensor-state ${device.online ? "online" : "offline"}`}>
                  {device.online ? EVENING_MESSAGES.sensorOnline : EVENING_MESSAGES.sensorOffline}
                </span>
              </p>
              <p className="sensor-reading">
                {device.last_count !== null && device.last_reading_at !== null
                  ? lastReading(device.last_count, timeAgo(device.last_reading_at, now))
                  : EVENING_MESSAGES.neverReported}
              </p>
              {sensorActions(device).map((action) => (
                <p key={action.problem} className="sensor-problem">
                  <strong>{action.problem}.</strong> {action.advice}
                </p>
              ))}
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section className="sensors" aria-labelledby={`sensors-${placeId}`}>
      <h3 id={`sensors-${placeId}`}>{EVENING_MESSAGES.sensorsTitle}</h3>
      {body}
    </section>
  );
}
