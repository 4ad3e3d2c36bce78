// The watch queue's consumer (docs/watches.md#fan-out): one message is one page of a change's
// watchers. It queues the next page first (so pages run side by side and a slow page holds back no
// other), then delivers to each watcher whose window holds at the change's time through
// deliverToAccount: the inbox always, a push unless the cap or quiet hours hold it back. A retried
// page delivers nothing twice: the change's key makes each watcher's inbox row once.
import { getDb } from "../db/client";
import { placeUrlOf, watchedPlaceOf, watchersPage, type WatchRow } from "../db/watches";
import { retryDelaySeconds } from "../alerts/delivery";
import { deliverToAccounts } from "../push/deliver";
import type { WatchWindow } from "../../common/schemas/watches";
import { watchMessage, type WatchChange, type WatchedPlace, type WatchFanOut } from "./changes";
import { stopPathOf } from "./stop-link";
import { inWatchWindow } from "./window";

/** Watchers per message: a page is one indexed range read and this many deliveries. */
export const WATCHERS_PER_PAGE = 100;
/** Attempts in all (wrangler.toml's max_retries for the watch queue is WATCH_ATTEMPTS − 1). */
export const WATCH_ATTEMPTS = 5;

type FanOutEnv = Pick<Env, "DB" | "PUSH_QUEUE" | "WATCH_QUEUE" | "JWT_SECRET">;

const windowOf = (watch: WatchRow): WatchWindow | null =>
  watch.windowFrom !== null && watch.windowTo !== null
    ? { days: watch.windowDays === null ? undefined : JSON.parse(watch.windowDays), from: watch.windowFrom, to: watch.windowTo }
    : null;

/** Delivers one page; how many watchers were notified (a repeat of a page counts those it skipped too). */
export async function fanOutPage(env: FanOutEnv, page: WatchFanOut, now: number): Promise<number> {
  const { change } = page;
  const db = getDb(env);
  const place = await watchedPlaceOf(db, change.place_id);
  // The place was deleted, and its watches with it.
  if (!place) return 0;
  const rows = await watchersPage(db, change.place_id, change.kind, page.after_id, WATCHERS_PER_PAGE + 1, change.kind === "wait_under" ? change.wait : undefined);
  const watchers = rows.slice(0, WATCHERS_PER_PAGE);
  if (rows.length > WATCHERS_PER_PAGE) {
    await env.WATCH_QUEUE.send({ change, after_id: watchers[watchers.length - 1].id } satisfies WatchFanOut, { contentType: "json" });
  }
  const due = watchers.filter((watch) => inWatchWindow(windowOf(watch), place.timeZone, change.at));
  const deliveries = await Promise.all(due.map(async (watch) => ({ accountId: watch.userId, notification: await notificationOf(env.JWT_SECRET, change, place, watch) })));
  await deliverToAccounts(env, deliveries, now);
  return due.length;
}

async function notificationOf(secret: string, change: WatchChange, place: WatchedPlace & { slug: string }, watch: WatchRow) {
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

/** The watch queue's consumer: each page acknowledged or retried on its own. */
export async function consumeWatchFanOuts(batch: MessageBatch<WatchFanOut>, env: FanOutEnv): Promise<void> {
  for (const message of batch.messages) {
    try {
      await fanOutPage(env, message.body, Date.now());
      message.ack();
    } catch (error) {
      // The error's name only: a message could carry an account's data.
      console.error(`watch fan-out of ${message.body.change.key} failed: ${error instanceof Error ? error.name : "error"}`);
      if (message.attempts >= WATCH_ATTEMPTS) message.ack();
      else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
