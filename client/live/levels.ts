// Live crowd levels as the public site shows them: words and a symbol always travel with the
// colour, so the level never depends on seeing colour.
import type { Level, LivePlace } from "../../common/schemas/answers";

export type LevelFilter = Level | "all";

/** CSS class, symbol and sentence per level; `unknown` is a venue whose devices are silent. */
export const LEVEL_DISPLAY = {
  Relaxed: { className: "level-relaxed", symbol: "R", description: "Plenty of room" },
  Lively: { className: "level-lively", symbol: "L", description: "Buzzing, still space" },
  Packed: { className: "level-packed", symbol: "P", description: "Full or close to it" },
  unknown: { className: "level-unknown", symbol: "?", description: "No live reading right now" },
  closed: { className: "level-closed", symbol: "×", description: "Closed now" },
} as const;

export const NO_LIVE_LEVEL = "No live data";

export function levelDisplay(level: Level | null) {
  return LEVEL_DISPLAY[level ?? "unknown"];
}

/** A venue's marker and badge: closed by its hours, else its live level. */
export function placeDisplay(place: Pick<LivePlace, "level" | "open_now">) {
  return place.open_now === false ? LEVEL_DISPLAY.closed : levelDisplay(place.level);
}

export function levelText(level: Level | null): string {
  return level ?? NO_LIVE_LEVEL;
}

/** "all" keeps every venue, including silent ones; a level keeps only venues at that level now. */
export function filterByLevel<T extends Pick<LivePlace, "level">>(places: readonly T[], filter: LevelFilter): T[] {
  return filter === "all" ? [...places] : places.filter((place) => place.level === filter);
}

/** Venues at a vibe, the clearest examples first (quietest Relaxed, fullest Lively and Packed). */
export function vibeExamples<T extends Pick<LivePlace, "level" | "percent">>(places: readonly T[], vibe: Level, count = 3): T[] {
  const direction = vibe === "Relaxed" ? 1 : -1;
  return filterByLevel(places, vibe)
    .sort((a, b) => direction * ((a.percent ?? 0) - (b.percent ?? 0)))
    .slice(0, count);
}
