// A demo venue's hours as the API reads them, and whether a stretch of time fits inside one of its
// openings on its own clock (docs/when-to-go.md#open-now): the demo's events and Live Looks use it.
import { closingAt, isOpenAt } from "../../common/opening-hours.ts";
import type { PlaceHours } from "../../common/schemas/answers.ts";
import { WEEKDAYS } from "../../common/vocabulary.ts";
import type { SeedVenue } from "./venues.ts";

/** Every demo venue is in New York (the places table's default zone). */
export const DEMO_TIME_ZONE = "America/New_York";

/** A seed venue's hours table, Monday first, as a places row gives it to the API. */
export function venueHours(venue: Pick<SeedVenue, "hours">): PlaceHours {
  return Object.fromEntries(
    WEEKDAYS.flatMap((day, i) => [
      [`${day}_open`, venue.hours[i][0]],
      [`${day}_close`, venue.hours[i][1]],
    ]),
  ) as PlaceHours;
}

/** Whether [start, end) lies inside one opening of the venue: open at the start, closing no earlier than the end. */
export function fitsOpening(hours: PlaceHours, timeZone: string, start: number, end: number): boolean {
  if (!isOpenAt(hours, timeZone, start)) return false;
  const closing = closingAt(hours, timeZone, start);
  return closing === null || closing >= end;
}
