// D1 behind "tell me when" (docs/watches.md): an account's watches (at most MAX_WATCHES), and a
// place's watchers of one kind a page at a time, in id order, for the fan-out.
import { and, desc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import { events, places, watches } from "../../drizzle/schema";
import { MAX_WATCHES, type WatchAnswer, type WatchBody, type WatchKind } from "../../common/schemas/watches";
import type { Database } from "./client";
import { eventsStartingBetween } from "./events";

export type WatchRow = typeof watches.$inferSelect;

export const placeUrlOf = (slug: string) => `/profile/${encodeURIComponent(slug)}`;

/** The answer for a row, with its place's name and slug. */
export function watchAnswerOf(row: WatchRow & { placeName: string; placeSlug: string }): WatchAnswer {
  return {
    id: row.id,
    place_id: row.placeId,
    place_name: row.placeName,
    place_url: placeUrlOf(row.placeSlug),
    when: row.when,
    minutes: row.minutes,
    window:
      row.windowFrom !== null && row.windowTo !== null
        ? { days: row.windowDays === null ? null : JSON.parse(row.windowDays), from: row.windowFrom, to: row.windowTo }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

const withPlace = { ...watchesColumns(), placeName: places.name, placeSlug: places.slug };

function watchesColumns() {
  const { id, userId, placeId, when, minutes, windowDays, windowFrom, windowTo, createdAt } = watches;
  return { id, userId, placeId, when, minutes, windowDays, windowFrom, windowTo, createdAt };
}

/** Adds a watch for the account; its id, or "cap" when the account keeps MAX_WATCHES already. */
export async function addWatch(db: Database, userId: number, body: WatchBody): Promise<number | "cap"> {
  const window = body.window ?? null;
  // The count and the insert are one statement, so two requests at once cannot both pass the cap.
  const [row] = await db.all<{ id: number }>(sql`
    INSERT INTO ${watches} (user_id, place_id, "when", minutes, window_days, window_from, window_to)
    SELECT ${userId}, ${body.place_id}, ${body.when}, ${body.minutes ?? null},
      ${window?.days ? JSON.stringify(window.days) : null}, ${window?.from ?? null}, ${window?.to ?? null}
    WHERE (SELECT count(*) FROM ${watches} WHERE user_id = ${userId}) < ${MAX_WATCHES}
    RETURNING id`);
  return row ? row.id : "cap";
}

/** The account's watches, the newest first. */
export const watchesOf = (db: Database, userId: number) =>
  db
    .select(withPlace)
    .from(watches)
    .innerJoin(places, eq(places.id, watches.placeId))
    .where(eq(watches.userId, userId))
    .orderBy(desc(watches.id));

/** One of the account's watches (undefined when it is another account's or gone). */
export const watchOf = (db: Database, userId: number, id: number) =>
  db
    .select(withPlace)
    .from(watches)
    .innerJoin(places, eq(places.id, watches.placeId))
    .where(and(eq(watches.id, id), eq(watches.userId, userId)))
    .get();

/** Removes the watch if it is the account's; whether it was. */
export async function deleteWatch(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(watches).where(and(eq(watches.id, id), eq(watches.userId, userId))).returning({ id: watches.id });
  return rows.length > 0;
}

/** A watch by id alone: the stop link identifies its account by its signature. */
export const watchById = (db: Database, id: number) => db.select(watchesColumns()).from(watches).where(eq(watches.id, id)).get();

/** Removes a watch by id (the stop link, once its signature is checked); whether it was there. */
export async function deleteWatchById(db: Database, id: number): Promise<boolean> {
  return (await db.delete(watches).where(eq(watches.id, id)).returning({ id: watches.id })).length > 0;
}

/** The conditions for watches of `kind` on the place (wait_under: those whose line the wait just went below: `to` < minutes ≤ `from`, any minutes when `from` is null). */
function watchersOf(placeId: number, kind: WatchKind, wait?: { from: number | null; to: number }): SQL[] {
  const conditions: SQL[] = [eq(watches.placeId, placeId), eq(watches.when, kind)];
  if (wait) {
    conditions.push(gt(watches.minutes, wait.to));
    if (wait.from !== null) conditions.push(sql`${watches.minutes} <= ${wait.from}`);
  }
  return conditions;
}

/** The ids of a change's watchers, in order: one read of the watches_place_idx range, ids only. */
export async function watcherIds(db: Database, placeId: number, kind: WatchKind, wait?: { from: number | null; to: number }): Promise<number[]> {
  const rows = await db
    .select({ id: watches.id })
    .from(watches)
    .where(and(...watchersOf(placeId, kind, wait)))
    .orderBy(watches.id);
  return rows.map((row) => row.id);
}

/** A change's watchers with ids in (afterId, throughId]. */
export const watchersPage = (db: Database, placeId: number, kind: WatchKind, afterId: number, throughId: number, wait?: { from: number | null; to: number }) =>
  db
    .select(watchesColumns())
    .from(watches)
    .where(and(...watchersOf(placeId, kind, wait), gt(watches.id, afterId), lte(watches.id, throughId)))
    .orderBy(watches.id);

/** Whether anyone watches the place for `kind`: a change nobody watches is not queued. */
export async function isWatched(db: Database, placeId: number, kind: WatchKind): Promise<boolean> {
  const [row] = await db.select({ id: watches.id }).from(watches).where(and(eq(watches.placeId, placeId), eq(watches.when, kind))).limit(1);
  return row !== undefined;
}

/** What the fan-out tells watchers about the place; undefined when it is gone. */
export const watchedPlaceOf = (db: Database, placeId: number) =>
  db
    .select({ name: places.name, slug: places.slug, timeZone: places.timezone, publicCounts: places.publicCounts })
    .from(places)
    .where(eq(places.id, placeId))
    .get();

/**
 * Events of watched places (an event_starts watch on them) that may start in [from, to): one-off
 * events starting then, and recurring ones that began by `to` (their occurrences are computed by
 * the caller). Times in ms; an event without an end lasts 2 hours.
 */
export function eventsOfWatchedPlaces(db: Database, from: number, to: number) {
  return eventsStartingBetween(db, from, to, inArray(events.placeId, db.selectDistinct({ placeId: watches.placeId }).from(watches).where(eq(watches.when, "event_starts"))));
}
