// The words of a plan's forecast and suggestion (docs/friends.md#plans), apart from the page so
// they are unit-tested: "Forecast: Lively · 62%" (as every screen says a venue-hour), "3 min away,
// The Copper Lantern is Relaxed", "10 PM: Relaxed".
import type { Plan } from "../../../../common/schemas/plans";
import { readVenueHour } from "../../../../common/venue-hour";
import { formatInstant } from "../../../../common/formats";
import { SITE_LOCALE } from "../../../lib/format";

/** Metres a person walks in a minute. */
const WALK_M_PER_MIN = 80;

/** "Forecast: Lively · 62%" (readVenueHour, docs/when-to-go.md#one-number-one-word), "Closed at that time", or null without a forecast. */
export function forecastLine(forecast: Plan["forecast"]): string | null {
  if (!forecast) return null;
  if (forecast.open === false) return "Closed at that time";
  const text = readVenueHour({ level: forecast.level, percent: forecast.percent }, null).text;
  return text === null ? null : `Forecast: ${text}`;
}

export const walkMinutes = (metres: number) => Math.max(1, Math.round(metres / WALK_M_PER_MIN));

export function placeSuggestionLine(place: NonNullable<NonNullable<Plan["suggestion"]>["place"]>): string {
  return `${walkMinutes(place.distance_m)} min away, ${place.name} is ${place.level}`;
}

export function timeSuggestionLine(time: NonNullable<NonNullable<Plan["suggestion"]>["time"]>, timeZone?: string): string {
  const hour = formatInstant(Date.parse(time.starts_at), SITE_LOCALE, { hour: "numeric", minute: "2-digit", timeZone });
  return `${hour.replace(":00", "")}: ${time.level}`;
}

/** "Tue 11:30 PM" in the browser's time zone (or the given one). */
export const planTime = (iso: string, timeZone?: string) =>
  formatInstant(Date.parse(iso), SITE_LOCALE, { weekday: "short", hour: "numeric", minute: "2-digit", timeZone });

export const ANSWER_WORDS = { going: "Going", maybe: "Maybe", no: "Can't go", organiser: "Organiser" } as const;
