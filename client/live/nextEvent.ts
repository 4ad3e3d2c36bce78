// A place's next event as the lists of places say it (docs/when-to-go.md#next-event): "Trivia on
// now", or "Trivia at 8 PM" on the venue's clock ("at Sat 1 PM" when it is another day there).
import { whenText } from "../../common/live-summary";
import type { LivePlace } from "../../common/schemas/answers";

export const NEXT_EVENT_TEXT = {
  onNow: (name: string) => `${name} on now`,
  at: (name: string, when: string) => `${name} at ${when}`,
} as const;

export function nextEventText(event: NonNullable<LivePlace["next_event"]>, timeZone: string, now: number, locale: string): string {
  return Date.parse(event.starts_at) <= now ? NEXT_EVENT_TEXT.onNow(event.name) : NEXT_EVENT_TEXT.at(event.name, whenText(event.starts_at, timeZone, now, locale));
}
