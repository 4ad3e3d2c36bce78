// The 'Today at a Glance' summary: visitors so far, the busiest hour and how it compares with a
// usual day, from the answers the charts already use.
import { venueDayAt, venueDayRange, type PlaceClock } from "../../../common/local-time";
import type { Agg15Answer, DailySummaryItem } from "../../../common/schemas/answers";

/** The instant the place's current venue day began (docs/glossary.md#venue-day, DST-correct). */
export function venueDayStart(now: number, clock: PlaceClock): number {
  return venueDayRange(clock, venueDayAt(clock, now)).start;
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
