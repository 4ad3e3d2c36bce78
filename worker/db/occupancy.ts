// D1 side of occupancy: the rollups the PlaceOccupancy object writes and the analytics read.
// Every read is a range on occupancy_15m's primary key (place_id, bucket_start), so its cost
// follows the range asked for, not the years of history behind it.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { cities, occupancy15m, placeLive, places } from "../../drizzle/schema";
import { imageUrl } from "../lib/images";
import { BUCKET_MS, isRecent, type Bucket, type LiveSnapshot } from "../occupancy/aggregate";
import type { Calibration } from "../occupancy/calibration";
import type { LivePlace, PlaceHours, VsUsual } from "../../common/schemas/answers";
import { closedAt, hasHours, isOpenAt, nextOpeningAt } from "../../common/opening-hours";
import { hourColumns, hoursOfRow } from "./when-to-go";
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
  /** The calibration in force, applied to every people number read (docs/architecture.md#calibration). */
  calibration: Calibration;
  /** Opening hours: no "quiet now" or "lively now" while closed by them (docs/watches.md#closed). */
  hours: PlaceHours;
}

export async function occupancyConfig(db: Database, placeId: number): Promise<OccupancyConfig | null> {
  const [row] = await db
    .select({
      placeId: places.id,
      livelyThreshold: places.livelyThreshold,
      packedThreshold: places.packedThreshold,
      timeZone: places.timezone,
      dayStartHour: places.dayStartHour,
      baseline: places.calibrationBaseline,
      factor: places.calibrationFactor,
      ...hourColumns,
    })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  if (!row) return null;
  const { placeId: id, livelyThreshold, packedThreshold, timeZone, dayStartHour, baseline, factor } = row;
  return { placeId: id, livelyThreshold, packedThreshold, timeZone, dayStartHour, calibration: { baseline, factor }, hours: hoursOfRow(row) };
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

/**
 * Epoch ms where a place's stored quarter hours end (the end of its newest one), 0 when it has
 * none: the place's object holds no raw readings for anything before it.
 */
export async function rollupsEnd(db: Database, placeId: number): Promise<number> {
  const [row] = await db
    .select({ newest: sql<number | null>`max(${occupancy15m.bucketStart})` })
    .from(occupancy15m)
    .where(eq(occupancy15m.placeId, placeId));
  return row?.newest == null ? 0 : row.newest * 1000 + BUCKET_MS;
}

export type LivePlaceRow = Awaited<ReturnType<typeof livePlaceRows>>[number];

/** The columns every public list of places names a place by (the live map, saved places, suggestions). */
export const placeNameColumns = {
  id: places.id,
  slug: places.slug,
  name: places.name,
  address: places.address,
  latitude: places.latitude,
  longitude: places.longitude,
  type: places.type,
  category: places.category,
};

/** placeNameColumns as the answers write them. */
export const placeNameFields = (row: Pick<LivePlaceRow, keyof typeof placeNameColumns>) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  type: row.type,
  category: row.category,
});

/** Whether a live row is fresh enough to show (its newest count within the live window). */
export const isLiveRow = (row: Pick<LivePlaceRow, "updatedAt" | "people">, now: number) =>
  isRecent(row.updatedAt?.getTime() ?? null, now) && row.people !== null;

/**
 * A place on the live map: its live numbers only while its newest count is recent, never stale
 * ones, and people and percent only when its owners make counts public (level bands only otherwise); open now and the next opening by its
 * hours table (docs/when-to-go.md#open-now), no level or numbers at all while closed by them, and `vsUsual` as the route found it.
 */
export function toLivePlace(row: LivePlaceRow, now: number, vsUsual: VsUsual | null = null): Omit<LivePlace, "live_looks_last_hour" | "special_now" | "offer_now"> {
  const updatedAt = row.updatedAt?.getTime() ?? null;
  const hours = hoursOfRow(row);
  // Closed wins: a count while closed (cleaners, a sensor left on) is never shown as a level (docs/when-to-go.md#closed-wins).
  const live = isLiveRow(row, now) && !closedAt(hours, row.timeZone, now);
  const opensAt = nextOpeningAt(hours, row.timeZone, now);
  return {
    ...placeNameFields(row),
    cover_image: imageUrl(row.coverImageKey),
    people: live && row.publicCounts ? row.people : null,
    percent: live && row.publicCounts ? row.percent : null,
    level: live ? row.level : null,
    updated_at: updatedAt === null ? null : new Date(updatedAt).toISOString(),
    timezone: row.timeZone,
    open_now: hasHours(hours) ? isOpenAt(hours, row.timeZone, now) : null,
    opens_at: opensAt === null ? null : new Date(opensAt).toISOString(),
    vs_usual: live ? vsUsual : null,
    city: row.city,
  };
}

/** A place's public fields, its hours and clock, and last written live row (null columns when it never reported). */
const livePlaceColumns = {
  ...placeNameColumns,
  coverImageKey: places.coverImageKey,
  publicCounts: places.publicCounts,
  timeZone: places.timezone,
  dayStartHour: places.dayStartHour,
  packedThreshold: places.packedThreshold,
  livelyThreshold: places.livelyThreshold,
  calibrationBaseline: places.calibrationBaseline,
  calibrationFactor: places.calibrationFactor,
  ...hourColumns,
  people: placeLive.people,
  percent: placeLive.percent,
  level: placeLive.level,
  updatedAt: placeLive.updatedAt,
  city: cities.slug,
};

/** Every place with livePlaceColumns, by name. */
export async function livePlaceRows(db: Database) {
  return db
    .select(livePlaceColumns)
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .leftJoin(cities, eq(cities.id, places.cityId))
    .orderBy(places.name);
}

/** One place by id or slug with livePlaceColumns (its live badge and widget: docs/embeds.md); undefined when there is none. */
export async function livePlaceRow(db: Database, key: number | string): Promise<LivePlaceRow | undefined> {
  const [row] = await db
    .select(livePlaceColumns)
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .leftJoin(cities, eq(cities.id, places.cityId))
    .where(typeof key === "number" ? eq(places.id, key) : eq(places.slug, key))
    .limit(1);
  return row;
}
