// The plan form's logic (docs/friends.md#making-a-plan-in-the-app), apart from the page so it is
// unit-tested: finding places by name as one types, the time typed on the place's clock as an
// instant, the form's first guess at a time, and the server's refusal placed by the field it names.
import { fromWall, HOUR_MS, toWall } from "../../../../common/local-time";
import type { ErrorAnswer } from "../../../../common/schemas/answers";

/** Lower case without accents, so "cafe" finds "Café". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/** Places whose name or address holds every word typed (names first, then by name); none until something is typed. */
export function matchingPlaces<P extends { name: string; address: string }>(places: readonly P[], typed: string, limit = 8): P[] {
  const words = folded(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored = places.flatMap((place) => {
    const name = folded(place.name);
    const all = `${name} ${folded(place.address)}`;
    if (!words.every((word) => all.includes(word))) return [];
    return [{ place, inName: words.every((word) => name.includes(word)) ? 0 : 1 }];
  });
  scored.sort((a, b) => a.inName - b.inName || a.place.name.localeCompare(b.place.name));
  return scored.slice(0, limit).map((entry) => entry.place);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** The instant of a date ("YYYY-MM-DD") and time ("HH:MM") on the place's clock, as ISO; null until both are there. */
export function startsAtOf(date: string, time: string, timeZone: string): string | null {
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  return new Date(fromWall(timeZone, wall)).toISOString();
}

/** The form's first guess on the place's clock: 21:00 tonight, or once that is less than an hour away, the next full hour at least an hour ahead. */
export function defaultStart(now: number, timeZone: string): { date: string; time: string } {
  const wallNow = toWall(timeZone, now);
  const nine = Math.floor(wallNow / (24 * HOUR_MS)) * 24 * HOUR_MS + 21 * HOUR_MS;
  const wall = nine - wallNow >= HOUR_MS ? nine : Math.ceil((wallNow + HOUR_MS) / HOUR_MS) * HOUR_MS;
  return wallFields(wall);
}

/** A wall-clock instant (ms, as toWall gives) as the form's date and time fields. */
const wallFields = (wall: number) => {
  const iso = new Date(wall).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/** A plan's time as the edit form's date and time on `timeZone`'s clock: startsAtOf's inverse. */
export const startFields = (startsAt: string, timeZone: string) => wallFields(toWall(timeZone, Date.parse(startsAt)));

/** The form's fields the server may name in a refusal's `details`, as the form calls them. */
const FIELD_NAMES = { place_id: "Place", starts_at: "Time", title: "Title", capacity: "Room for", invitees: "Friends" } as const;
export type PlanField = keyof typeof FIELD_NAMES;
const FIELDS: readonly string[] = Object.keys(FIELD_NAMES);

/** A refusal's sentences by the field they name ("must be ahead of now…"); what names no field stays in `error`. */
export function refusalByField(answer: Partial<ErrorAnswer>): Partial<Record<PlanField, string>> {
  const byField: Partial<Record<PlanField, string>> = {};
  for (const detail of answer.details ?? []) {
    if (FIELDS.includes(detail.field) && !byField[detail.field as PlanField]) byField[detail.field as PlanField] = detail.message;
  }
  return byField;
}

/** The refusal's sentence in the form's words ("Time: must be ahead of now…"), or `fallback` when it named no field of the form. */
export function refusalSummary(byField: Partial<Record<PlanField, string>>, fallback: string): string {
  const named = Object.entries(byField).map(([field, message]) => `${FIELD_NAMES[field as PlanField]}: ${message}`);
  return named.length > 0 ? named.join(" ") : fallback;
}
