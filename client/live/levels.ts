// Live crowd levels as the public site shows them: words and a symbol always travel with the
// colour, so the level never depends on seeing colour.
import type { MessageKey } from "../../common/messages/en";
import type { Level, LivePlace } from "../../common/schemas/answers";

export type LevelFilter = Level | "all";

/**
 * CSS class, symbol, name and sentence per level (the words are catalogue keys, docs/languages.md);
 * `unknown` is a venue whose devices are silent.
 */
export const LEVEL_DISPLAY = {
  Relaxed: { className: "level-relaxed", symbol: "R", name: "level.Relaxed", description: "level.relaxedDescription" },
  Lively: { className: "level-lively", symbol: "L", name: "level.Lively", description: "level.livelyDescription" },
  Packed: { className: "level-packed", symbol: "P", name: "level.Packed", description: "level.packedDescription" },
  unknown: { className: "level-unknown", symbol: "?", name: "level.none", description: "level.unknownDescription" },
  closed: { className: "level-closed", symbol: "×", name: "level.closed", description: "level.closedDescription" },
} as const satisfies Record<string, { className: string; symbol: string; name: MessageKey; description: MessageKey }>;

export const NO_LIVE_LEVEL = "No live data";

/**
 * A level's sentence inside another ("Relaxed: plenty of room"): its first letter in lower case,
 * only the first, since a German noun keeps its capital ("Lebhaft, noch Platz" → "lebhaft, noch Platz").
 */
export function asClause(sentence: string, locale: string): string {
  return sentence.charAt(0).toLocaleLowerCase(locale) + sentence.slice(1);
}

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
