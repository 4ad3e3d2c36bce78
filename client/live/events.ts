import type { EventAnswer } from "../../worker/schemas/answers";

/** How many upcoming events a profile lists. */
export const EVENTS_SHOWN = 5;

/** Events still to come or running now, soonest first; recurring events always count as upcoming. */
export function upcomingEvents(events: readonly EventAnswer[], now: Date, count = EVENTS_SHOWN): EventAnswer[] {
  const nowMs = now.getTime();
  return events
    .filter((event) => event.is_recurring || Date.parse(event.end_time ?? event.start_time) >= nowMs)
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
    .slice(0, count);
}
