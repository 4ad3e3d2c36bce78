// Events starting, for event_starts watches (docs/watches.md#event-starts): the 5-minute cron
// looks at the events of watched places that started in the last LOOKBACK_MS and queues one change
// per occurrence. Events are in D1 and start by the clock, not by readings: a venue without sensors
// has no object running to notice them. The lookback covers a missed cron run; the change's key
// (event and occurrence) keeps an occurrence seen twice from notifying anyone twice.
import { getDb } from "../db/client";
import { eventsOfWatchedPlaces } from "../db/watches";
import { occurrencesOf } from "../occupancy/event-insights";
import type { WatchChange } from "./changes";
import { queueChanges } from "./fan-out";

/** Two cron periods: one missed run loses nothing. */
export const LOOKBACK_MS = 10 * 60_000;

export async function noticeEventStarts(env: Pick<Env, "DB" | "WATCH_QUEUE">, now: number): Promise<number> {
  const from = now - LOOKBACK_MS;
  const changes: WatchChange[] = [];
  for (const event of await eventsOfWatchedPlaces(getDb(env), from, now + 1)) {
    const insightEvent = { ...event, categoryId: null, categoryName: null };
    // Started in (now − lookback, now]; whether it has ended does not matter here.
    for (const occurrence of occurrencesOf(insightEvent, event.timeZone, from, now + 1, Number.POSITIVE_INFINITY)) {
      changes.push({
        key: `event:${event.id}:${occurrence.start}`,
        place_id: event.placeId,
        at: occurrence.start,
        kind: "event_starts",
        event: { id: event.id, name: event.name },
      });
    }
  }
  await queueChanges(env, changes);
  return changes.length;
}
