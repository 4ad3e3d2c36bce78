// A place's next event for the lists of places (Near me, the live map): the occurrence under way or
// starting soonest within the horizon, on the venue's clock (docs/when-to-go.md#next-event). Pure.
import { occurrencesOf, type InsightEvent } from "./event-insights";

/** Events further ahead than this are not "tonight": a list says nothing of them. */
export const NEXT_EVENT_HORIZON_MS = 18 * 3_600_000;

export interface UpcomingEvent extends Pick<InsightEvent, "id" | "name" | "start" | "end" | "recurring" | "repeatingDays"> {
  placeId: number;
  timeZone: string;
}

export interface NextEvent {
  name: string;
  /** ISO time it starts (in the past while under way). */
  starts_at: string;
  /** ISO time it ends. */
  ends_at: string;
}

/** Per place, its event under way at `now` or the first to start before now + horizon. */
export function nextEventsByPlace(events: readonly UpcomingEvent[], now: number, horizonMs = NEXT_EVENT_HORIZON_MS): Map<number, NextEvent> {
  const next = new Map<number, { start: number; event: NextEvent }>();
  for (const event of events) {
    const length = event.end - event.start;
    const occurrences = occurrencesOf({ ...event, categoryId: null, categoryName: null }, event.timeZone, now - length, now + horizonMs, Number.POSITIVE_INFINITY);
    for (const occurrence of occurrences) {
      if (occurrence.end <= now) continue;
      const kept = next.get(event.placeId);
      if (kept && kept.start <= occurrence.start) continue;
      next.set(event.placeId, {
        start: occurrence.start,
        event: { name: event.name, starts_at: new Date(occurrence.start).toISOString(), ends_at: new Date(occurrence.end).toISOString() },
      });
    }
  }
  return new Map([...next].map(([placeId, { event }]) => [placeId, event]));
}
