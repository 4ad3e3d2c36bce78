// D1 side of occupancy: the rollups the PlaceOccupancy object writes and the analytics read.
// Every read is a range on occupancy_15m's primary key (place_id, bucket_start), so its cost
// follows the range asked for, not the years of history behind it.
import { and, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { occupancy15m, placeLive, places } from "../../drizzle/schema";
import type { Bucket, LiveSnapshot } from "../occupancy/aggregate";
import type { HourTotal } from "../occupancy/hours";
import { offsetSpans, type OffsetSpan, type PlaceClock } from "../occupancy/local-time";
import type { Database } from "./client";

/** Rows per multi-row insert: 5 columns × 20 = 100 bound parameters, D1's limit. */
const BUCKET_ROWS_PER_INSERT = 20;

/** What the occupancy code needs to know about a place. */
export interface OccupancyConfig {
  placeId: number;
  livelyThreshold: number;
  packedThreshold: number;
  timeZone: string;
  dayStartHour: number;
}

export async function occupancyConfig(db: Database, placeId: number): Promise<OccupancyConfig | null> {
  const [row] = await db
    .select({
      placeId: places.id,
      livelyThreshold: places.livelyThreshold,
      packedThreshold: places.packedThreshold,
      timeZone: places.timezone,
      dayStartHour: places.dayStartHour,
    })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  return row ?? null;
}

/**
 * Statements that make D1 hold exactly these quarter hours (upserts, so running them twice
 * changes nothing) and drop `emptied` ones that lost all their samples.
 */
export function bucketWrites(db: Database, placeId: number, buckets: readonly Bucket[], emptied: readonly number[] = []) {
  const statements = [];
  for (let i = 0; i < buckets.length; i += BUCKET_ROWS_PER_INSERT) {
    const rows = buckets.slice(i, i + BUCKET_ROWS_PER_INSERT).map((bucket) => ({
      placeId,
      bucketStart: bucket.start / 1000,
      avgPeople: bucket.avgPeople,
      maxPeople: bucket.maxPeople,
      samples: bucket.samples,
    }));
    statements.push(
      db
        .insert(occupancy15m)
        .values(rows)
        .onConflictDoUpdate({
          target: [occupancy15m.placeId, occupancy15m.bucketStart],
          set: {
            avgPeople: sql`excluded.avg_people`,
            maxPeople: sql`excluded.max_people`,
            samples: sql`excluded.samples`,
          },
        }),
    );
  }
  for (let i = 0; i < emptied.length; i += 90) {
    const starts = emptied.slice(i, i + 90).map((start) => start / 1000);
    statements.push(
      db.delete(occupancy15m).where(and(eq(occupancy15m.placeId, placeId), inArray(occupancy15m.bucketStart, starts))),
    );
  }
  return statements;
}

export function liveWrite(db: Database, placeId: number, live: LiveSnapshot) {
  const values = {
    people: live.people,
    percent: live.percent,
    level: live.level,
    devicesOnline: live.devicesOnline,
    updatedAt: live.updatedAt === null ? null : new Date(live.updatedAt),
  };
  return db
    .insert(placeLive)
    .values({ placeId, ...values })
    .onConflictDoUpdate({ target: placeLive.placeId, set: values });
}

/** Quarter hours of a place in [fromMs, toMs), oldest first. */
export async function bucketsBetween(db: Database, placeId: number, fromMs: number, toMs: number) {
  const rows = await db
    .select({
      bucketStart: occupancy15m.bucketStart,
      avgPeople: occupancy15m.avgPeople,
      samples: occupancy15m.samples,
    })
    .from(occupancy15m)
    .where(
      and(
        eq(occupancy15m.placeId, placeId),
        gte(occupancy15m.bucketStart, Math.ceil(fromMs / 1000)),
        lt(occupancy15m.bucketStart, Math.ceil(toMs / 1000)),
      ),
    )
    .orderBy(occupancy15m.bucketStart);
  return rows.map((row) => ({ start: row.bucketStart * 1000, avgPeople: row.avgPeople, samples: row.samples }));
}

/** Sampled minutes per local hour of one stretch of constant UTC offset, summed by SQLite. */
function hourlyTotals(db: Database, placeId: number, span: OffsetSpan) {
  const offsetSeconds = span.offset / 1000;
  // D1 binds JS numbers as REAL; the cast keeps this an integer (floor) division.
  const wallHour = sql<number>`(${occupancy15m.bucketStart} + cast(${offsetSeconds} as integer)) / 3600`;
  return db
    .select({
      wallHour: wallHour.as("wall_hour"),
      peopleMinutes: sql<number>`sum(${occupancy15m.avgPeople} * ${occupancy15m.samples})`.as("people_minutes"),
      samples: sql<number>`sum(${occupancy15m.samples})`.as("samples"),
    })
    .from(occupancy15m)
    .where(
      and(
        eq(occupancy15m.placeId, placeId),
        gte(occupancy15m.bucketStart, Math.ceil(span.from / 1000)),
        lt(occupancy15m.bucketStart, Math.ceil(span.to / 1000)),
      ),
    )
    .groupBy(wallHour);
}

type HourRow = { wallHour: number; peopleMinutes: number; samples: number };

const toHourTotals = (results: HourRow[][], spans: OffsetSpan[]): HourTotal[] =>
  results.flatMap((rows, i) =>
    rows.map((row) => ({
      wallHour: Number(row.wallHour),
      offset: spans[i].offset,
      peopleMinutes: Number(row.peopleMinutes),
      samples: Number(row.samples),
    })),
  );

/**
 * Sampled minutes per local hour in [fromMs, toMs). Summed by SQLite, one primary-key range per
 * stretch of constant UTC offset (a year has three), so the worker gets a quarter of the rows and
 * needs no time-zone call per row.
 */
export async function hourTotalsBetween(
  db: Database,
  placeId: number,
  timeZone: string,
  fromMs: number,
  toMs: number,
): Promise<HourTotal[]> {
  const spans = offsetSpans(timeZone, fromMs, toMs);
  const [first, ...rest] = spans.map((span) => hourlyTotals(db, placeId, span));
  return toHourTotals(await db.batch([first, ...rest]), spans);
}

/**
 * The busiest sampled local hour of each venue day in [fromMs, toMs) (of each part of a day that
 * a change of UTC offset splits). SQLite picks them, so a year of history sends the worker ~365
 * rows instead of ~8,760 and the calendar costs about what a week's does.
 */
export async function peakHoursBetween(
  db: Database,
  placeId: number,
  clock: PlaceClock,
  fromMs: number,
  toMs: number,
): Promise<HourTotal[]> {
  const spans = offsetSpans(clock.timeZone, fromMs, toMs);
  const [first, ...rest] = spans.map((span) => {
    const hours = hourlyTotals(db, placeId, span).as("hours");
    // SQLite's bare columns beside max() come from the row holding the maximum.
    return db
      .select({
        wallHour: hours.wallHour,
        peopleMinutes: hours.peopleMinutes,
        samples: hours.samples,
        peak: sql<number>`max(${hours.peopleMinutes} / ${hours.samples})`,
      })
      .from(hours)
      .where(gt(hours.samples, 0))
      .groupBy(sql`(${hours.wallHour} - cast(${clock.dayStartHour} as integer)) / 24`);
  });
  return toHourTotals(await db.batch([first, ...rest]), spans);
}

/** Every place with its public fields and last written live row (null columns when it never reported). */
export async function livePlaceRows(db: Database) {
  return db
    .select({
      id: places.id,
      slug: places.slug,
      name: places.name,
      address: places.address,
      latitude: places.latitude,
      longitude: places.longitude,
      type: places.type,
      category: places.category,
      coverImageKey: places.coverImageKey,
      people: placeLive.people,
      percent: placeLive.percent,
      level: placeLive.level,
      updatedAt: placeLive.updatedAt,
    })
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .orderBy(places.name);
}
