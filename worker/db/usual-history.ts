// Kept usual means (docs/when-to-go.md#kept-history): the hourly means of the HISTORY_DAYS venue
// days before a place's today, kept in usual_histories, so that popular times, the forecast and the
// alert rules read one row instead of eight weeks of quarter hours, whatever the history. Any write of
// a quarter hour they cover deletes them (local-hours.ts dayRollupWrites); the cron keeps them for
// each new venue day and a reader that finds none reads occupancy_15m and keeps what it read.
import { eq, sql } from "drizzle-orm";
import { places, usualHistories } from "../../drizzle/schema";
import { venueDayAt, venueDayRange, type VenueDay } from "../../common/local-time";
import { MINUTE_MS } from "../occupancy/aggregate";
import { historyOfKept, keptMeansOf, withDaysOf, type History } from "../occupancy/popular-times";
import type { Database } from "./client";
import { historyBefore, type HistoryPlace } from "./when-to-go";

/**
 * Means are kept only from this long into a venue day: the day before's last quarter hour reaches
 * D1 within a minute of its close, and means read before it would lack it all day.
 */
export const SETTLE_MS = 10 * MINUTE_MS;
/** Places whose means the cron keeps per run (every 5 minutes): 14,400 a day; readers keep the rest. */
export const KEPT_PER_RUN = 50;

/** What the means depend on besides the quarter hours: other settings, other means. */
const settingsOf = (place: HistoryPlace) =>
  JSON.stringify([place.timeZone, place.dayStartHour, place.calibration.baseline, place.calibration.factor]);

function keepMeans(db: Database, place: HistoryPlace, until: number, history: History) {
  const row = { until, settings: settingsOf(place), means: JSON.stringify(keptMeansOf(history)) };
  return db
    .insert(usualHistories)
    .values({ placeId: place.id, ...row })
    .onConflictDoUpdate({ target: usualHistories.placeId, set: row });
}

/** The means of the days before `today` as kept for it under the place's settings; null when none are. */
async function keptHistory(db: Database, place: HistoryPlace, today: VenueDay): Promise<History | null> {
  const [row] = await db
    .select({ until: usualHistories.until, settings: usualHistories.settings, means: usualHistories.means })
    .from(usualHistories)
    .where(eq(usualHistories.placeId, place.id));
  if (!row || row.until !== venueDayRange(place, today).start || row.settings !== settingsOf(place)) return null;
  return historyOfKept(JSON.parse(row.means), today);
}

/**
 * The hourly means of the HISTORY_DAYS venue days before today: the kept ones, else read from
 * occupancy_15m and kept (once the day has settled) by `keep`, which runs the write off the answer.
 */
export async function historyBeforeToday(
  db: Database,
  place: HistoryPlace,
  now: number,
  keep: (write: Promise<unknown>) => void,
): Promise<History> {
  const today = venueDayAt(place, now);
  const kept = await keptHistory(db, place, today);
  if (kept) return kept;
  const start = venueDayRange(place, today).start;
  const history = await historyBefore(db, place, today, start);
  if (now >= start + SETTLE_MS) keep(keepMeans(db, place, start, history).run());
  return history;
}

/** historyBeforeToday with today's hours up to `now` on top: what the forecast reads. */
export async function historyUpToNow(db: Database, place: HistoryPlace, now: number, keep: (write: Promise<unknown>) => void): Promise<History> {
  const today = venueDayAt(place, now);
  const [before, todaySoFar] = await Promise.all([
    historyBeforeToday(db, place, now, keep),
    historyBefore(db, place, today, now, 0),
  ]);
  return withDaysOf(before, todaySoFar);
}

/**
 * The cron's share: keeps today's means for up to KEPT_PER_RUN places that have none (or stale
 * ones), so that a venue's first visitor of the day reads one row. Returns how many it kept.
 */
export async function keepUsualHistories(db: Database, now: number): Promise<number> {
  const rows = await db
    .select({
      id: places.id,
      timeZone: places.timezone,
      dayStartHour: places.dayStartHour,
      baseline: places.calibrationBaseline,
      factor: places.calibrationFactor,
      until: usualHistories.until,
      settings: usualHistories.settings,
    })
    .from(places)
    .leftJoin(usualHistories, eq(usualHistories.placeId, places.id))
    .orderBy(sql`${usualHistories.until} IS NOT NULL`, usualHistories.until, places.id);
  let kept = 0;
  for (const row of rows) {
    if (kept === KEPT_PER_RUN) break;
    const place: HistoryPlace = { ...row, calibration: { baseline: row.baseline, factor: row.factor } };
    const today = venueDayAt(place, now);
    const start = venueDayRange(place, today).start;
    if (now < start + SETTLE_MS || (row.until === start && row.settings === settingsOf(place))) continue;
    await keepMeans(db, place, start, await historyBefore(db, place, today, start)).run();
    kept++;
  }
  return kept;
}
