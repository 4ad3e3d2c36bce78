// Live Looks do not pile up (docs/live-looks.md#retention): the cron deletes posts once the owners'
// panel no longer shows them, their reports with them (the rows cascade), and deletes from R2 the
// images whose rows are gone, which triggers on delete queue in deleted_images (so a deleted place's
// photos go too). Each run does a bounded share; what is left waits for the next run, 5 minutes on.
import { asc, inArray, lt, lte } from "drizzle-orm";
import { deletedImages, liveLooks } from "../../drizzle/schema";
import { OWNER_WINDOW_MS } from "../lib/live-look-rules";
import { deleteEndedCheckIns } from "./check-ins";
import type { Database } from "./client";
import { dropExpiredInvites, dropOldRequestAttempts } from "./friends";

/** Posts deleted per run: far more than the per-venue limit lets in per 5 minutes of a few venues. */
export const POSTS_PER_RUN = 500;
/** Images deleted per run: the most keys one R2 delete takes. */
export const IMAGES_PER_RUN = 1000;

/** Deletes up to POSTS_PER_RUN of the oldest posts older than the owners' window; answers how many. */
export async function deleteOldLiveLooks(db: Database, now: number): Promise<number> {
  const oldest = db
    .select({ id: liveLooks.id })
    .from(liveLooks)
    .where(lt(liveLooks.createdAt, new Date(now - OWNER_WINDOW_MS)))
    .orderBy(asc(liveLooks.createdAt))
    .limit(POSTS_PER_RUN);
  const deleted = await db.delete(liveLooks).where(inArray(liveLooks.id, oldest)).returning({ id: liveLooks.id });
  return deleted.length;
}

/**
 * Deletes up to IMAGES_PER_RUN queued images from R2, oldest first, then their queue rows; answers
 * how many. If R2 fails, the rows stay for the next run.
 */
export async function deleteQueuedImages(db: Database, bucket: R2Bucket): Promise<number> {
  const queued = await db.select().from(deletedImages).orderBy(asc(deletedImages.id)).limit(IMAGES_PER_RUN);
  const last = queued.at(-1);
  if (!last) return 0;
  await bucket.delete([...new Set(queued.map((row) => row.key))]);
  // Ids only grow, so the rows up to the last one read are exactly those just deleted.
  await db.delete(deletedImages).where(lte(deletedImages.id, last.id));
  return queued.length;
}

/** The cron's step: old posts first, so their photos go in the same run. */
export async function keepLiveLooksTidy(db: Database, bucket: R2Bucket, now: number): Promise<void> {
  await deleteOldLiveLooks(db, now);
  await deleteQueuedImages(db, bucket);
}

/**
 * Friends' part of the cron (docs/friends.md#retention): check-ins that ended are deleted (never a
 * history), and so are expired invite links and friend request attempts older than a day.
 */
export async function keepFriendsTidy(db: Database, now: number): Promise<void> {
  await deleteEndedCheckIns(db, now);
  await dropExpiredInvites(db, now);
  await dropOldRequestAttempts(db, now);
}
