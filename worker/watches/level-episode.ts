// When a place "went quiet" or "got lively" for its watchers (docs/watches.md#once-per-episode):
// pure, stepped by the place's object with each new live count. Two sides with a band between
// them, so a count wobbling at the line does not flap, and a cool-down per kind, so a single odd
// reading cannot fire the same kind twice in a row.
import type { LevelChangeKind } from "./changes";

/** The busy side starts at the place's lively threshold; the quiet side below it by this share (at least one person). */
export const QUIET_BAND = 0.1;
/** The same kind fires at most once in this long at a place, whatever the counts do. */
export const COOLDOWN_MS = 30 * 60_000;
/** No count for this long (a closed venue, a dead sensor) forgets the side: the next count sets it without firing. */
export const SILENCE_RESET_MS = 60 * 60_000;

export interface LevelEpisode {
  /** Where the count was last seen: below the band, at or above the lively threshold; null while unknown. */
  side: "quiet" | "busy" | null;
  /** When each kind last fired, for the cool-down. */
  firedAt: Partial<Record<LevelChangeKind, number>>;
}

export const UNKNOWN_EPISODE: LevelEpisode = { side: null, firedAt: {} };

export interface LiveCount {
  /** People now; null when no device reported within the live window. */
  people: number | null;
  /** The newest reading's time, live or not; null when the place never had one. */
  updatedAt: number | null;
}

/** The quiet side's line: people below it are quiet. */
export const quietLine = (livelyThreshold: number) => livelyThreshold - Math.max(1, Math.round(livelyThreshold * QUIET_BAND));

/**
 * The next episode state after a count at `now`, and the kind it fires, if any: "quiet" on going
 * from busy to quiet, "lively" from quiet to busy. Never on the first side seen (a change needs a
 * side before it), inside the band, or within COOLDOWN_MS of the same kind.
 */
export function stepLevelEpisode(
  before: LevelEpisode,
  live: LiveCount,
  livelyThreshold: number,
  now: number,
): { episode: LevelEpisode; fired: LevelChangeKind | null } {
  if (live.people === null) {
    const silent = live.updatedAt === null || now - live.updatedAt >= SILENCE_RESET_MS;
    return { episode: silent && before.side !== null ? { ...before, side: null } : before, fired: null };
  }
  const side = live.people >= livelyThreshold ? "busy" : live.people < quietLine(livelyThreshold) ? "quiet" : before.side;
  if (side === before.side) return { episode: before, fired: null };
  if (before.side === null) return { episode: { ...before, side }, fired: null };
  const kind: LevelChangeKind = side === "quiet" ? "quiet" : "lively";
  const last = before.firedAt[kind];
  if (last !== undefined && now - last < COOLDOWN_MS) return { episode: { ...before, side }, fired: null };
  return { episode: { side, firedAt: { ...before.firedAt, [kind]: now } }, fired: kind };
}
