// Device status from check_pico's exists flag, with the explanation owners need
// when it says offline. Checked again every minute so a replugged device turns green.
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { MESSAGES } from "../../lib/messages";

export const DEVICE_REFRESH_MS = 60_000;

export function DeviceBadge({ placeId }: { placeId: number }) {
  const { data, error } = useApi(ownerApi.checkPico(placeId), { refreshMs: DEVICE_REFRESH_MS });
  const online = data?.exists;
  let label: string = online ? MESSAGES.deviceOnline : MESSAGES.deviceOffline;
  if (online === undefined) label = error !== null ? "Device status unknown" : "Checking device…";
  return (
    <details className="device-status">
      <summary className={`device-badge ${online === undefined ? "checking" : online ? "online" : "offline"}`}>{label}</summary>
      <div className="device-help">
        <p>Your Third Place device counts the crowd. Keep it switched on and plugged in at all times.</p>
        <p>If your venue's Wi-Fi has trouble, the device cannot send its counts and shows as offline until the connection is back.</p>
      </div>
    </details>
  );
}
