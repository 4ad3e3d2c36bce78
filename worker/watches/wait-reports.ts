// wait_under watches (docs/watches.md#wait-under): the reported wait is the median of the last
// hour's Live Look reports (worker/lib/live-look-rules.ts), so it changes only when someone reports
// one: the Live Looks route asks here after each post with a wait, off the poster's request.
import type { Database } from "../db/client";
import { recentWaits } from "../db/live-looks";
import { isWatched } from "../db/watches";
import { waitSummary } from "../lib/live-look-rules";
import { fanOutOf } from "./changes";

/**
 * The drop a new report made, if the reported wait went down: `to` the wait now, `from` the wait
 * before it (null when none was reported in the hour). wait_under watches with `to` < minutes ≤
 * `from` fire: each watch once per time the wait goes below its line.
 */
export function waitDrop(before: number | null, after: number | null): { from: number | null; to: number } | null {
  if (after === null || (before !== null && after >= before)) return null;
  return { from: before, to: after };
}

/** After a post with a wait (Live Look `liveLookId`, made at `now`): queues the drop for wait_under watchers, if any. */
export async function noticeWaitReport(env: Pick<Env, "WATCH_QUEUE">, db: Database, placeId: number, liveLookId: number, now: number): Promise<void> {
  const reports = await recentWaits(db, placeId, now);
  const before = waitSummary(reports.filter((report) => report.createdAt < now), now)?.minutes ?? null;
  const drop = waitDrop(before, waitSummary(reports, now)?.minutes ?? null);
  if (!drop || !(await isWatched(db, placeId, "wait_under"))) return;
  await env.WATCH_QUEUE.send(fanOutOf({ key: `wait:${liveLookId}`, place_id: placeId, at: now, kind: "wait_under", wait: drop }), { contentType: "json" });
}
