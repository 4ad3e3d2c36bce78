// The owner's evening (docs/insights.md#the-owners-evening): whether the venue has opened yet in
// this venue day (before that the key trends show last night), the venue now in a line, and what to
// do about a sensor. A new event's default start is in client/lib/eventForm.ts.
import { dateOfDay, venueDayAt, type PlaceClock } from "../../../common/local-time";
import { closedText } from "../../../common/live-summary";
import { SITE_LOCALE } from "../../lib/format";
import { closedAt, hasHours, isOpenAt, nextOpeningAt } from "../../../common/opening-hours";
import type { DeviceAnswer, KeyTrends, PlaceHours } from "../../../common/schemas/answers";
import { timeAgo } from "../../lib/format";
import { EVENING_MESSAGES, lastReadingAgo, peopleText, SENSOR_ADVICE, sensorsOnline } from "./messages";
import { venueDayStart } from "./summary";

/**
 * Whether the venue has not been open yet in the venue day holding `now`: before its first opening
 * "today's peak" is the small hours' leftovers (5 AM, 0 %), so last night's stands in. A place
 * without hours has always opened.
 */
export function beforeFirstOpening(hours: PlaceHours, clock: PlaceClock, now: number): boolean {
  if (!hasHours(hours)) return false;
  const start = venueDayStart(now, clock);
  if (isOpenAt(hours, clock.timeZone, start)) return false;
  const opening = nextOpeningAt(hours, clock.timeZone, start);
  return opening === null || opening > now;
}

/** The previous venue day's date ("2026-05-01"), last night's. */
export const lastNightDate = (clock: PlaceClock, now: number) => dateOfDay(venueDayAt(clock, now) - 1);

/** A sensor's problems, each with what to do about it; empty when it is fine. */
export function sensorActions(device: Pick<DeviceAnswer, "health">): { problem: string; advice: string }[] {
  return device.health.map((problem) => ({ problem: problem.message, advice: SENSOR_ADVICE[problem.code] }));
}

/**
 * The venue now in one line: "Lively · 23 people · 45%"; closed by its hours, "Closed · opens 5 PM"
 * whatever a sensor says (docs/when-to-go.md#closed-wins); else that no sensor has read in 5 minutes.
 */
export function nowLine(trends: KeyTrends, place: PlaceHours & { timezone: string }, now: number): string {
  if (closedAt(place, place.timezone, now)) {
    const opens = nextOpeningAt(place, place.timezone, now);
    return closedText(opens === null ? null : new Date(opens).toISOString(), place.timezone, now, SITE_LOCALE);
  }
  if (trends.currentCapacity === null) return EVENING_MESSAGES.noReadingNow;
  const people = trends.currentPopulation;
  return [trends.currentStatus, people === null ? null : peopleText(people), `${trends.currentCapacity}%`]
    .filter(Boolean)
    .join(" · ");
}

/** The sensors in one line: "2 of 2 sensors online · Last reading 4 min ago" (the newest of any). */
export function sensorsLine(devices: Pick<DeviceAnswer, "online" | "last_reading_at">[], now: number): string {
  if (devices.length === 0) return EVENING_MESSAGES.noSensors;
  const newest = devices
    .map((device) => device.last_reading_at)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  const online = sensorsOnline(devices.filter((device) => device.online).length, devices.length);
  return newest === undefined ? `${online} · ${EVENING_MESSAGES.neverReported}` : `${online} · ${lastReadingAgo(timeAgo(newest, now))}`;
}
