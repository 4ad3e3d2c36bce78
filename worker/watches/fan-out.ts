// The watch queue's consumer (docs/watches.md#fan-out). A change arrives as one message; its
// consumer reads the ids of the change's watchers (ids only, one index range), cuts them into
// pages of WATCHERS_PER_PAGE and queues every page but the first at once, which it delivers
// itself: the pages run side by side on as many consumers as the queue starts, one queue hop
// after the change, however many there are. A page delivers to each watcher whose window holds at
// the change's time through deliverToAccounts: the inbox always, a push unless the cap or quiet
// hours hold it back. The change's key makes each watcher's inbox row once, so a retried page (or
// change) notifies nobody twice. An owner's announcement takes the same way to the place's
// followers (docs/announcements.md#delivery): pages of account ids instead of watch ids, no windows.
import { getDb } from "../db/client";
import { placeUrlOf, watchedPlaceOf, watcherIds, watchersPage, type WatchRow } from "../db/watches";
import { announcementToSend, followerIds, followersPage, recordReach } from "../db/announcements";
import { PROCESSING_RETRY_S } from "../alerts/delivery";
import { deliverToAccounts, type AccountNotification } from "../push/deliver";
import type { WatchWindow } from "../../common/schemas/watches";
import { fanOutOf, watchMessage, type AnnouncementChange, type FanOutChange, type WatchChange, type WatchedPlace, type WatchFanOut } from "./changes";
import { stopPathOf } from "./stop-link";
import { inWatchWindow } from "./window";

/** Watchers per page: one indexed range read, one inbox batch. */
export const WATCHERS_PER_PAGE = 100;
/**
 * Attempts in all (wrangler.toml's max_retries for the watch queue is WATCH_ATTEMPTS − 1): every
 * PROCESSING_RETRY_S, so a page outlasts a D1 outage of 4.5 minutes (docs/faults.md#d1-down).
 */
export const WATCH_ATTEMPTS = 10;
/** Queue.sendBatch takes at most this many messages. */
const SEND_BATCH_MAX = 100;

type FanOutEnv = Pick<Env, "DB" | "PUSH_QUEUE" | "WATCH_QUEUE" | "JWT_SECRET">;

/** Queues the changes a cron step found (events or specials starting), each as its first page. */
export async function queueChanges(env: Pick<Env, "WATCH_QUEUE">, changes: FanOutChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += SEND_BATCH_MAX) {
    await env.WATCH_QUEUE.sendBatch(changes.slice(i, i + SEND_BATCH_MAX).map((change) => ({ body: fanOutOf(change), contentType: "json" as const })));
  }
}

const windowOf = (watch: WatchRow): WatchWindow | null =>
  watch.windowFrom !== null && watch.windowTo !== null
    ? { days: watch.windowDays === null ? undefined : JSON.parse(watch.windowDays), from: watch.windowFrom, to: watch.windowTo }
    : null;

/** The pages of a sorted id list: (after, through] ranges of WATCHERS_PER_PAGE ids. */
export function pagesOf(ids: readonly number[]): { after_id: number; through_id: number }[] {
  const pages = [];
  for (let i = 0; i < ids.length; i += WATCHERS_PER_PAGE) {
    pages.push({ after_id: i === 0 ? 0 : ids[i - 1], through_id: ids[Math.min(i + WATCHERS_PER_PAGE, ids.length) - 1] });
  }
  return pages;
}

type Page = { after_id: number; through_id: number };

/**
 * The page this message delivers: its own, or for a change as first queued the first page of
 * `ids()`, after queueing every other page at once; null when there is nobody.
 */
async function pageOf(env: FanOutEnv, message: WatchFanOut, ids: () => Promise<number[]>): Promise<Page | null> {
  if (message.through_id !== undefined) return { after_id: message.after_id, through_id: message.through_id };
  const [first, ...rest] = pagesOf(await ids());
  if (!first) return null;
  for (let i = 0; i < rest.length; i += SEND_BATCH_MAX) {
    await env.WATCH_QUEUE.sendBatch(rest.slice(i, i + SEND_BATCH_MAX).map((range) => ({ body: { change: message.change, ...range } satisfies WatchFanOut, contentType: "json" as const })));
  }
  return first;
}

/** Handles one message: a change is cut into pages (the first delivered here), a page delivered. How many accounts were notified here. */
export async function fanOut(env: FanOutEnv, message: WatchFanOut, now: number): Promise<number> {
  const { change } = message;
  if (change.kind === "announcement") return announce(env, message, change, now);
  const db = getDb(env);
  const wait = change.kind === "wait_under" ? change.wait : undefined;
  const page = await pageOf(env, message, () => watcherIds(db, change.place_id, change.kind, wait));
  if (!page) return 0;
  const place = await watchedPlaceOf(db, change.place_id);
  // The place was deleted, and its watches with it.
  if (!place) return 0;
  const watchers = await watchersPage(db, change.place_id, change.kind, page.after_id, page.through_id, wait);
  const due = watchers.filter((watch) => inWatchWindow(windowOf(watch), place.timeZone, change.at));
  const deliveries = await Promise.all(due.map(async (watch) => ({ accountId: watch.userId, notification: await notificationOf(env.JWT_SECRET, change, place, watch) })));
  await deliverToAccounts(env, deliveries, now);
  return due.length;
}

/** An announcement's page: its followers as they are now, each told once (the key), then counted as reached. */
async function announce(env: FanOutEnv, message: WatchFanOut, change: AnnouncementChange, now: number): Promise<number> {
  const db = getDb(env);
  const announcement = await announcementToSend(db, change.announcement.id);
  // Taken back (its queueing failed) or its place deleted.
  if (!announcement) return 0;
  const page = await pageOf(env, message, () => followerIds(db, change.place_id));
  if (!page) return 0;
  const followers = await followersPage(db, change.place_id, page.after_id, page.through_id);
  const link = announcement.eventName !== null ? ` — Event: ${announcement.eventName}` : announcement.specialTitle !== null ? ` — Special: ${announcement.specialTitle}` : "";
  const notification: AccountNotification = {
    kind: "announcement",
    title: `${announcement.placeName}: ${announcement.title}`,
    body: `${announcement.text}${link}`,
    url: placeUrlOf(announcement.placeSlug),
    placeId: change.place_id,
    tag: `announcement-${announcement.id}`,
    dedupeKey: change.key,
  };
  await deliverToAccounts(env, followers.map((accountId) => ({ accountId, notification })), now);
  // After the inbox rows: a page that fails before this is retried, finds its rows there (nothing
  // sent twice) and counts them then.
  await recordReach(db, announcement.id, followers);
  return followers.length;
}

async function notificationOf(secret: string, change: WatchChange, place: WatchedPlace, watch: WatchRow) {
  return {
    kind: `watch_${change.kind}`,
    ...watchMessage(change, place, watch.minutes),
    url: placeUrlOf(place.slug),
    placeId: change.place_id,
    // One notification per watch on the device: a newer "quiet now" replaces the older.
    tag: `watch-${watch.id}`,
    stopUrl: await stopPathOf(secret, watch),
    dedupeKey: change.key,
  };
}

/** The watch queue's consumer: the batch's messages side by side, each acknowledged or retried on its own. */
export async function consumeWatchFanOuts(batch: MessageBatch<WatchFanOut>, env: FanOutEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await fanOut(env, message.body, Date.now());
        message.ack();
      } catch (error) {
        // The error's name only: a message could carry an account's data.
        console.error(`watch fan-out of ${String(message.body?.change?.key)} failed: ${error instanceof Error ? error.name : "error"}`);
        // Retried even on the last attempt: past max_retries the queue moves it to its dead-letter
        // queue, where the admin sees it (docs/faults.md#dead-letters), instead of it vanishing.
        message.retry({ delaySeconds: PROCESSING_RETRY_S });
      }
    }),
  );
}
