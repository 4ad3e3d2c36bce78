// D1 behind saved places and suggestions (docs/app.md#saved-places-and-suggestions): an account's
// saved places (at most MAX_SAVED_PLACES), and places with their live row and kept usual means in one
// read, so a list of places costs one query however long it is.
import { and, between, desc, eq, exists, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { placeLive, places, placeTags, savedPlaces, tags, usualHistories } from "../../drizzle/schema";
import { venueDayAt } from "../../common/local-time";
import { MAX_SAVED_PLACES } from "../../common/schemas/saved";
import type { NowPlace } from "../occupancy/place-now";
import type { History } from "../occupancy/popular-times";
import type { Database } from "./client";
import { placeNameColumns } from "./occupancy";
import { historyBeforeToday, keptHistoryOfRow, type KeepWrite } from "./usual-history";
import { hoursOfRow, liveNowOf, whenPlaceColumns, type HistoryPlace } from "./when-to-go";

/** Saves a place for the account (again: sets `news`); "cap" when the account has MAX_SAVED_PLACES already. */
export async function savePlace(db: Database, userId: number, placeId: number, news: boolean): Promise<{ savedAt: Date } | "cap"> {
  const [updated] = await db
    .update(savedPlaces)
    .set({ news })
    .where(and(eq(savedPlaces.userId, userId), eq(savedPlaces.placeId, placeId)))
    .returning({ savedAt: savedPlaces.createdAt });
  if (updated) return updated;
  // The count and the insert are one statement, so two saves at once cannot pass the cap together.
  const [inserted] = await db.all<{ created_at: number }>(sql`
    INSERT INTO ${savedPlaces} (user_id, place_id, news)
    SELECT ${userId}, ${placeId}, ${news ? 1 : 0}
    WHERE (SELECT count(*) FROM ${savedPlaces} WHERE user_id = ${userId}) < ${MAX_SAVED_PLACES}
    ON CONFLICT DO NOTHING
    RETURNING created_at`);
  if (inserted) return { savedAt: new Date(inserted.created_at) };
  return "cap";
}

/** Unsaves a place; nothing when it was not saved. */
export async function unsavePlace(db: Database, userId: number, placeId: number): Promise<void> {
  await db.delete(savedPlaces).where(and(eq(savedPlaces.userId, userId), eq(savedPlaces.placeId, placeId)));
}

const nowColumns = {
  ...placeNameColumns,
  ...whenPlaceColumns,
  livelyThreshold: places.livelyThreshold,
  keptUntil: usualHistories.until,
  keptSettings: usualHistories.settings,
  keptMeans: usualHistories.means,
};

/** A place with what placeAt needs, its public fields and its kept means row (null columns without). */
export type NowPlaceRow = Awaited<ReturnType<typeof placesInBox>>[number];


/** The account's saved places, the most recently saved first, with their `news` and when saved. */
export async function savedPlaceRows(db: Database, userId: number) {
  return db
    .select({ ...nowColumns, news: savedPlaces.news, savedAt: savedPlaces.createdAt })
    .from(savedPlaces)
    .innerJoin(places, eq(places.id, savedPlaces.placeId))
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .leftJoin(usualHistories, eq(usualHistories.placeId, places.id))
    .where(eq(savedPlaces.userId, userId))
    .orderBy(desc(savedPlaces.createdAt), places.id);
}

/** One place with what placeAt needs (a plan's place); undefined when there is no such place. */
export async function nowPlaceRow(db: Database, placeId: number): Promise<NowPlaceRow | undefined> {
  const [row] = await db
    .select(nowColumns)
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .leftJoin(usualHistories, eq(usualHistories.placeId, places.id))
    .where(eq(places.id, placeId));
  return row;
}

/**
 * Places with a position in the box, of one of `categories` and with one of `tagNames` when given:
 * one read on the lat/lng index.
 */
export async function placesInBox(
  db: Database,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
  categories: readonly string[] | undefined,
  tagNames: readonly string[] | undefined,
) {
  const conditions: SQL[] = [
    isNotNull(places.longitude),
    between(places.latitude, box.minLat, box.maxLat),
    between(places.longitude, box.minLng, box.maxLng),
  ];
  if (categories) conditions.push(inArray(sql`lower(${places.category})`, [...categories]));
  if (tagNames) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(placeTags)
          .innerJoin(tags, eq(tags.id, placeTags.tagId))
          .where(and(eq(placeTags.placeId, places.id), inArray(sql`lower(${tags.name})`, [...tagNames]))),
      ),
    );
  }
  return db
    .select(nowColumns)
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .leftJoin(usualHistories, eq(usualHistories.placeId, places.id))
    .where(and(...conditions));
}

/** The place of a row as placeAt and the history readers take it. */
export function nowPlaceOf(row: NowPlaceRow, now: number): NowPlace & HistoryPlace {
  const hours = hoursOfRow(row);
  return {
    id: row.id,
    timeZone: row.timeZone,
    dayStartHour: row.dayStartHour,
    livelyThreshold: row.livelyThreshold,
    packedThreshold: row.packedThreshold,
    publicCounts: row.publicCounts,
    calibration: { baseline: row.baseline, factor: row.factor },
    hours,
    live: liveNowOf(row, hours, row.timeZone, now),
  };
}

/** The history before today of a row's place: its kept means when fresh, else read (and kept) as popular times do. */
export async function historyOfRow(db: Database, row: NowPlaceRow, place: HistoryPlace, now: number, keep: KeepWrite): Promise<History> {
  const kept =
    row.keptUntil === null || row.keptSettings === null || row.keptMeans === null
      ? null
      : keptHistoryOfRow(place, { until: row.keptUntil, settings: row.keptSettings, means: row.keptMeans }, venueDayAt(place, now));
  return kept ?? historyBeforeToday(db, place, now, keep);
}
