// Whether a notification may also be pushed now (docs/push.md#caps-and-quiet-hours): at most
// DAILY_PUSH_CAP pushes per account in any 24 hours, none in the account's quiet hours (its own
// wall clock, DST-correct; a window may cross midnight). Held-back notifications stay in the inbox.
import { DAY_MS, isValidTimeZone, toWall } from "../../common/local-time";

export const DAILY_PUSH_CAP = 6;

/** "HH:MM" local times; the window runs from start up to end, across midnight when end ≤ start. */
export interface QuietHours {
  start: string;
  end: string;
}

/** Quiet hours of an account that chose none yet. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: "00:00", end: "09:00" };

export type PushDecision = "push" | "daily_cap" | "quiet_hours";

/** Minutes after midnight of an "HH:MM" time. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** True when the local minute of the day `minute` is inside the window. Equal start and end: no quiet hours. */
export function inQuietHours(minute: number, quietHours: QuietHours): boolean {
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Push now, or hold it back? `sentToday`: pushes let through for the account in the 24 hours before
 * `now`. `quietHours` null means none; an unknown time zone counts as UTC.
 */
export function pushDecision({
  now,
  timeZone,
  quietHours,
  sentToday,
}: {
  now: number;
  timeZone: string;
  quietHours: QuietHours | null;
  sentToday: number;
}): PushDecision {
  if (quietHours) {
    const wall = toWall(isValidTimeZone(timeZone) ? timeZone : "UTC", now);
    const minute = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
    if (inQuietHours(minute, quietHours)) return "quiet_hours";
  }
  return sentToday >= DAILY_PUSH_CAP ? "daily_cap" : "push";
}
