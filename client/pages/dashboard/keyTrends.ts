// The four key-trend tiles (spec §2): 'Loading...' until the first answer, 'Device Offline' in all
// four while no device reports (currentCapacity null).
import type { KeyTrends, Level } from "../../../worker/schemas/answers";
import { formatHour } from "./format";

export const LOADING = "Loading...";
export const DEVICE_OFFLINE = "Device Offline";

export interface Tile {
  label: string;
  value: string;
}

const LABELS = ["Current Capacity", "Current Status", "Today's Peak Hour", "Peak Hour Capacity"] as const;

export interface Thresholds {
  lively_threshold: number;
  packed_threshold: number;
}

/** Relaxed below the lively threshold, Packed from the packed threshold (ARCHITECTURE §5). */
export function levelFor(people: number, { lively_threshold, packed_threshold }: Thresholds): Level {
  if (people >= packed_threshold) return "Packed";
  if (people >= lively_threshold) return "Lively";
  return "Relaxed";
}

export function keyTrendTiles(trends: KeyTrends | null, thresholds: Thresholds): Tile[] {
  if (!trends) return LABELS.map((label) => ({ label, value: LOADING }));
  if (trends.currentCapacity === null) return LABELS.map((label) => ({ label, value: DEVICE_OFFLINE }));
  const people = trends.currentPopulation;
  const status =
    people === null ? "—" : `${levelFor(people, thresholds)} · ${people} ${people === 1 ? "person" : "people"}`;
  return [
    { label: LABELS[0], value: `${trends.currentCapacity}%` },
    { label: LABELS[1], value: status },
    { label: LABELS[2], value: trends.peakHour ? formatHour(trends.peakHour) : "—" },
    { label: LABELS[3], value: trends.peakHourUtilization === null ? "—" : `${trends.peakHourUtilization}%` },
  ];
}
