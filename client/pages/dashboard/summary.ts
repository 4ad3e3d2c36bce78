// The 'Today at a Glance' summary: visitors so far, the busiest hour and how it compares with a
// usual day, from the answers the charts already use.
import type { Agg15Answer, DailySummaryItem } from "../../../worker/schemas/answers";

/** A venue day runs from 05:00 to 04:59 local time (ARCHITECTURE §5). */
export const DAY_START_HOUR = 5;

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant today's venue day began at the place (DST-correct). */
export function venueDayStart(now: number, timeZone: string, dayStartHour = DAY_START_HOUR): number {
  const local = new Date(now + zoneOffsetMs(now, timeZone));
  let startWall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), dayStartHour);
  if (local.getUTCHours() < dayStartHour) startWall -= 24 * 60 * 60 * 1000;
  // Convert the wall-clock start back to an instant with the offset that applies then.
  const guess = startWall - zoneOffsetMs(startWall, timeZone);
  return startWall - zoneOffsetMs(guess, timeZone);
}

/**
 * Arrivals since `since` estimated from quarter-hour headcounts: the first count plus every rise
 * between consecutive quarters. People who come and go within one quarter hour are not seen, so
 * this is a lower bound. Null when there is no count since then.
 */
export function visitorsSince(people: Agg15Answer, since: number): number | null {
  const counts = people.intervals
    .map((iso, index) => ({ at: Date.parse(iso), count: people.relative_fullness[index] }))
    .filter((bucket) => bucket.at >= since && Number.isFinite(bucket.count));
  if (counts.length === 0) return null;
  let total = counts[0].count;
  for (let index = 1; index < counts.length; index++) total += Math.max(0, counts[index].count - counts[index - 1].count);
  return Math.round(total);
}

export interface UsualComparison {
  today: number;
  usual: number;
  /** Percentage points, today minus usual. */
  difference: number;
}

/** The hour of day of an "HH:00" label (a zone name after it does not matter). */
const hourOfLabel = (label: string) => /^(\d{1,2}):/.exec(label)?.[1];

/** Today's level at `hour` next to the usual level at that hour (null when the hour is not listed). */
export function compareWithUsual(items: DailySummaryItem[], hour: string): UsualComparison | null {
  const wanted = hourOfLabel(hour);
  const item = wanted === undefined ? undefined : items.find((entry) => Number(hourOfLabel(entry.label)) === Number(wanted));
  if (!item) return null;
  return { today: item.last_day_value, usual: item.general_avg, difference: Math.round(item.last_day_value - item.general_avg) };
}

export function describeDifference({ difference }: UsualComparison): string {
  if (Math.abs(difference) < 3) return "About as busy as usual";
  return difference > 0 ? `${difference} points busier than usual` : `${-difference} points quieter than usual`;
}
