// A venue now, in two lines: its level, people and percent, and its sensors (how many online, the
// newest reading). On the dashboard's landing for each venue and atop a venue's tabs; the same
// requests as the key-trend tiles and the device badge, on their refresh periods.
import type { OwnedPlace } from "../../../common/schemas/answers";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { DEVICE_REFRESH_MS } from "./DeviceBadge";
import { nowLine, sensorsLine } from "./evening";
import { KEY_TRENDS_REFRESH_MS } from "./KeyTrendsPanel";
import { LOADING } from "./keyTrends";

export function VenueNowLines({ place }: { place: OwnedPlace }) {
  const trends = useApi(ownerApi.keyTrends(place.id), { refreshMs: KEY_TRENDS_REFRESH_MS });
  const devices = useApi(ownerApi.devices(place.id), { refreshMs: DEVICE_REFRESH_MS });
  return (
    <>
      <p className="now-level">{trends.data ? nowLine(trends.data, place, trends.loadedAt ?? Date.now()) : LOADING}</p>
      <p className="now-sensors">{devices.data ? sensorsLine(devices.data.devices, devices.loadedAt ?? Date.now()) : LOADING}</p>
    </>
  );
}
