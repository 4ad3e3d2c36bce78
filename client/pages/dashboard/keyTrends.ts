// The four key-trend tiles: 'Loading...' until the first answer, 'Device Offline' in all
// four while no device reports (currentCapacity null). Before the venue first opens in a venue
// day the last two show last night's peak instead of the small hours' (docs/insights.md#the-owners-evening).
import type { KeyTrends, PeakData } from "../../../common/schemas/answers";
import { formatHourLabel, SITE_LOCALE } from "../../lib/format";
import { EVENING_MESSAGES, peopleText } from "./messages";

export const LOADING = "Loading...";
export const DEVICE_OFFLINE = "Device Offline";

export interface Tile {
  label: string;
  value: string;
}

const LABELS = ["Current Capacity", "Current Status", "Today's Peak Hour", "Peak Hour Capacity"] as const;

/**
 * `lastNight`: undefined while the venue has opened today (today's peak is shown); null while last
 * night's peak is still being read; else last night's peak.
 */
export function keyTrendTiles(trends: KeyTrends | null, lastNight?: PeakData | null): Tile[] {
  if (!trends) return LABELS.map((label) => ({ label, value: LOADING }));
  if (trends.currentCapacity === null) return LABELS.map((label) => ({ label, value: DEVICE_OFFLINE }));
  const people = trends.currentPopulation;
  // The level by the place's own thresholds, with the headcount behind it.
  const status = [trends.currentStatus, people === null ? null : peopleText(people)]
    .filter(Boolean)
    .join(" · ");
  const now = [
    { label: LABELS[0], value: `${trends.currentCapacity}%` },
    { label: LABELS[1], value: status || "—" },
  ];
  if (lastNight !== undefined) {
    return [
      ...now,
      { label: EVENING_MESSAGES.lastNightPeakHour, value: lastNight === null ? LOADING : peakHourText(lastNight) },
      { label: EVENING_MESSAGES.lastNightPeakCapacity, value: lastNight === null ? LOADING : peakPercentText(lastNight) },
    ];
  }
  return [...now, { label: LABELS[2], value: peakHourText(trends) }, { label: LABELS[3], value: peakPercentText(trends) }];
}

export const peakHourText = (peak: PeakData) => (peak.peakHour ? formatHourLabel(peak.peakHour, SITE_LOCALE) : "—");
export const peakPercentText = (peak: PeakData) => (peak.peakHourUtilization === null ? "—" : `${peak.peakHourUtilization}%`);
