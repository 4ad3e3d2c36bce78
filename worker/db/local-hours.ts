// Local-hour sums of occupancy_15m and the day peaks kept from them (occupancy_day_peaks). Shared
// with the seed, which runs in Node: relative imports carry their extension.
import { and, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { offsetSpans, venueDayAt, venueDayRange, type OffsetSpan, type PlaceClock, type VenueDay } from "../../common/local-time.ts";
import type { Calibration } from "../occupancy/calibration";
import type { HourTotal } from "../occupancy/hours";

const { occupancy15m, occupancyDayPeaks, usualHistories } = schema;
/** The worker's database (client.ts) and the seed's alike. */
type Database = DrizzleD1Database<typeof schema>;

/**
 * Sampled minutes per local hour of one stretch of constant UTC offset, summed by SQLite: in
 * people by `calibration` (calibratedMean of each quarter hour), else in raw device counts.
 */
function hourlyTotals(db: Database, placeId: number, span: OffsetSpan, calibration?: Calibration, hoursOfWeek?: readonly number[]) {
  const offsetSeconds = span.offset / 1000;
  const people = calibration
    ? sql`max(0, ${occupancy15m.avgPeople} - ${calibration.baseline}) * ${calibration.factor}`
    : sql`${occupancy15m.avgPeople}`;
  // D1 binds JS numbers as REAL; the cast keeps this an integer (floor) division.
  const wallHour = sql<number>`(${occupancy15m.bucketStart} + cast(${offsetSeconds} as integer)) / 3600`;
  return db
    .select({
      wallHour: wallHour.as("wall_hour"),
      peopleMinutes: sql<number>`sum(${people} * ${occupancy15m.samples})`.as("people_minutes"),
      samples: sql<number>`sum(${occupancy15m.samples})`.as("samples"),
    })
    .from(occupancy15m)
    .where(
      and(
        eq(occupancy15m.placeId, placeId),
        gte(occupancy15m.bucketStart, Math.ceil(span.from / 1000)),
        lt(occupancy15m.bucketStart, Math.ceil(span.to / 1000)),
        // Wall hour 0 (1970-01-01 00:00) starts hour 0 of the week; one bound JSON list, however many hours.
        hoursOfWeek && sql`${wallHour} % 168 IN (SELECT value FROM json_each(${JSON.stringify(hoursOfWeek)}))`,
      ),
    )
    .groupBy(wallHour);
}

/** What hourTotalsBetween needs of a place. */
export interface HourTotalsPlace {
  placeId: number;
  timeZone: string;
  calibration: Calibration;
}

/**
 * Sampled minutes per local hour in [fromMs, toMs), in people by the place's calibration. Summed
 * by SQLite, one primary-key range per stretch of constant UTC offset (a year has three), so the
 * worker gets a quarter of the rows and needs no time-zone call per row.
 */
export async function hourTotalsBetween(
  db: Database,
  place: HourTotalsPlace,
  fromMs: number,
  toMs: number,
  /** Only these hours of the week (wall hour mod 168), when given. */
  hoursOfWeek?: readonly number[],
): Promise<HourTotal[]> {
  const spans = offsetSpans(place.timeZone, fromMs, toMs);
  const [first, ...rest] = spans.map((span) => hourlyTotals(db, place.placeId, span, place.calibration, hoursOfWeek));
  const results = await db.batch([first, ...rest]);
  return results.flatMap((rows, i) =>
    rows.map((row) => ({
      wallHour: Number(row.wallHour),
      offset: spans[i].offset,
      peopleMinutes: Number(row.peopleMinutes),
      samples: Number(row.samples),
    })),
  );
}

/**
 * Statements that bring what D1 keeps per venue day in line with changed quarter hours of the
 * venue days [first, last]; run them in the batch that changed those quarter hours (after the
 * change). They recompute the day peaks (raw, like occupancy_15m: answers calibrate them when
 * read; a day that a change of UTC offset splits is summed per part, and the parts' peaks merge in
 * the upsert), and void the kept usual means that include any of those days (usual_histories);
 * `now` tells which days are past, the only ones kept means hold.
 */
export function dayRollupWrites(db: Database, placeId: number, clock: PlaceClock, first: VenueDay, last: VenueDay, now: number) {
  const spans = offsetSpans(clock.timeZone, venueDayRange(clock, first).start, venueDayRange(clock, last).end);
  const clear = db
    .delete(occupancyDayPeaks)
    .where(and(eq(occupancyDayPeaks.placeId, placeId), gte(occupancyDayPeaks.day, first), lte(occupancyDayPeaks.day, last)));
  const inserts = spans.map((span) => {
    const hours = hourlyTotals(db, placeId, span).as("hours");
    const day = sql<number>`(${hours.wallHour} - cast(${clock.dayStartHour} as integer)) / 24`;
    return db
      .insert(occupancyDayPeaks)
      .select(
        db
          .select({
            placeId: sql<number>`cast(${placeId} as integer)`.as("place_id"),
            day: day.as("day"),
            peakPeople: sql<number>`max(${hours.peopleMinutes} / ${hours.samples})`.as("peak_people"),
          })
          .from(hours)
          .where(gt(hours.samples, 0))
          .groupBy(day),
      )
      .onConflictDoUpdate({
        target: [occupancyDayPeaks.placeId, occupancyDayPeaks.day],
        set: { peakPeople: sql`max(${occupancyDayPeaks.peakPeople}, excluded.peak_people)` },
      });
  });
  // Kept means that include a changed day are void, and any means read before this write must
  // not be kept after it: the generation moves on (a row is made for it if there is none yet).
  // Kept means hold only days before today, so a write of today's quarter hours (the flush every
  // 30 seconds) leaves them alone and writes nothing here.
  const touchesPastDays = first < venueDayAt(clock, now);
  const voidKeptMeans = db
    .insert(usualHistories)
    .values({ placeId, until: 0, settings: "", means: "[]", generation: 1 })
    .onConflictDoUpdate({
      target: usualHistories.placeId,
      set: {
        generation: sql`${usualHistories.generation} + 1`,
        until: sql`CASE WHEN ${usualHistories.until} > ${venueDayRange(clock, first).start} THEN 0 ELSE ${usualHistories.until} END`,
      },
    });
  return touchesPastDays ? [clear, ...inserts, voidKeptMeans] : [clear, ...inserts];
}

/** The calendar (calendar_data) covers today and the 364 venue days before it. */
export const CALENDAR_DAYS = 365;

/** Recomputes the calendar's day peaks of a place, for when its zone changed. */
export async function recomputeCalendarPeaks(db: Database, placeId: number) {
  const [place] = await db
    .select({ timeZone: schema.places.timezone, dayStartHour: schema.places.dayStartHour })
    .from(schema.places)
    .where(eq(schema.places.id, placeId));
  if (!place) return;
  const now = Date.now();
  const today = venueDayAt(place, now);
  const [clear, ...inserts] = dayRollupWrites(db, placeId, place, today - (CALENDAR_DAYS - 1), today, now);
  await db.batch([clear, ...inserts]);
}

/** Day peaks of the venue days [first, last], oldest first. */
export function dayPeaksBetween(db: Database, placeId: number, first: VenueDay, last: VenueDay) {
  return db
    .select({ day: occupancyDayPeaks.day, peakPeople: occupancyDayPeaks.peakPeople })
    .from(occupancyDayPeaks)
    .where(and(eq(occupancyDayPeaks.placeId, placeId), gte(occupancyDayPeaks.day, first), lte(occupancyDayPeaks.day, last)))
    .orderBy(occupancyDayPeaks.day);
}
