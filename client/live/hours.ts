// Opening hours as a visitor reads them on a venue profile.
import { venueDayAt, weekdayIndexOfDay, type PlaceClock } from "../../common/local-time";
import { WEEKDAYS, type Weekday } from "../../common/vocabulary";
import { type PlaceHours } from "../../common/schemas/answers";
import { formatOpeningHours } from "../../common/formats";

export interface TodaysHours {
  day: Weekday;
  /** "HH:MM"; both empty when the venue is closed that day. */
  open: string;
  close: string;
}

/** The venue day it is at `now` (at 1 am Saturday a bar is still in Friday night) and its hours. */
export function hoursToday(place: PlaceHours, clock: PlaceClock, now: Date): TodaysHours {
  const day = WEEKDAYS[weekdayIndexOfDay(venueDayAt(clock, now.getTime()))];
  return { day, open: place[`${day}_open`], close: place[`${day}_close`] };
}

/**
 * "5:00 PM – 2:00 AM" (en-US), "17:00–02:00" (de-DE): on the venue's clock in the visitor's locale,
 * its zone named when the visitor's clock differs (docs/cities.md#formats); "Closed" for a closed day.
 */
export function describeHours(
  { open, close }: TodaysHours,
  locale: string,
  zone: { venue: string; visitor: string | null; instant: number },
): string {
  if (!open || !close) return "Closed";
  return formatOpeningHours(open, close, locale, zone);
}
