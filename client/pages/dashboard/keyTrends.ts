// The four key-trend tiles: 'Loading...' until the first answer, 'Device Offline' in all
// four while no device reports (currentCapacity null).
import type { KeyTrends } from "../../../common/schemas/answers";
import { formatHour } from "../../lib/format";

export const LOADING = "Loading...";
export const DEVICE_OFFLINE = "Device Offline";

export interface Tile {
  label: string;
  value: string;
}

const LABELS = ["Current Capacity", "Current Status", "Today's Peak Hour", "Peak Hour Capacity"] as const;

export function keyTrendTiles(trends: KeyTrends | null): Tile[] {
  if (!trends) return LABELS.map((label) => ({ label, value: LOADING }));
  if (trends.currentCapacity === null) return LABELS.map((label) => ({ label, value: DEVICE_OFFLINE }));
  const people = trends.currentPopulation;
  // The level by the place's own thresholds, with the headcount behind it.
  const status = [trends.currentStatus, people === null ? null : `${people} ${people === 1 ? "person" : "people"}`]
    .filter(Boolean)
    .join(" · ");
  return [
    { label: LABELS[0], value: `${trends.currentCapacity}%` },
    { label: LABELS[1], value: status || "—" },
    { label: LABELS[2], value: trends.peakHour ? formatHour(trends.peakHour) : "—" },
    { label: LABELS[3], value: trends.peakHourUtilization === null ? "—" : `${trends.peakHourUtilization}%` },
  ];
}
