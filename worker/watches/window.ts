// Whether a watch's window holds at an instant (docs/watches.md#windows): pure, in the venue's
// local time, DST-correct through toWall.
import { DAY_MS, isValidTimeZone, toWall, weekdayOfDay } from "../../common/local-time";
import type { WatchWindow } from "../../common/schemas/watches";
import { minutesOf } from "../push/quiet-hours";

/**
 * True when `at` falls in the window in `timeZone`: from `from` up to (not including) `to`, across
 * midnight when `to` is not after `from` (equal: the whole day). `days` names the day the window
 * starts, so Friday 22:00–02:00 holds at 01:00 on Saturday. No window: always.
 */
export function inWatchWindow(window: WatchWindow | null, timeZone: string, at: number): boolean {
  if (!window) return true;
  const wall = toWall(isValidTimeZone(timeZone) ? timeZone : "UTC", at);
  const day = Math.floor(wall / DAY_MS);
  const minute = Math.floor((wall - day * DAY_MS) / 60_000);
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const startsOn = (d: number) => !window.days || window.days.includes(weekdayOfDay(d));
  if (from < to) return minute >= from && minute < to && startsOn(day);
  // Across midnight (or the whole day): the part after `from` started today, the part before `to` yesterday.
  if (minute >= from) return startsOn(day);
  return minute < to && startsOn(day - 1);
}
