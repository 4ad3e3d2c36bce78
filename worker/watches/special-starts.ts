// Specials starting, for special_starts watches (docs/watches.md#decisions-where-the-issue-is-silent):
// the 5-minute cron looks at the specials of watched places whose run started in the last LOOKBACK_MS and queues one
// change per run, as event starts do. The change's key (special and run start) keeps a run seen by
// two cron runs from notifying anyone twice.
import { getDb } from "../db/client";
import { specialsOfWatchedPlaces } from "../db/specials";
import { runsAround } from "../lib/special-schedule";
import type { WatchChange } from "./changes";
import { queueChanges } from "./fan-out";
import { LOOKBACK_MS } from "./event-starts";

export async function noticeSpecialStarts(env: Pick<Env, "DB" | "WATCH_QUEUE">, now: number): Promise<number> {
  const changes: WatchChange[] = [];
  for (const special of await specialsOfWatchedPlaces(getDb(env))) {
    // Started in (now − lookback, now]; whether it has ended does not matter here.
    for (const run of runsAround(special.schedule, special.timeZone, now)) {
      if (run.start <= now - LOOKBACK_MS || run.start > now) continue;
      changes.push({
        key: `special:${special.id}:${run.start}`,
        place_id: special.placeId,
        at: run.start,
        kind: "special_starts",
        special: { id: special.id, title: special.title },
      });
    }
  }
  await queueChanges(env, changes);
  return changes.length;
}
