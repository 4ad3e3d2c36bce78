// Leave-one-venue-out (docs/when-to-go.md#measured-accuracy): for each venue, the candidate
// (a set of forecast weights) is chosen on every other venue only, then scored on the one left out,
// so no venue's figure comes from weights fitted to it. Pure: the scores are computed beforehand.

/** For each venue, the candidate chosen without it and its score there. */
export interface HeldOut<S> {
  venue: number;
  candidate: number;
  score: S;
}

/**
 * `scores[venue][candidate]`: each venue's score under each candidate. `choose` gets the rows of the
 * venues it may look at and answers a candidate's index. Every venue is left out once, in order.
 */
export function leaveOneVenueOut<S>(scores: readonly (readonly S[])[], choose: (training: readonly (readonly S[])[]) => number): HeldOut<S>[] {
  return scores.map((row, venue) => {
    const candidate = choose(scores.filter((_, other) => other !== venue));
    if (!(candidate >= 0 && candidate < row.length)) throw new Error(`choose answered candidate ${candidate} of ${row.length}`);
    return { venue, candidate, score: row[candidate] };
  });
}

/** Geometric mean of positive numbers. */
export const geometricMean = (values: readonly number[]) => Math.exp(values.reduce((total, value) => total + Math.log(value), 0) / values.length);
