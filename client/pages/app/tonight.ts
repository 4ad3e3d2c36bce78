// What /app "Tonight" says (docs/app.md#tonight), as pure functions of the API's answers and an
// explicit `now`: a saved place's lines, the events and specials coming up at saved places, a
// suggestion's lines and the time a suggestion is asked for.
import type { EventAnswer, EventsAnswer } from "../../../common/schemas/answers";
import type { SavedPlace, Suggestion } from "../../../common/schemas/saved";
import type { Special } from "../../../common/schemas/special";
import { readVenueHour } from "../../../common/venue-hour";
import { specialLine } from "../../live/specials";
import { bestTimeText, closedText, VS_USUAL_TEXT, whenText } from "../../live/whenToGo";

/** The lines a saved place shows under its level. */
export interface PlaceLines {
  vsUsual: string | null;
  /** "Open now", "Closed · opens 4 PM", or null without hours. */
  open: string | null;
  /** "Best time to go tonight: 6–7 PM". */
  best: string | null;
}

export function savedPlaceLines(place: SavedPlace, now: number, locale: string): PlaceLines {
  return {
    vsUsual: place.vs_usual ? VS_USUAL_TEXT[place.vs_usual] : null,
    open: place.open === null ? null : place.open ? "Open now" : closedText(place.opens_at, place.timezone, now, locale),
    // The saved list carries no thresholds, so the best time is said without "(quiet)".
    best: bestTimeText(place.best_time, null, place.timezone, locale),
  };
}

/** The saved places whose events /app reads: the most recently saved, each one edge-cached request. */
export const EVENT_PLACES = 10;
/** How many events /app lists, and how far ahead. */
export const EVENTS_SHOWN = 6;
export const EVENTS_AHEAD_DAYS = 7;

/**
 * Events at saved places from now to a week ahead, soonest first (one still running counts), then
 * recurring ones, which have no single next date in the answer; at most EVENTS_SHOWN.
 */
export function eventsComingUp(answers: readonly EventsAnswer[], now: number): EventAnswer[] {
  const until = now + EVENTS_AHEAD_DAYS * 86_400_000;
  const all = answers.flatMap((answer) => answer.events);
  const oneOff = all
    .filter((event) => !event.is_recurring)
    .filter((event) => {
      const start = Date.parse(event.start_time);
      const end = event.end_time ? Date.parse(event.end_time) : start;
      return end >= now && start <= until;
    })
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id);
  const recurring = all.filter((event) => event.is_recurring).sort((a, b) => a.id - b.id);
  return [...oneOff, ...recurring].slice(0, EVENTS_SHOWN);
}

/** How far ahead /app lists specials starting at saved places. */
export const SPECIALS_AHEAD_MS = 3 * 3_600_000;

export interface SpecialSoon {
  special: Special;
  place: Pick<SavedPlace, "id" | "name" | "slug" | "timezone">;
}

/**
 * Specials at saved places that are on now or start within SPECIALS_AHEAD_MS (by their
 * `next_start`): on now first, then the soonest start.
 */
export function specialsSoon(answers: readonly { place: SpecialSoon["place"]; specials: readonly Special[] }[], now: number): SpecialSoon[] {
  const startOf = ({ special }: SpecialSoon) => (special.on_now ? Number.NEGATIVE_INFINITY : Date.parse(special.next_start!));
  return answers
    .flatMap(({ place, specials }) =>
      specials
        .filter((special) => special.on_now || (special.next_start !== null && Date.parse(special.next_start) - now <= SPECIALS_AHEAD_MS && Date.parse(special.next_start) >= now))
        .map((special) => ({ special, place })),
    )
    .sort((a, b) => startOf(a) - startOf(b) || a.place.name.localeCompare(b.place.name) || a.special.id - b.special.id);
}

/** "Happy hour now · until 7 PM", or "Happy hour · starts 5 PM" on the venue's clock. */
export function specialSoonText({ special, place }: SpecialSoon, now: number, locale: string): string {
  if (special.on_now) return specialLine(special, place.timezone, now, locale);
  return `${special.title} · starts ${whenText(special.next_start!, place.timezone, now, locale)}`;
}


/**
 * A place's level now or at an hour ahead, as every screen says a venue-hour (readVenueHour,
 * docs/when-to-go.md#one-number-one-word): "Lively · 62%", "Relaxed" where counts are hidden, and
 * "Closed" when closed then, never a level (the open line says when it opens: suggestionOpen).
 */
export function suggestionLevel(place: Pick<Suggestion, "open" | "level" | "percent">, forecast: boolean): string {
  return readVenueHour({ closed: place.open === false, level: place.level, percent: place.percent }, null).text ?? (forecast ? "No forecast" : "No live level");
}

/** Open or closed at the time asked about; null without hours. */
export function suggestionOpen(place: Suggestion, forecast: boolean, now: number, locale: string): string | null {
  if (place.open === null) return null;
  if (place.open) return forecast ? "Open then" : "Open now";
  return closedText(place.opens_at, place.timezone, now, locale);
}
