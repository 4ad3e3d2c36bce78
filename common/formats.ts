// Prices and venue times for a visitor (docs/cities.md#formats), pure and locale-driven: `locale` is
// the visitor's (a BCP 47 tag such as "de-DE"), so 12- or 24-hour time, decimal marks and the
// currency sign's place follow the visitor, while the currency and the clock stay the venue's: a
// Berlin bar's 17:00 is 17:00 Berlin time for everyone, written "5:00 PM" to an American.
// Formatters are made once per locale (and zone) and kept: Intl's constructors are the slow part.
import { WEEKDAY_NAMES } from "./local-time";

type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/**
 * ICU puts a narrow no-break space before AM/PM in some versions and a plain one in others, so
 * workerd, Node and a browser could write one time two ways (a hydration mismatch): times are
 * written with a plain space, like the rest of the app's words.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/**
 * The API's own messages are English (the contract: docs/cities.md#formats); a time in one is
 * written as an American reads it. Screens pass the visitor's locale instead.
 */
export const API_LOCALE = "en-US";

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = cache.get(key) as T | undefined;
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made;
}

/** A price in the venue's currency (ISO 4217), written the visitor's way: 4.5 EUR → "4,50 €" (de-DE), "€4.50" (en-US). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return memo(`price|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(amount);
}

/** "HH:MM" of a venue's hours table as the visitor's locale writes a time of day: "17:00" (de-DE), "5:00 PM" (en-US); other text as it came. */
export function formatClockTime(time: string, locale: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  return plainSpaces(timeOfDay(locale, "UTC").format(Date.UTC(1970, 0, 1, Number(match[1]) % 24, Number(match[2]))));
}

/**
 * A time of day the locale's way (`{hour: "numeric"}` decides 12 or 24 hours), with two-digit hours
 * where the locale counts 24 ("02:00", as German opening hours read), one where it counts 12 ("2:00 AM").
 */
function timeOfDay(locale: string, timeZone: string): Intl.DateTimeFormat {
  return memo(`time|${locale}|${timeZone}`, () => {
    const numeric = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
    const cycle = numeric.resolvedOptions().hourCycle;
    return cycle === "h23" || cycle === "h24" ? new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }) : numeric;
  });
}

/**
 * An hour of the day as a label (an axis, a filter, "busiest 9–11 PM"), the locale's way: 21 → "9 PM"
 * (en-US), "21 Uhr" (de-DE), "21時" (ja-JP); with its minutes when they are not 0: "9:30 PM", "21:30".
 * A wall-clock hour, already on the venue's clock: no zone moves it.
 */
export function formatHour(hour: number, minute: number, locale: string): string {
  const h = ((hour % 24) + 24) % 24;
  const options: Intl.DateTimeFormatOptions = minute ? { hour: "numeric", minute: "2-digit", timeZone: "UTC" } : { hour: "numeric", timeZone: "UTC" };
  return formatInstant(Date.UTC(1970, 0, 1, h, minute), locale, options);
}

/** A chart axis's short hour: "9p", "12a" where the locale counts 12 hours, "21" where it counts 24. */
export function formatAxisHour(hour: number, locale: string): string {
  const parts = memo(`axis|${locale}`, () => new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" })).formatToParts(Date.UTC(1970, 0, 1, ((hour % 24) + 24) % 24));
  const number = parts.find((part) => part.type === "hour")?.value ?? String(hour);
  const period = parts.find((part) => part.type === "dayPeriod")?.value;
  return period ? `${number}${period[0].toLowerCase()}` : number;
}

/**
 * An instant with these Intl options in the visitor's locale (a date, a weekday and a time…), on
 * `options.timeZone`'s clock: a venue's for what happens at the venue, the visitor's (none given)
 * for their own moments. The one place the app makes an Intl.DateTimeFormat for what it shows.
 */
export function formatInstant(instant: number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return plainSpaces(memo(`instant|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(instant));
}

/** A whole number the locale's way: 2340 → "2,340" (en-US), "2.340" (de-DE). */
export function formatCount(count: number, locale: string): string {
  return memo(`count|${locale}`, () => new Intl.NumberFormat(locale)).format(count);
}

/** Regions whose people read distances in miles (Intl has no measurement system, CLDR's list): the US, Liberia, Myanmar and the UK. */
const MILES_REGIONS = new Set(["US", "LR", "MM", "GB"]);
const METRES_PER_MILE = 1609.344;
const METRES_PER_FOOT = 0.3048;

/**
 * A distance the locale's way: km or miles by its region (its likely one when the tag names none),
 * short ones in metres or feet: 340 m, 1.2 km (de-DE, es-ES…); 1,100 ft, 0.8 mi (en-US).
 */
export function formatDistance(metres: number, locale: string): string {
  const region = new Intl.Locale(locale).maximize().region ?? "";
  const unit = (value: number, name: string, digits: number) =>
    plainSpaces(memo(`unit|${locale}|${name}|${digits}`, () => new Intl.NumberFormat(locale, { style: "unit", unit: name, maximumFractionDigits: digits })).format(value));
  if (MILES_REGIONS.has(region)) {
    const miles = metres / METRES_PER_MILE;
    return miles < 0.2 ? unit(Math.round(metres / METRES_PER_FOOT / 50) * 50, "foot", 0) : unit(miles, "mile", 1);
  }
  return metres < 1000 ? unit(Math.round(metres / 10) * 10, "meter", 0) : unit(metres / 1000, "kilometer", 1);
}

/** The zone's offset from UTC in minutes at an instant. */
function offsetMinutes(timeZone: string, instant: number): number {
  const parts = memo(`offset|${timeZone}`, () =>
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" }),
  ).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(field("year"), field("month") - 1, field("day"), field("hour"), field("minute"));
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The venue zone's short name in the visitor's locale ("MEZ" in de-DE, "GMT+1" in en-US) when its
 * clock differs from the visitor's at that instant; null when both read the same time (another
 * zone name on the same clock, such as America/Detroit beside America/New_York, is not named).
 */
export function venueZoneName(venueZone: string, visitorZone: string | null, locale: string, instant: number): string | null {
  if (visitorZone !== null && offsetMinutes(venueZone, instant) === offsetMinutes(visitorZone, instant)) return null;
  const format = memo(`zone|${locale}|${venueZone}`, () => new Intl.DateTimeFormat(locale, { timeZone: venueZone, timeZoneName: "short" }));
  return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? venueZone;
}

/** An instant on the venue's clock in the visitor's locale, its zone named when it differs from the visitor's: "21:00", "9:00 PM GMT+1". */
export function formatVenueTime(instant: number, venueZone: string, locale: string, visitorZone: string | null): string {
  const time = plainSpaces(timeOfDay(locale, venueZone).format(instant));
  const zone = venueZoneName(venueZone, visitorZone, locale, instant);
  return zone ? `${time} ${zone}` : time;
}

/**
 * A day's opening hours from the hours table ("17:00", "02:00") in the visitor's locale, on the
 * venue's clock, its zone named (at `instant`) when it differs from the visitor's: "17:00–02:00",
 * "5:00 PM – 2:00 AM GMT+1"; "" for a closed day.
 */
export function formatOpeningHours(
  open: string,
  close: string,
  locale: string,
  zone: { venue: string; visitor: string | null; instant: number },
): string {
  if (!open || !close) return "";
  const from = formatClockTime(open, locale);
  const to = formatClockTime(close, locale);
  // A 12-hour time has a space in it ("5:00 PM"): an en dash between spaces reads better there.
  const range = /\s/.test(from) ? `${from} – ${to}` : `${from}–${to}`;
  const name = venueZoneName(zone.venue, zone.visitor, locale, zone.instant);
  return name ? `${range} ${name}` : range;
}

/**
 * Regions whose weeks start on Sunday or Saturday (CLDR's `firstDay`; every other starts on Monday).
 * A table, not `Intl.Locale#getWeekInfo`: workerd, Node and browsers differ in whether they have it,
 * and the server's order must be the island's (a hydration mismatch otherwise).
 */
const SUNDAY_FIRST = new Set(
  "AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW".split(" "),
);
const SATURDAY_FIRST = new Set("AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY".split(" "));

/** The week's days (as the API names them) in the order the locale's calendars print them: Sunday first in en-US and ja-JP, Monday first in de-DE and es-ES. */
export function localeWeek(locale: string): WeekdayName[] {
  const region = new Intl.Locale(locale).maximize().region ?? "";
  const first = WEEKDAY_NAMES.indexOf(SUNDAY_FIRST.has(region) ? "Sunday" : SATURDAY_FIRST.has(region) ? "Saturday" : "Monday");
  return [...WEEKDAY_NAMES.slice(first), ...WEEKDAY_NAMES.slice(0, first)];
}

/** An API weekday ("Friday") in the locale's words: "viernes" (es-ES), "Freitag" (de-DE), "金曜日" (ja-JP). */
export function formatWeekday(day: WeekdayName, locale: string): string {
  // 5 January 1970 was a Monday.
  return formatInstant(Date.UTC(1970, 0, 5 + WEEKDAY_NAMES.indexOf(day)), locale, { weekday: "long", timeZone: "UTC" });
}
