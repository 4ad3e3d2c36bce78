// Saved places' last known level, offline included (docs/app.md#last-known-levels). The service
// worker keeps the last public answer of /api/live and, when the network fails, serves it marked
// with the time it was fetched; this module reads that mark and words the level with its age, so
// an old number is never shown as live. Private answers are never kept (client/sw/policy.ts).
import type { LiveAnswer, LivePlace } from "../../common/schemas/answers";
import type { Level } from "../../common/vocabulary";
import { FROM_CACHE_HEADER } from "../sw/policy";

export interface LiveLevels {
  places: LivePlace[];
  /** When the network gave this answer: now for a live answer, earlier for a kept one. */
  fetchedAt: string;
  /** False when the answer is the service worker's kept copy (the network failed). */
  live: boolean;
}

/**
 * GET /api/live without credentials (a public answer, the only kind the service worker keeps).
 * Answers null when neither the network nor the worker's copy can answer.
 */
export async function loadLiveLevels(now: number, fetchLive: typeof fetch = fetch): Promise<LiveLevels | null> {
  let response: Response;
  try {
    response = await fetchLive("/api/live");
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const answer = (await response.json()) as LiveAnswer;
  const keptAt = response.headers.get(FROM_CACHE_HEADER);
  return keptAt === null
    ? { places: answer.places, fetchedAt: new Date(now).toISOString(), live: true }
    : { places: answer.places, fetchedAt: keptAt || answer.generated_at, live: false };
}

/** "just now", "25 min ago", "3 h ago", "2 days ago". */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

/**
 * A saved place's level as the app shows it: "Relaxed" when live, "Relaxed · 25 min ago" when the
 * answer is a kept one (its age from the reading's own time when known, else the fetch time), and
 * "No live level" when the venue's sensors were silent. "Closed" when the answer said so and its
 * next opening (by the hours table) has not come yet: that holds offline too, and a closed bar is
 * never shown with the level of its empty room (docs/app.md#last-known-levels).
 */
export function describeLevel(
  place: { level: Level | null; updated_at: string | null; open_now?: boolean | null; opens_at?: string | null },
  levels: Pick<LiveLevels, "fetchedAt" | "live">,
  now: number,
): string {
  if (closedStill(place, now)) return "Closed";
  // Opened since the answer: the level it held was the closed room's.
  const level = place.open_now === false ? null : place.level;
  const name = level ?? "No live level";
  if (levels.live) return name;
  const since = Date.parse(level !== null && place.updated_at ? place.updated_at : levels.fetchedAt);
  return `${name} · ${ageText(now - since)}`;
}

/** Whether an answer's "closed" still holds at `now`: until its next opening, or for good without one. */
export const closedStill = (place: { open_now?: boolean | null; opens_at?: string | null }, now: number): boolean =>
  place.open_now === false && (!place.opens_at || now < Date.parse(place.opens_at));
