// Leave-one-venue-out (scripts/bench/lovo.ts, docs/when-to-go.md#measured-accuracy) on a tiny
// made-up set: three venues, two candidates, scores as numbers (lower is better).
import { describe, expect, it } from "vitest";
import { geometricMean, leaveOneVenueOut } from "../../scripts/bench/lovo.ts";

/** The candidate with the smallest sum over the venues given. */
const smallestSum = (training: readonly (readonly number[])[]) => {
  const sums = training[0].map((_, candidate) => training.reduce((total, row) => total + row[candidate], 0));
  return sums.indexOf(Math.min(...sums));
};

describe("leaveOneVenueOut()", () => {
  // Candidate 0 suits venues A and B; candidate 1 suits C so well that, fitted on all three, it wins.
  const scores = [
    [1, 2], // A
    [1, 2], // B
    [9, 0], // C
  ];

  it("chooses each venue's candidate on the others only, and scores it on the one left out", () => {
    expect(smallestSum(scores)).toBe(1);
    expect(leaveOneVenueOut(scores, smallestSum)).toEqual([
      { venue: 0, candidate: 1, score: 2 }, // B + C: 10 against 2
      { venue: 1, candidate: 1, score: 2 }, // A + C: 10 against 2
      { venue: 2, candidate: 0, score: 9 }, // A + B: 2 against 4
    ]);
  });

  it("never lets the venue left out see its own row", () => {
    const seen: number[][][] = [];
    leaveOneVenueOut(scores, (training) => (seen.push(training.map((row) => [...row])), 0));
    expect(seen).toEqual([
      [scores[1], scores[2]],
      [scores[0], scores[2]],
      [scores[0], scores[1]],
    ]);
    // Whatever the left-out venue scores, its choice stays.
    const changed = [[1, 2], [1, 2], [0, 100]];
    expect(leaveOneVenueOut(changed, smallestSum)[2].candidate).toBe(leaveOneVenueOut(scores, smallestSum)[2].candidate);
  });

  it("refuses a choice outside the candidates", () => {
    expect(() => leaveOneVenueOut(scores, () => 2)).toThrow("choose answered candidate 2 of 2");
  });
});

describe("geometricMean()", () => {
  it("is the n-th root of the product", () => {
    expect(geometricMean([0.5, 2])).toBeCloseTo(1, 12);
    expect(geometricMean([0.8, 0.8, 0.8])).toBeCloseTo(0.8, 12);
  });
});

describe("chooseWeights()", () => {
  it("takes the smallest geometric mean, then the range whose pooled coverage is nearest 80 %", async () => {
    const { chooseWeights } = await import("../../scripts/bench/forecast-real.ts");
    const gym = (ratios: number[], covered: number[]) => ratios.map((ratio, i) => ({ ratio, covered: covered[i], hours: 100 }));
    // Candidates 1 and 2 share the best point forecast (same ratios); 2's range holds 79–81 %, 1's 90 %.
    const training = [gym([0.9, 0.8, 0.8], [80, 90, 79]), gym([0.9, 0.7, 0.7], [80, 90, 81])];
    expect(chooseWeights(training)).toBe(2);
    // A better point forecast wins whatever its range.
    expect(chooseWeights([gym([0.9, 0.5], [80, 10])])).toBe(1);
  });
});
