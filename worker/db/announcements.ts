// D1 behind announcements to followers (docs/announcements.md): the announcements (at most 3 per
// place in any 7 days, counted inside the insert), the admin's pause, a place's followers a page at
// a time for the fan-out, reach (who got it and read it, answered only as totals) and what sharing
// followers told us, counted in SQL so no preference leaves D1 but totals.
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { announcementPauses, announcementReach, announcements, events, passkeys, places, savedPlaces, specials, users } from "../../drizzle/schema";
import { ANNOUNCEMENT_LIMITS, MIN_GROUP } from "../../common/schemas/announcements";
import { DAY_MS } from "../../common/local-time";
import { COUNTED_ACCOUNT_AGE_DAYS } from "../lib/follower-counts";
import type { Database } from "./client";

export const WEEK_MS = 7 * DAY_MS;

const followersOf = (placeId: number) => and(eq(savedPlaces.placeId, placeId), eq(savedPlaces.news, true));

/** How many follow the place's news (saved it with news on). */
export async function followerCount(db: Database, placeId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(savedPlaces).where(followersOf(placeId));
  return row?.n ?? 0;
}

export async function isPaused(db: Database, placeId: number): Promise<boolean> {
  const [row] = await db.select({ placeId: announcementPauses.placeId }).from(announcementPauses).where(eq(announcementPauses.placeId, placeId));
  return row !== undefined;
}

/** The admin's pause: on adds the row (kept from the first pause), off removes it. */
export async function setPaused(db: Database, placeId: number, paused: boolean, now: number): Promise<void> {
  if (paused) await db.insert(announcementPauses).values({ placeId, pausedAt: new Date(now) }).onConflictDoNothing();
  else await db.delete(announcementPauses).where(eq(announcementPauses.placeId, placeId));
}

/** Whether the event (or special) is one of the place's. */
export async function eventOfPlace(db: Database, placeId: number, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.placeId, placeId)));
  return row !== undefined;
}
export async function specialOfPlace(db: Database, placeId: number, specialId: number): Promise<boolean> {
  const [row] = await db.select({ id: specials.id }).from(specials).where(and(eq(specials.id, specialId), eq(specials.placeId, placeId)));
  return row !== undefined;
}

/**
 * Stores an announcement with the place's follower count now, unless the place is paused or sent
 * ANNOUNCEMENT_LIMITS.perWeek in the 7 days up to `now`: both are checked inside the insert, so two
 * sends at once cannot both pass the limit. Its id and follower count, or why not.
 */
export async function insertAnnouncement(
  db: Database,
  placeId: number,
  input: { title: string; text: string; eventId: number | null; specialId: number | null },
  now: number,
): Promise<{ id: number; followers: number } | "paused" | "limit"> {
  const [row] = await db.all<{ id: number; followers: number }>(sql`
    INSERT INTO ${announcements} (place_id, title, text, event_id, special_id, followers, created_at)
    SELECT ${placeId}, ${input.title}, ${input.text}, ${input.eventId}, ${input.specialId},
      (SELECT count(*) FROM ${savedPlaces} WHERE place_id = ${placeId} AND news = 1), ${now}
    WHERE NOT EXISTS (SELECT 1 FROM ${announcementPauses} WHERE place_id = ${placeId})
      AND (SELECT count(*) FROM ${announcements} WHERE place_id = ${placeId} AND created_at > ${now - WEEK_MS}) < ${ANNOUNCEMENT_LIMITS.perWeek}
    RETURNING id, followers`);
  if (row) return row;
  return (await isPaused(db, placeId)) ? "paused" : "limit";
}

/** A send whose queueing failed is taken back, so it neither counts against the week nor lists as sent. */
export async function deleteAnnouncement(db: Database, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

/** The weekly limit at `now`: sent in the 7 days up to now, and when one more may go out once all are used. */
export async function weekUsage(db: Database, placeId: number, now: number): Promise<{ sent: number; nextAt: number | null }> {
  const rows = await db
    .select({ createdAt: announcements.createdAt })
    .from(announcements)
    .where(and(eq(announcements.placeId, placeId), gt(announcements.createdAt, new Date(now - WEEK_MS)), lte(announcements.createdAt, new Date(now))))
    .orderBy(announcements.createdAt);
  const sent = rows.length;
  // The oldest of the week leaves the 7 days first.
  const nextAt = sent >= ANNOUNCEMENT_LIMITS.perWeek ? rows[sent - ANNOUNCEMENT_LIMITS.perWeek].createdAt.getTime() + WEEK_MS : null;
  return { sent, nextAt };
}

const reachTotals = {
  delivered: sql<number>`(SELECT count(*) FROM ${announcementReach} WHERE ${announcementReach.announcementId} = ${announcements.id})`,
  opened: sql<number>`(SELECT count(*) FROM ${announcementReach} WHERE ${announcementReach.announcementId} = ${announcements.id} AND ${announcementReach.openedAt} IS NOT NULL)`,
};

/** The place's announcements, newest first, with their linked event and special and their reach totals. */
export const announcementsOf = (db: Database, placeId: number, limit: number) =>
  db
    .select({
      id: announcements.id,
      title: announcements.title,
      text: announcements.text,
      eventId: events.id,
      eventName: events.name,
      specialId: specials.id,
      specialTitle: specials.title,
      followers: announcements.followers,
      createdAt: announcements.createdAt,
      ...reachTotals,
    })
    .from(announcements)
    .leftJoin(events, eq(events.id, announcements.eventId))
    .leftJoin(specials, eq(specials.id, announcements.specialId))
    .where(eq(announcements.placeId, placeId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);

/** What the fan-out tells followers: the announcement with its place and linked event or special; undefined when gone. */
export const announcementToSend = (db: Database, id: number) =>
  db
    .select({
      id: announcements.id,
      placeId: announcements.placeId,
      title: announcements.title,
      text: announcements.text,
      placeName: places.name,
      placeSlug: places.slug,
      eventName: events.name,
      specialTitle: specials.title,
    })
    .from(announcements)
    .innerJoin(places, eq(places.id, announcements.placeId))
    .leftJoin(events, eq(events.id, announcements.eventId))
    .leftJoin(specials, eq(specials.id, announcements.specialId))
    .where(eq(announcements.id, id))
    .get();

/** The account ids of the place's followers, in order: one range of saved_places_followers_idx. */
export async function followerIds(db: Database, placeId: number): Promise<number[]> {
  const rows = await db.select({ id: savedPlaces.userId }).from(savedPlaces).where(followersOf(placeId)).orderBy(savedPlaces.userId);
  return rows.map((row) => row.id);
}

/** The followers with account ids in (afterId, throughId], as they are now (one who turned news off since hears nothing). */
export async function followersPage(db: Database, placeId: number, afterId: number, throughId: number): Promise<number[]> {
  const rows = await db
    .select({ id: savedPlaces.userId })
    .from(savedPlaces)
    .where(and(followersOf(placeId), gt(savedPlaces.userId, afterId), lte(savedPlaces.userId, throughId)))
    .orderBy(savedPlaces.userId);
  return rows.map((row) => row.id);
}

/** Notes that the announcement reached these accounts' inboxes; again (a retried page) changes nothing. Accounts deleted meanwhile are skipped. */
export async function recordReach(db: Database, announcementId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.run(sql`
    INSERT INTO ${announcementReach} (announcement_id, user_id)
    SELECT ${announcementId}, id FROM ${users} WHERE id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))
    ON CONFLICT DO NOTHING`);
}

/** The announcement ids of inbox dedupe keys (`announcement:{id}`); other keys are not announcements. */
export function announcementIdsOfKeys(keys: readonly (string | null)[]): number[] {
  return keys.flatMap((key) => {
    const match = key === null ? null : /^announcement:(\d+)$/.exec(key);
    return match ? [Number(match[1])] : [];
  });
}

/** The account read these announcements in its inbox: each counts as opened once, at the first reading. */
export async function markAnnouncementsOpened(db: Database, userId: number, announcementIds: readonly number[], now: number): Promise<void> {
  if (announcementIds.length === 0) return;
  await db.run(sql`
    UPDATE ${announcementReach} SET opened_at = ${now}
    WHERE user_id = ${userId} AND opened_at IS NULL AND announcement_id IN (SELECT value FROM json_each(${JSON.stringify(announcementIds)}))`);
}

/** One group of sharing followers and its size. */
export interface Group {
  name: string;
  count: number;
}

/**
 * What the place's followers who share told us, counted in D1: how many share, and the categories,
 * vibes (preferred level) and neighbourhoods of groups of at least MIN_GROUP people (smaller
 * groups never leave the query). Neighbourhoods are grouped ignoring case and spacing. Only
 * followers an owner cannot cheaply make count (issue 37 #6: four throw-away accounts made a group
 * of five around one real follower): accounts at least 30 days old at `now` with a passkey, the
 * one verified way in the schema has.
 */
export async function sharedLikesOf(db: Database, placeId: number, now: number): Promise<{ sharing: number; categories: Group[]; vibes: Group[]; neighbourhoods: Group[] }> {
  const sharers = sql`
    SELECT u.preferences AS preferences, u.neighbourhood AS neighbourhood FROM ${savedPlaces} s JOIN ${users} u ON u.id = s.user_id
    WHERE s.place_id = ${placeId} AND s.news = 1 AND u.share_likes = 1
      AND u.created_at <= ${now - COUNTED_ACCOUNT_AGE_DAYS * DAY_MS}
      AND EXISTS (SELECT 1 FROM ${passkeys} p WHERE p.user_id = u.id)`;
  const [count, categories, vibes, neighbourhoods] = await Promise.all([
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${sharers})`),
    db.all<Group>(sql`
      SELECT c.value AS name, count(*) AS count FROM (${sharers}) f, json_each(f.preferences, '$.categories') c
      WHERE json_valid(f.preferences) GROUP BY c.value HAVING count(*) >= ${MIN_GROUP}`),
    db.all<Group>(sql`
      SELECT json_extract(f.preferences, '$.level') AS name, count(*) AS count FROM (${sharers}) f
      WHERE json_valid(f.preferences) AND json_extract(f.preferences, '$.level') IS NOT NULL
      GROUP BY name HAVING count(*) >= ${MIN_GROUP}`),
    db.all<Group>(sql`
      SELECT lower(f.neighbourhood) AS name, count(*) AS count FROM (${sharers}) f
      WHERE f.neighbourhood IS NOT NULL GROUP BY lower(f.neighbourhood) HAVING count(*) >= ${MIN_GROUP}`),
  ]);
  return { sharing: count[0]?.n ?? 0, categories, vibes, neighbourhoods };
}

/** The cron's part: announcements older than a year go, with their reach rows. */
export async function dropOldAnnouncements(db: Database, now: number): Promise<void> {
  await db.delete(announcements).where(lte(announcements.createdAt, new Date(now - 365 * DAY_MS)));
}
