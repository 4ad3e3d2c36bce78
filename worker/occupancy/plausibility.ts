// Which counts are implausible for a venue. A sensor that says 9,999 at a bar packed at 40 is
// broken or lying: its raw value is kept for the admin, but it is left out of live and rollup
// numbers. The rule is a ceiling, not a jump limit: a venue can legitimately fill in a minute
// (doors open, a match ends), but no sensor can see ten times the venue's packed crowd.

/** A reading above this many times the place's packed threshold is implausible. */
export const IMPLAUSIBLE_FACTOR = 10;

/** The packed threshold a reading's count exceeded ten times over, or null when it is plausible. */
export function implausibleFor(count: number, packedThreshold: number): number | null {
  return count > IMPLAUSIBLE_FACTOR * packedThreshold ? packedThreshold : null;
}

/** Why a reading was flagged, for the admin: "more than 10 × the packed threshold of 40". */
export const implausibleReason = (packedThreshold: number) =>
  `more than ${IMPLAUSIBLE_FACTOR} × the packed threshold of ${packedThreshold.toLocaleString("en-US")}`;
