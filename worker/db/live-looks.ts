import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { liveLookReports, liveLooks, places, type LiveLook } from "../../drizzle/schema";
import type { PlaceClock } from "../../common/local-time";
import type { LiveLookAnswer, ModeratedLiveLookAnswer } from "../../common/schemas/answers";
import type { LiveLookInput } from "../../common/schemas/live-look";
import type { ModerationStatus } from "../../common/schemas/review-moderation";
import { imageUrl, videoUrl } from "../lib/images";
import { AUTO_HIDE_REPORTS, decodeCursor, publicSince, RECENT_MS } from "../lib/live-look-rules";
import type { Database } from "./client";

export function toLiveLookAnswer(row: LiveLook): LiveLookAnswer {
  return {
    id: row.id,
    text: row.text,
    photo_url: imageUrl(row.photoKey),
    video_url: videoUrl(row.videoKey),
    poster_url: imageUrl(row.posterKey),
    wait: row.wait,
    vibe: row.vibe,
    not_checked: row.notChecked,
    created_at: row.createdAt.toISOString(),
  };
}

/** The R2 keys of a post's files: a photo, or a video and its poster. */
export type LiveLookFiles = Partial<Record<"photo" | "video" | "poster", string>>;

/** Who posted and whether the post contradicted the sensor then. */
export interface LiveLookAuthor {
  userId: number;
  notChecked: boolean;
}

export async function insertLiveLook(
  db: Database,
  placeId: number,
  input: LiveLookInput,
  files: LiveLookFiles,
  now: number,
  author: LiveLookAuthor,
): Promise<LiveLook> {
  const [row] = await db
    .insert(liveLooks)
    .values({
      placeId,
      userId: author.userId,
      notChecked: author.notChecked,
      text: input.text,
      wait: input.wait,
      vibe: input.vibe,
      photoKey: files.photo ?? null,
      videoKey: files.video ?? null,
      posterKey: files.poster ?? null,
      createdAt: new Date(now),
    })
    .returning();
  return row;
}

/** When the account posted at the place in the hour before `now` (its per-venue limit: accountRetryAfter). */
export async function accountPostTimes(db: Database, userId: number, placeId: number, now: number): Promise<number[]> {
  const rows = await db
    .select({ createdAt: liveLooks.createdAt })
    .from(liveLooks)
    .where(and(eq(liveLooks.userId, userId), eq(liveLooks.placeId, placeId), gt(liveLooks.createdAt, new Date(now - RECENT_MS))));
  return rows.map((row) => row.createdAt.getTime());
}

/** Public at `now`: not hidden and younger than 3 hours. */
const isPublic = (now: number) => and(isNull(liveLooks.hiddenAt), gt(liveLooks.createdAt, new Date(publicSince(now))));

/** One page of a place's public posts, newest first, after `cursor`; one more row than `limit` says another page follows. */
/**
 * A page of a place's public posts, newest first (one more than `limit`, to tell whether another
 * page follows); null when there is no such place. One statement: the place joined to its posts.
 */
export async function publicLiveLooks(db: Database, placeId: number, now: number, page: { cursor?: string; limit: number }): Promise<LiveLook[] | null> {
  const conditions: SQL[] = [eq(liveLooks.placeId, places.id), isPublic(now)!];
  if (page.cursor) {
    const after = decodeCursor(page.cursor);
    const at = new Date(after.createdAt);
    conditions.push(or(lt(liveLooks.createdAt, at), and(eq(liveLooks.createdAt, at), lt(liveLooks.id, after.id)))!);
  }
  const rows = await db
    .select({ look: liveLooks })
    .from(places)
    .leftJoin(liveLooks, and(...conditions))
    .where(eq(places.id, placeId))
    .orderBy(desc(liveLooks.createdAt), desc(liveLooks.id))
    .limit(page.limit + 1);
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.look ? [row.look] : []));
}

/** The wait reports of a place's public posts of the last hour. */
export async function recentWaits(db: Database, placeId: number, now: number) {
  const rows = await db
    .select({ wait: liveLooks.wait, createdAt: liveLooks.createdAt })
    .from(liveLooks)
    .where(and(eq(liveLooks.placeId, placeId), isPublic(now), isNotNull(liveLooks.wait), gt(liveLooks.createdAt, new Date(now - RECENT_MS))));
  return rows.flatMap((row) => (row.wait ? [{ wait: row.wait, createdAt: row.createdAt.getTime() }] : []));
}

/** Public posts of the last hour per place, for the live map list. */
export async function liveLookCountsLastHour(db: Database, now: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ placeId: liveLooks.placeId, n: count() })
    .from(liveLooks)
    .where(and(isNull(liveLooks.hiddenAt), gt(liveLooks.createdAt, new Date(now - RECENT_MS))))
    .groupBy(liveLooks.placeId);
  return new Map(rows.map((row) => [row.placeId, row.n]));
}

export async function findLiveLook(db: Database, id: number): Promise<LiveLook | undefined> {
  const [row] = await db.select().from(liveLooks).where(eq(liveLooks.id, id)).limit(1);
  return row;
}

/** The post with its venue's clock (zone and day start), for the venue day a report falls on. */
export async function findLiveLookWithClock(db: Database, id: number): Promise<{ look: LiveLook; clock: PlaceClock } | undefined> {
  const [row] = await db
    .select({ look: liveLooks, timeZone: places.timezone, dayStartHour: places.dayStartHour })
    .from(liveLooks)
    .innerJoin(places, eq(places.id, liveLooks.placeId))
    .where(eq(liveLooks.id, id))
    .limit(1);
  return row && { look: row.look, clock: { timeZone: row.timeZone, dayStartHour: row.dayStartHour } };
}

/** Whether the post is public at `now` (the rule of isPublic, for a row already read). */
export const isPublicAt = (row: LiveLook, now: number) => row.hiddenAt === null && row.createdAt.getTime() > publicSince(now);

const openReports = (id: number) => and(eq(liveLookReports.liveLookId, id), isNull(liveLookReports.resolvedAt));

/**
 * Records a report (one per client and post: a second from the same client changes nothing) and
 * hides the post once open reports from AUTO_HIDE_REPORTS different clients stand. Answers whether
 * this report hid it.
 */
export async function reportLiveLook(db: Database, id: number, client: string, reason: string, now: number): Promise<boolean> {
  await db.insert(liveLookReports).values({ liveLookId: id, client, reason }).onConflictDoNothing();
  // One statement: it hides only a post still visible with enough open reports, so two reports
  // arriving together hide it once.
  const hidden = await db
    .update(liveLooks)
    .set({ hiddenAt: new Date(now), hiddenBy: "reports", hiddenReason: `Reported by ${AUTO_HIDE_REPORTS} visitors.` })
    .where(
      and(
        eq(liveLooks.id, id),
        isNull(liveLooks.hiddenAt),
        sql`(SELECT count(*) FROM ${liveLookReports} WHERE ${liveLookReports.liveLookId} = ${id} AND ${liveLookReports.resolvedAt} IS NULL) >= ${AUTO_HIDE_REPORTS}`,
      ),
    )
    .returning({ id: liveLooks.id });
  return hidden.length > 0;
}

/**
 * Hides a post (`hidden` set) or shows it again (`hidden` null). Only the admin's judgement closes
 * the post's open reports (a post the admin kept leaves the queue until it is reported again); an
 * owner's hide leaves them open, so reports reach the admin whatever an owner does
 * (docs/live-looks.md#moderation).
 */
export async function setLiveLookHidden(db: Database, id: number, hidden: { reason: string } | null, by: "admin" | "owner", now: number) {
  const update = db
    .update(liveLooks)
    .set(hidden ? { hiddenAt: new Date(now), hiddenReason: hidden.reason, hiddenBy: by } : { hiddenAt: null, hiddenReason: "", hiddenBy: null })
    .where(eq(liveLooks.id, id));
  if (by === "owner") await update;
  else await db.batch([update, db.update(liveLookReports).set({ resolvedAt: new Date(now) }).where(openReports(id))]);
}

/** How many open reports the post has. */
export async function openReportsOf(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(liveLookReports).where(openReports(id));
  return row.n;
}

/**
 * Deletes a post and its reports; answers its files' keys (photo, video, poster) for the caller to
 * delete from R2 now. Triggers queue them as well, so the cron deletes them should that fail
 * (docs/live-looks.md#retention).
 */
export async function deleteLiveLook(db: Database, id: number): Promise<(string | null)[]> {
  const [row] = await db
    .delete(liveLooks)
    .where(eq(liveLooks.id, id))
    .returning({ photoKey: liveLooks.photoKey, videoKey: liveLooks.videoKey, posterKey: liveLooks.posterKey });
  return row ? [row.photoKey, row.videoKey, row.posterKey] : [];
}

/** The moderation queue and the owners' panel are short work, not an archive. */
const MODERATED_SHOWN = 200;

const openReportCount = sql<number>`(SELECT count(*) FROM ${liveLookReports} WHERE ${liveLookReports.liveLookId} = ${liveLooks.id} AND ${liveLookReports.resolvedAt} IS NULL)`;

type ModeratedFilter = { status: ModerationStatus } | { id: number } | { placeId: number; since: number };

/**
 * Posts as moderators see them. `reported`: visible posts with open reports; `hidden`: hidden ones,
 * most recently hidden first; `placeId`: every post of a place since `since` (the owners' panel).
 */
export async function listModeratedLiveLooks(db: Database, filter: ModeratedFilter): Promise<ModeratedLiveLookAnswer[]> {
  const where =
    "id" in filter
      ? eq(liveLooks.id, filter.id)
      : "placeId" in filter
        ? and(eq(liveLooks.placeId, filter.placeId), gte(liveLooks.createdAt, new Date(filter.since)))
        : filter.status === "hidden"
          ? isNotNull(liveLooks.hiddenAt)
          : and(isNull(liveLooks.hiddenAt), sql`${openReportCount} > 0`);
  const order = "status" in filter && filter.status === "hidden" ? desc(liveLooks.hiddenAt) : desc(liveLooks.createdAt);
  const rows = await db
    .select({ look: liveLooks, placeName: places.name, openReports: openReportCount })
    .from(liveLooks)
    .innerJoin(places, eq(places.id, liveLooks.placeId))
    .where(where)
    .orderBy(order, desc(liveLooks.id))
    .limit(MODERATED_SHOWN);
  return rows.map(({ look, placeName, openReports }) => ({
    ...toLiveLookAnswer(look),
    place_id: look.placeId,
    place_name: placeName,
    open_reports: openReports,
    hidden_at: look.hiddenAt ? look.hiddenAt.toISOString() : null,
    hidden_reason: look.hiddenReason,
    hidden_by: look.hiddenBy,
  }));
}
