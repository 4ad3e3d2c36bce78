// When the demo's alerts happen (docs/friends.md#demo): inside each venue's hours, relative to
// "now" at seed time, so a fresh demo at 5 AM never says a closed bar "is quiet now" (check-ins
// use the product's own checkInUntil). Pure, over the product's hours rules.
import { hasHours, isOpenAt } from "../../common/opening-hours.ts";
import type { PlaceHours } from "../../common/schemas/answers.ts";

const STEP_MS = 15 * 60_000;
/** How far back an opening is looked for: a week and a day covers every weekly table. */
const LOOK_BACK_MS = 8 * 24 * 60 * 60_000;

/**
 * The latest instant at or before `instant` at which the venue is open (a quarter-hour start when
 * it is not open at `instant` itself); `instant` for a venue without hours, null for one never open.
 */
export function lastOpenAt(hours: PlaceHours, timeZone: string, instant: number): number | null {
  if (!hasHours(hours) || isOpenAt(hours, timeZone, instant)) return instant;
  for (let at = Math.floor(instant / STEP_MS) * STEP_MS; at > instant - LOOK_BACK_MS; at -= STEP_MS) {
    if (isOpenAt(hours, timeZone, at)) return at;
  }
  return null;
}
