// What a visitor is told about a venue right now, in words (docs/when-to-go.md): closed and when it
// opens, its level's people, live against usual, a silent sensor, when it is usually busiest. Pure functions of a live entry
// and an explicit `now`, read in the venue's time zone, its times written in the visitor's `locale`
// (docs/cities.md#formats); the profile, the live map and the embedded widget (docs/embeds.md) say it
// the same way.
import { formatHour, formatInstant } from "./formats";
import { DAY_MS, toWall } from "./local-time";
import type { LivePlace, PopularHour, PopularTimesAnswer, VsUsual } from "./schemas/answers";

export const VS_USUAL_TEXT: Record<VsUsual, string> = {
  busier: "Busier than usual",
  usual: "About as busy as usual",
  quieter: "Quieter than usual",
};

/** Local wall clock of an instant in a zone: hour of day, calendar day number, minutes. */
export function wallOf(timeZone: string, instantMs: number) {
  const wall = toWall(timeZone, instantMs);
  const day = Math.floor(wall / DAY_MS);
  const minuteOfDay = Math.floor((wall - day * DAY_MS) / 60_000);
  return { day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 };
}

/** "4 PM" ("16 Uhr") on the same local date as `now`, else "Mon 4 PM" ("Mo. 16 Uhr"), on the venue's clock. */
export function whenText(iso: string, timeZone: string, now: number, locale: string): string {
  const instant = Date.parse(iso);
  const at = wallOf(timeZone, instant);
  const time = formatHour(at.hour, at.minute, locale);
  if (at.day === wallOf(timeZone, now).day) return time;
  return `${formatInstant(instant, locale, { weekday: "short", timeZone })} ${time}`;
}

/** "Closed · opens 4 PM" (or "Mon 4 PM"), or "Closed" when no opening is known. */
export function closedText(opensAt: string | null, timeZone: string, now: number, locale: string): string {
  return opensAt ? `Closed · opens ${whenText(opensAt, timeZone, now, locale)}` : "Closed";
}

/** A silent sensor, with when it was last heard: "today" times plain, older ones with their weekday. */
export function silentText(updatedAt: string | null, timeZone: string, now: number, locale: string): string {
  if (!updatedAt) return "No live reading yet: the venue's sensor hasn't reported.";
  if (now - Date.parse(updatedAt) > 7 * DAY_MS) {
    const date = formatInstant(Date.parse(updatedAt), locale, { month: "short", day: "numeric", timeZone });
    return `No live reading: the sensor was last heard on ${date}.`;
  }
  return `No live reading: the sensor was last heard at ${whenText(updatedAt, timeZone, now, locale)}.`;
}

/** What a visitor is told about a live entry right now, in the order a row or popup shows it. */
export interface LiveSummary {
  /** Closed now: "Closed · opens 4 PM"; null while open or without hours. */
  closed: string | null;
  /** "About 42 people", only while open with live numbers and public counts. */
  people: string | null;
  /** "Busier than usual" and the like. */
  vsUsual: string | null;
  /** The sensor is silent (and the venue is not closed). */
  silent: string | null;
}

export function liveSummary(
  place: Pick<LivePlace, "timezone" | "open_now" | "opens_at" | "level" | "updated_at" | "people" | "vs_usual">,
  now: number,
  locale: string,
): LiveSummary {
  const timeZone = place.timezone;
  if (place.open_now === false) return { closed: closedText(place.opens_at, timeZone, now, locale), people: null, vsUsual: null, silent: null };
  if (place.level === null) return { closed: null, people: null, vsUsual: null, silent: silentText(place.updated_at, timeZone, now, locale) };
  return {
    closed: null,
    people: place.people !== null ? `About ${place.people} ${place.people === 1 ? "person" : "people"}` : null,
    vsUsual: place.vs_usual ? VS_USUAL_TEXT[place.vs_usual] : null,
    silent: null,
  };
}

/** Hours of the busiest run within this many points of the day's peak count as "usually busiest". */
export const BUSIEST_TOLERANCE = 10;

/** Hours [from, to) as "9–11 PM" ("21–23 Uhr"), or "11 AM–1 PM" when the two ends differ in AM/PM. */
export function hourRangeText(fromHour: number, toHour: number, locale: string): string {
  const from = formatHour(fromHour, 0, locale);
  const to = formatHour(toHour, 0, locale);
  const [fromNumber, fromSuffix] = from.split(" ");
  return fromSuffix === to.split(" ")[1] ? `${fromNumber}–${to}` : `${from}–${to}`;
}

/**
 * The day's busiest run: the peak hour (earliest on a tie) and the neighbouring hours, in venue-day
 * order, whose usual is within BUSIEST_TOLERANCE points of it. Null without a usual above zero.
 * `to` is the local hour the run ends (exclusive).
 */
export function busiestRun(hours: readonly PopularHour[]): { from: number; to: number; peak: number } | null {
  let peakIndex = -1;
  hours.forEach((hour, index) => {
    if (hour.usual !== null && hour.usual > 0 && (peakIndex < 0 || hour.usual > hours[peakIndex].usual!)) peakIndex = index;
  });
  if (peakIndex < 0) return null;
  const peak = hours[peakIndex].usual!;
  const near = (index: number) => index >= 0 && index < hours.length && !hours[index].closed && (hours[index].usual ?? -1) >= peak - BUSIEST_TOLERANCE;
  let first = peakIndex;
  let last = peakIndex;
  while (near(first - 1)) first--;
  while (near(last + 1)) last++;
  return { from: hours[first].hour, to: (hours[last].hour + 1) % 24, peak };
}

/** "Usually busiest 9–11 PM", or null when the day has no usual numbers. */
export function busiestText(hours: readonly PopularHour[], locale: string): string | null {
  const run = busiestRun(hours);
  return run ? `Usually busiest ${hourRangeText(run.from, run.to, locale)}` : null;
}

/**
 * The week's busiest run: busiestRun of the weekday whose peak is highest (the earliest weekday on a
 * tie), as search results and link previews say it (docs/search-and-previews.md): "usually busiest
 * Fri 10 PM–12 AM". Null without enough data or any usual above zero.
 */
export function weekBusiestText(answer: Pick<PopularTimesAnswer, "days" | "enough_data">, locale: string): string | null {
  if (!answer.enough_data) return null;
  let best: { weekday: string; run: NonNullable<ReturnType<typeof busiestRun>> } | null = null;
  for (const day of answer.days) {
    const run = busiestRun(day.hours);
    if (run && (!best || run.peak > best.run.peak)) best = { weekday: day.weekday, run };
  }
  return best ? `usually busiest ${best.weekday.slice(0, 3)} ${hourRangeText(best.run.from, best.run.to, locale)}` : null;
}
