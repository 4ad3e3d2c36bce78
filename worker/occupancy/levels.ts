// Percent and level of a head count (docs/architecture.md#percent-and-level). The thresholds are
// people, set per place.
import type { Level } from "../../common/schemas/answers";

export interface Thresholds {
  livelyThreshold: number;
  packedThreshold: number;
}

/** min(100, round(100 × people / packed_threshold)). */
export function percentOf(people: number, packedThreshold: number): number {
  return Math.min(100, Math.round((100 * people) / packedThreshold));
}

/** Relaxed < lively_threshold ≤ Lively < packed_threshold ≤ Packed. */
export function levelOf(people: number, thresholds: Thresholds): Level {
  if (people >= thresholds.packedThreshold) return "Packed";
  if (people >= thresholds.livelyThreshold) return "Lively";
  return "Relaxed";
}
