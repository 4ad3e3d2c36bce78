// D1 reads behind popular times, the forecast and the live map's open/usual fields
// (docs/when-to-go.md): a place with its hours and live row, its hourly history (through
// local-hours.ts, so whatever corrections that applies apply here too) and its one-off events.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { cities, events, placeLive, places } from "../../drizzle/schema";
import { DAY_MS, venueDayRange, type PlaceClock, type VenueDay } from "../../common/local-time";
import type { PlaceHours } from "../../common/schemas/answers";
import { isRecent } from "../occupancy/aggregate";
import type { Calibration } from "../occupancy/calibration";
import type { VenueEvent } from "../occupancy/forecast";
import type { VenueRegion } from "../occupancy/holidays";
import { closedAt } from "../../common/opening-hours";
import { HISTORY_DAYS, historyOf, type History, type LiveNow, type WhenPlace } from "../occupancy/popular-times";
import type { Database } from "./client";
import { DEFAULT_EVENT_LENGTH_MS } from "./events";
import { hourTotalsBetween } from "./local-hours";

import { hourColumns, hoursOfRow } from "./hour-columns";

export { hourColumns, hoursOfRow };

/** A place as its history is read: the calibration in force applies to every hour (docs/architecture.md#calibration). */
export interface HistoryPlace extends PlaceClock {
  id: number;
  calibration: Calibration;
}

export interface WhenPlaceRow extends HistoryPlace, WhenPlace {
  /** Whether visitors may see its numbers (docs/when-to-go.md#public-counts). */
  publicCounts: boolean;
  /** Its country and state, for its public holidays (docs/when-to-go.md#holidays). */
  region: VenueRegion;
  /** Live numbers while fresh, else null. */
  live: LiveNow | null;
}

/** What popular times and the forecast read of a place and its live row (select beside a left join of place_live). */
export const whenPlaceColumns = {
  timeZone: places.timezone,
  dayStartHour: places.dayStartHour,
  packedThreshold: places.packedThreshold,
  publicCounts: places.publicCounts,
  baseline: places.calibrationBaseline,
  factor: places.calibrationFactor,
  country: places.country,
  state: places.state,
  ...hourColumns,
  percent: placeLive.percent,
  level: placeLive.level,
  updatedAt: placeLive.updatedAt,
};

/** Its city's ISO country and region codes (null without a city), beside whenPlaceColumns: its holidays' region (docs/cities.md). */
export const cityRegionColumns = {
  cityCountry: sql<string | null>`(SELECT ${cities.country} FROM ${cities} WHERE ${cities.id} = ${places.cityId})`,
  cityRegion: sql<string | null>`(SELECT ${cities.region} FROM ${cities} WHERE ${cities.id} = ${places.cityId})`,
};

type WhenPlaceColumns = {
  [K in keyof typeof whenPlaceColumns]: (typeof whenPlaceColumns)[K]["_"]["notNull"] extends true ? (typeof whenPlaceColumns)[K]["_"]["data"] : (typeof whenPlaceColumns)[K]["_"]["data"] | null;
} & { cityCountry: string | null; cityRegion: string | null };

/** A place's holidays' region: its city's codes, else (a row written without a city) its address. */
export const regionOf = (row: Pick<WhenPlaceColumns, "country" | "state" | "cityCountry" | "cityRegion">): VenueRegion =>
  row.cityCountry !== null ? { country: row.cityCountry, state: row.cityRegion ?? "" } : { country: row.country, state: row.state };

/**
 * A place_live row's numbers while fresh and the place is open: closed by its hours wins over a
 * fresh count (docs/when-to-go.md#closed-wins); null otherwise.
 */
export function liveNowOf(
  row: { percent: number | null; level: LiveNow["level"] | null; updatedAt: Date | null },
  hours: PlaceHours,
  timeZone: string,
  now: number,
): LiveNow | null {
  const updatedAt = row.updatedAt?.getTime() ?? null;
  if (!isRecent(updatedAt, now) || row.percent === null || row.level === null || closedAt(hours, timeZone, now)) return null;
  return { percent: row.percent, level: row.level, updatedAt };
}

/** A place's hours and zone (whether it is open now: check-ins, Live Looks); null when there is no such place. */
export async function placeOpeningHours(db: Database, placeId: number): Promise<{ hours: PlaceHours; timeZone: string } | null> {
  const [row] = await db
    .select({ timeZone: places.timezone, ...hourColumns })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  return row ? { hours: hoursOfRow(row), timeZone: row.timeZone } : null;
}

/** A place by id or slug with what popular times and the forecast need; undefined when there is none. */
export async function findWhenPlace(db: Database, key: number | string, now: number): Promise<WhenPlaceRow | undefined> {
  const [row] = await db
    .select({
      id: places.id,
      ...whenPlaceColumns,
      ...cityRegionColumns,
    })
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .where(typeof key === "number" ? eq(places.id, key) : eq(places.slug, key))
    .limit(1);
  return row && whenPlaceOf(row, now);
}

/** A row of whenPlaceColumns (and the place's id) as popular times, the forecast and offers read it. */
export function whenPlaceOf(row: { id: number } & WhenPlaceColumns, now: number): WhenPlaceRow {
  const hours = hoursOfRow(row);
  return {
    id: row.id,
    timeZone: row.timeZone,
    dayStartHour: row.dayStartHour,
    packedThreshold: row.packedThreshold,
    publicCounts: row.publicCounts,
    region: regionOf(row),
    calibration: { baseline: row.baseline, factor: row.factor },
    hours,
    live: liveNowOf(row, hours, row.timeZone, now),
  };
}

/** Mean people per venue day and hour from `days` (HISTORY_DAYS) before `today` up to `toMs`. */
export async function historyBefore(db: Database, place: HistoryPlace, today: VenueDay, toMs: number, days = HISTORY_DAYS): Promise<History> {
  const from = venueDayRange(place, today - days).start;
  const hours = await hourTotalsBetween(db, { placeId: place.id, timeZone: place.timeZone, calibration: place.calibration }, from, toMs);
  return historyOf(hours, place.dayStartHour, today);
}

/**
 * The place's one-off events starting in [fromMs − 1 day, toMs) (the forecast keeps those that
 * overlap what it needs; one without an end lasts DEFAULT_EVENT_LENGTH_MS). Recurring events are
 * left out: their weekday's usual holds them already (docs/when-to-go.md#forecast).
 */
export async function oneOffEventsBetween(db: Database, placeId: number, fromMs: number, toMs: number): Promise<VenueEvent[]> {
  const rows = await db
    .select({ startTime: events.startTime, endTime: events.endTime, categoryId: events.categoryId })
    .from(events)
    .where(
      and(
        eq(events.placeId, placeId),
        eq(events.isRecurring, false),
        // ISO UTC text: text order is time order.
        gte(events.startTime, new Date(fromMs - DAY_MS).toISOString()),
        lt(events.startTime, new Date(toMs).toISOString()),
      ),
    );
  return rows.map((row) => {
    const start = Date.parse(row.startTime);
    const end = row.endTime === null ? start + DEFAULT_EVENT_LENGTH_MS : Date.parse(row.endTime);
    return { start, end, categoryId: row.categoryId };
  });
}
