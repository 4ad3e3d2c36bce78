// Device status from check_pico's exists flag, with the explanation owners need
// when it says offline and each sensor's problems (stuck, clock drift…). Checked again every
// minute so a replugged device turns green.
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { HealthProblems } from "../../components/HealthProblems";
import { MESSAGES } from "../../lib/messages";

export const DEVICE_REFRESH_MS = 60_000;

export function DeviceBadge({ placeId }: { placeId: number }) {
  const { data, error } = useApi(ownerApi.checkPico(placeId), { refreshMs: DEVICE_REFRESH_MS });
  const devices = useApi(ownerApi.devices(placeId), { refreshMs: DEVICE_REFRESH_MS }).data?.devices ?? [];
  const troubled = devices.filter((device) => device.health.length > 0);
  const online = data?.exists;
  let label: string = online ? MESSAGES.deviceOnline : MESSAGES.deviceOffline;
  if (online === undefined) label = error !== null ? "Device status unknown" : "Checking device…";
  return (
    <details className="device-status">
      <summary className={`device-badge ${online === undefined ? "checking" : online ? "online" : "offline"}`}>{label}</summary>
      <div className="device-help">
        {troubled.map((device) => (
          <div key={device.id} className="device-problems">
            <p><strong>{device.name}</strong></p>
            <HealthProblems label={`Problems of ${device.name}`} health={device.health} />
          </div>
        ))}
        <p>Your Third Place device counts the crowd. Keep it switched on and plugged in at all times.</p>
        <p>If your venue's Wi-Fi has trouble, the device cannot send its counts and shows as offline until the connection is back.</p>
      </div>
    </details>
  );
}
