// Kept usual means (docs/when-to-go.md#kept-history): the hourly means of the HISTORY_DAYS venue
// days before a place's today, kept in usual_histories, so that popular times, the forecast and the
// alert rules read one row instead of eight weeks of quarter hours, whatever the history. Every write
// of a past day's quarter hours bumps the row's generation and voids means that include a day it changed
// (local-hours.ts dayRollupWrites); means are kept only if the generation is still the one read
// before them, so a late write can never be overwritten by means read without it. The cron keeps
// them for each new venue day, and a reader that finds none reads occupancy_15m and keeps that.
import { eq, isNull, lte, or, sql } from "drizzle-orm";
import { places, usualHistories } from "../../drizzle/schema";
import { DAY_MS, HOUR_MS, venueDayAt, venueDayRange, type VenueDay } from "../../common/local-time";
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
export const meansSettingsOf = (place: HistoryPlace) =>
  JSON.stringify([place.timeZone, place.dayStartHour, place.calibration.baseline, place.calibration.factor]);

/** Keeps means read after generation `seen` was read: a no-op when a write of a past day's quarter hours came since. */
function keepMeans(db: Database, place: HistoryPlace, until: number, history: History, seen: number) {
  const row = { until, settings: meansSettingsOf(place), means: JSON.stringify(keptMeansOf(history)) };
  return db
    .insert(usualHistories)
    .values({ placeId: place.id, ...row, generation: seen })
    .onConflictDoUpdate({ target: usualHistories.placeId, set: row, where: eq(usualHistories.generation, seen) });
}

/**
 * The means of the days before `today` as kept for it under the place's settings (null when none
 * are), and the generation read with them (0 without a row).
 */
async function keptHistory(db: Database, place: HistoryPlace, today: VenueDay): Promise<{ history: History | null; generation: number }> {
  const [row] = await db
    .select({ until: usualHistories.until, settings: usualHistories.settings, means: usualHistories.means, generation: usualHistories.generation })
    .from(usualHistories)
    .where(eq(usualHistories.placeId, place.id));
  if (!row) return { history: null, generation: 0 };
  return { history: keptHistoryOfRow(place, row, today), generation: row.generation };
}

/** A usual_histories row's means for `today` under the place's settings; null when they are for another day or settings. */
export function keptHistoryOfRow(place: HistoryPlace, row: { until: number; settings: string; means: string }, today: VenueDay): History | null {
  const fresh = row.until === venueDayRange(place, today).start && row.settings === meansSettingsOf(place);
  return fresh ? historyOfKept(JSON.parse(row.means), today) : null;
}

/** Starts the write that keeps what was read, now or later: the routes hand it to waitUntil. */
export type KeepWrite = (write: () => Promise<unknown>) => void;

/**
 * The hourly means of the HISTORY_DAYS venue days before today: the kept ones, else read from
 * occupancy_15m and kept (once the day has settled) through `keep`.
 */
export async function historyBeforeToday(db: Database, place: HistoryPlace, now: number, keep: KeepWrite): Promise<History> {
  const today = venueDayAt(place, now);
  const kept = await keptHistory(db, place, today);
  if (kept.history) return kept.history;
  const start = venueDayRange(place, today).start;
  const history = await historyBefore(db, place, today, start);
  if (now >= start + SETTLE_MS) keep(() => keepMeans(db, place, start, history, kept.generation).run());
  return history;
}

/** historyBeforeToday with today's hours up to `now` on top: what the forecast reads. */
export async function historyUpToNow(db: Database, place: HistoryPlace, now: number, keep: KeepWrite): Promise<History> {
  const today = venueDayAt(place, now);
  const [before, todaySoFar] = await Promise.all([
    historyBeforeToday(db, place, now, keep),
    historyBefore(db, place, today, now, 0),
  ]);
  return withDaysOf(before, todaySoFar);
}

/**
 * The cron's share: keeps today's means for up to KEPT_PER_RUN places that have none for their
 * current venue day, the longest without first. A place that fails is logged and skipped. Returns
 * how many it kept.
 */
export async function keepUsualHistories(db: Database, now: number): Promise<number> {
  // A venue day lasts 23 to 25 hours, so means kept for an earlier day end at least 23 hours before
  // now: newer ones are skipped in SQL, and the exact check (zone, settle time, settings) is made below.
  const candidates = await db
    .select({
      id: places.id,
      timeZone: places.timezone,
      dayStartHour: places.dayStartHour,
      baseline: places.calibrationBaseline,
      factor: places.calibrationFactor,
      until: usualHistories.until,
      settings: usualHistories.settings,
      generation: usualHistories.generation,
    })
    .from(places)
    .leftJoin(usualHistories, eq(usualHistories.placeId, places.id))
    .where(or(isNull(usualHistories.until), lte(usualHistories.until, now - DAY_MS + HOUR_MS)))
    .orderBy(sql`${usualHistories.until} IS NOT NULL`, usualHistories.until, places.id);
  let kept = 0;
  for (const row of candidates) {
    if (kept === KEPT_PER_RUN) break;
    const place: HistoryPlace = { ...row, calibration: { baseline: row.baseline, factor: row.factor } };
    const today = venueDayAt(place, now);
    const start = venueDayRange(place, today).start;
    if (now < start + SETTLE_MS || (row.until === start && row.settings === meansSettingsOf(place))) continue;
    try {
      await keepMeans(db, place, start, await historyBefore(db, place, today, start), row.generation ?? 0).run();
      kept++;
    } catch (error) {
      console.error(`place ${place.id}: keeping its usual means failed; readers will read its history`, error);
    }
  }
  return kept;
}
