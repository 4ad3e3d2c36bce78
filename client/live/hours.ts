// Opening hours as a visitor reads them on a venue profile.
import { WEEKDAYS, type PlaceHours, type Weekday } from "../../worker/schemas/answers";
import { formatClock } from "../lib/format";

/** A venue's day starts at 05:00 local time (ARCHITECTURE §5): at 1 am Saturday it is still Friday night. */
export const VENUE_DAY_START_HOUR = 5;

export interface TodaysHours {
  day: Weekday;
  /** "HH:MM"; both empty when the venue is closed that day. */
  open: string;
  close: string;
}

/** The venue day it is at `now` in `timeZone`, and that day's opening hours. */
export function hoursToday(place: PlaceHours, timeZone: string, now: Date): TodaysHours {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "numeric", hourCycle: "h23" }).formatToParts(now);
  const weekday = parts.find((part) => part.type === "weekday")!.value.toLowerCase() as Weekday;
  const hour = Number(parts.find((part) => part.type === "hour")!.value);
  const index = WEEKDAYS.indexOf(weekday);
  const day = hour < VENUE_DAY_START_HOUR ? WEEKDAYS[(index + 6) % 7] : weekday;
  return { day, open: place[`${day}_open`], close: place[`${day}_close`] };
}

export function describeHours({ open, close }: TodaysHours): string {
  if (!open || !close) return "Closed";
  return `${formatClock(open)} – ${formatClock(close)}`;
}
