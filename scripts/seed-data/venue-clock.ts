// A demo venue's hours as the API reads them, and whether a stretch of time fits inside one of its
// openings on its own clock (docs/when-to-go.md#open-now): the demo's events and Live Looks use it.
import { closingAt, isOpenAt } from "../../common/opening-hours.ts";
import type { PlaceHours } from "../../common/schemas/answers.ts";
import { WEEKDAYS } from "../../common/vocabulary.ts";
import type { SeedVenue } from "./venues.ts";

/** The demo's cities as migration 0033 adds them (docs/cities.md): zone and holiday region. */
export const DEMO_CITIES = {
  "new-york": { timeZone: "America/New_York", country: "US", region: "NY" },
  berlin: { timeZone: "Europe/Berlin", country: "DE", region: "BE" },
} as const;
export type DemoCity = keyof typeof DEMO_CITIES;

/** A demo venue's zone: its city's. */
export const venueZone = (venue: Pick<SeedVenue, "city">): string => DEMO_CITIES[venue.city].timeZone;

/** Hours for Monday to Thursday, Friday, and the weekend, as a seed venue's week (Monday first). */
export const week = (weekday: readonly [string, string], friday: readonly [string, string], weekend: readonly [string, string]) =>
  [weekday, weekday, weekday, weekday, friday, weekend, weekend] as const;

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
