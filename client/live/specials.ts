// Words for specials on the profile and the dashboard (docs/menus-and-specials.md#on-the-profile):
// times on the venue's clock.
import type { Special } from "../../common/schemas/special";
import { formatHour } from "../../common/formats";
import { whenText } from "./whenToGo";

/** "Mon–Fri", "Sat, Sun", "Every day": runs of three or more days are joined with a dash. */
export function daysText(days: readonly string[]): string {
  const order = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  const indexes = days.map((day) => order.indexOf(day)).filter((index) => index >= 0).sort((a, b) => a - b);
  if (indexes.length === 7) return "Every day";
  const short = (index: number) => order[index].slice(0, 3);
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; ) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === indexes[j] + 1) j++;
    parts.push(j - i >= 2 ? `${short(indexes[i])}–${short(indexes[j])}` : indexes.slice(i, j + 1).map(short).join(", "));
    i = j + 1;
  }
  return parts.join(", ");
}

/** "17:00" → "5 PM", "17:30" → "5:30 PM" (en-US); "17 Uhr", "17:30" (de-DE). */
export const timeText = (time: string, locale: string) => formatHour(Number(time.slice(0, 2)), Number(time.slice(3, 5)), locale);

/**
 * The line a profile shows: "Happy hour now · until 7 PM" while on, else when it runs ("Mon–Fri
 * 5 PM–7 PM") or, for a one-off, when it starts ("from Fri 8 PM").
 */
export function specialLine(special: Special, timeZone: string, now: number, locale: string): string {
  if (special.on_now && special.ends_at) return `${special.title} now · until ${whenText(special.ends_at, timeZone, now, locale)}`;
  if (special.from && special.to) return `${special.title} · ${daysText(special.days)} ${timeText(special.from, locale)}–${timeText(special.to, locale)}`;
  return special.next_start ? `${special.title} · from ${whenText(special.next_start, timeZone, now, locale)}` : special.title;
}
