// The ingest budgets' arithmetic (scripts/bench/bench-api.ts, issue 26): per-round ratios and
// their median, and what the alert step adds to ingest's CPU, on hand-computed figures.
import { describe, expect, it } from "vitest";
import { cpuAddedPercent, roundRatios, type LoadFigures, type RoundedLoadFigures } from "../../scripts/bench/bench-api.ts";

const figures = (requestsPerSecond: number, workerdCpuMs?: number): LoadFigures => ({ requestsPerSecond, p50: 0, p99: 0, statusCounts: {}, errors: 0, workerdCpuMs });
const rounded = (perRound: number[]): RoundedLoadFigures => ({ ...figures(0), rounds: perRound.map((value) => figures(value)) });

describe("ingest budgets", () => {
  it("divides each round by the baseline's same round and takes the median, so one spoiled round does not decide", () => {
    const { perRound, median } = roundRatios(rounded([80, 90, 20, 85, 100]), rounded([100, 100, 100, 100, 100]));
    expect(perRound).toEqual([0.8, 0.9, 0.2, 0.85, 1]);
    expect(median).toBe(0.85);
  });

  it("pairs rounds by position, not by size", () => {
    expect(roundRatios(rounded([50, 200, 100]), rounded([100, 200, 50])).perRound).toEqual([0.5, 1, 2]);
  });

  it("gives the alert step's cost as the percent it adds to the CPU per request", () => {
    expect(cpuAddedPercent(figures(0, 2.1), figures(0, 2))).toBeCloseTo(5);
    expect(cpuAddedPercent(figures(0, 1.9), figures(0, 2))).toBeCloseTo(-5);
    expect(cpuAddedPercent(figures(0, undefined), figures(0, 2))).toBeNaN();
  });
});
