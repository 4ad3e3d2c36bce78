// Forecast accuracy on real counts (docs/when-to-go.md#measured-accuracy): 16 Fitnesspark gyms
// (tests/bench/data/fitnesspark, MIT, see its LICENSE), each reading taken through the code the
// forecast route's data goes through: the history import's parsing (parseHistory), its quarter
// hours (historyBuckets, the aggregation the object's flush uses), the local-hour sums that
// worker/db/local-hours.ts has SQLite make (replicated here over the same quarter hours: Σ people ×
// sampled minutes and Σ sampled minutes per local wall hour), the means of historyOf, and the
// route's forecast(). At 12:00 and 17:00 local on every day with 8 weeks of history before it, the
// forecast is made from the quarter hours before `now` only, and its open hours of the next 12
// are compared with the hour's mean of the gym's readings, beside two naive answers. Then the
// weights are chosen leave-one-venue-out (lovo.ts): for each gym, the grid's best weights on the
// other 15, scored on it; the budgets hold for those figures.
// Runnable alone: node --import ./scripts/bench/resolve-ts.ts scripts/bench/forecast-real.ts
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HISTORY_DAYS } from "../../worker/occupancy/popular-times.ts";
import { FORECAST_WEIGHTS, type ForecastWeights } from "../../worker/occupancy/forecast.ts";
import {
  BUDGET_GEOMEAN,
  BUDGET_WORST,
  COVERAGE_BOUNDS,
  emptySums,
  FORECAST_AT,
  gymCsvs,
  gymHolidays,
  gymHours,
  type GymHours,
  HORIZONS,
  hhmm,
  HOURS_AHEAD,
  ratioOf,
  readingsOf,
  scoreGym,
  type Sums,
} from "./real-backtest.ts";
import { fixed, passFail } from "./bench-api.ts";
import { geometricMean, leaveOneVenueOut } from "./lovo.ts";

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../tests/bench/data/fitnesspark");

const f = (value: number, digits = 2) => fixed(value, digits);

/** The whole backtest, printed as a bench section; true when within budget. */
export async function benchRealForecast(): Promise<boolean> {
  const started = performance.now();
  const csvs = gymCsvs(readFileSync(path.join(DATA_DIR, "occupancy.csv"), "utf8"));
  const gyms: GymHours[] = [];
  for (const [name, csv] of csvs) {
    const readings = readingsOf(csv);
    gyms.push(gymHours(name, readings, await gymHolidays(name, readings)));
  }
  const results = gyms.map((gym) => scoreGym(gym));
  const pooled = emptySums();
  for (const result of results) {
    pooled.forecast += result.all.forecast;
    pooled.usual += result.all.usual;
    pooled.lastWeek += result.all.lastWeek;
    pooled.hours += result.all.hours;
  }
  const mae = (sums: Sums, key: "forecast" | "usual" | "lastWeek") => f(sums[key] / sums.hours);
  console.log(
    `\n## Forecast accuracy on real counts: ${results.length} Fitnesspark gyms (tests/bench/data/fitnesspark, MIT), forecast at ${FORECAST_AT.map(hhmm).join(" and ")} local on every day with ${HISTORY_DAYS} days of history before it, each open hour of the next ${HOURS_AHEAD} scored`,
  );
  console.log("| gym | capacity (100 %) | hours | forecast MAE | usual MAE | last week MAE | forecast ÷ min | " + HORIZONS.map(([a, b]) => `${a}–${b} h`).join(" | ") + " | range coverage |");
  console.log("|---|---|---|---|---|---|---|" + HORIZONS.map(() => "---|").join("") + "---|");
  for (const result of results) {
    console.log(
      `| ${result.name} | ${result.capacity} | ${result.all.hours} | ${mae(result.all, "forecast")} | ${mae(result.all, "usual")} | ${mae(result.all, "lastWeek")} | ${f(ratioOf(result.all))} | ` +
        result.horizons.map((sums) => f(ratioOf(sums))).join(" | ") +
        ` | ${f((100 * result.covered) / result.all.hours, 0)} % |`,
    );
  }
  const horizonsPooled = HORIZONS.map((_, i) => {
    const sums = emptySums();
    for (const result of results) {
      sums.forecast += result.horizons[i].forecast;
      sums.usual += result.horizons[i].usual;
      sums.lastWeek += result.horizons[i].lastWeek;
      sums.hours += result.horizons[i].hours;
    }
    return sums;
  });
  const covered = results.reduce((total, result) => total + result.covered, 0) / pooled.hours;
  console.log(
    `| pooled | | ${pooled.hours} | ${mae(pooled, "forecast")} | ${mae(pooled, "usual")} | ${mae(pooled, "lastWeek")} | ${f(ratioOf(pooled))} | ` +
      horizonsPooled.map((sums) => f(ratioOf(sums))).join(" | ") +
      ` | ${f(100 * covered, 0)} % |`,
  );
  const ratios = results.map((result) => ratioOf(result.all));
  const geomean = geometricMean(ratios);
  const worst = Math.max(...ratios);
  const worstGym = results[ratios.indexOf(worst)].name;
  const coverageOk = covered >= COVERAGE_BOUNDS[0] && covered <= COVERAGE_BOUNDS[1];
  console.log(`forecast ÷ min(usual, last week), geometric mean over gyms = ${f(geomean)} (budget ≤ ${BUDGET_GEOMEAN}) → ${passFail(geomean <= BUDGET_GEOMEAN)}`);
  console.log(`worst gym: ${worstGym} ${f(worst)} (budget ≤ ${BUDGET_WORST}) → ${passFail(worst <= BUDGET_WORST)}`);
  console.log(
    `the forecast's low–high range held ${f(100 * covered, 1)} % of actual hours (budget ${COVERAGE_BOUNDS[0] * 100}–${COVERAGE_BOUNDS[1] * 100} %) → ${passFail(coverageOk)}`,
  );
  const lovoOk = printLeaveOneVenueOut(gyms);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return geomean <= BUDGET_GEOMEAN && worst <= BUDGET_WORST && coverageOk && lovoOk;
}

/** The weights tried: the route's are among them. */
export const WEIGHT_GRID: ForecastWeights[] = [0.4, 0.6, 0.8, 1].flatMap((todayShare) =>
  [0.85, 0.9, 0.95, 1].flatMap((todayDecay) =>
    [0, 0.15, 0.3, 0.45, 0.6, 0.75].flatMap((recentShare) => [1.2, 1.3, 1.4, 1.5, 1.6, 1.7].map((rangeSpreads) => ({ todayShare, todayDecay, recentShare, rangeSpreads }))),
  ),
);

/** A gym under one set of weights: forecast ÷ min(usual, last week), and its hours inside the range. */
interface WeightScore {
  ratio: number;
  covered: number;
  hours: number;
}

const COVERAGE_TARGET = (COVERAGE_BOUNDS[0] + COVERAGE_BOUNDS[1]) / 2;

/**
 * The weights some gyms choose: the smallest geometric mean of forecast ÷ min(usual, last week) (the
 * range's width does not move it), and among those the range whose pooled coverage is nearest 80 %.
 */
export function chooseWeights(training: readonly (readonly WeightScore[])[]): number {
  const candidates = training[0].map((_, candidate) => {
    const scores = training.map((row) => row[candidate]);
    const hours = scores.reduce((total, score) => total + score.hours, 0);
    return {
      geomean: geometricMean(scores.map((score) => score.ratio)),
      miss: Math.abs(scores.reduce((total, score) => total + score.covered, 0) / hours - COVERAGE_TARGET),
    };
  });
  const best = Math.min(...candidates.map((candidate) => candidate.geomean));
  let chosen = -1;
  candidates.forEach((candidate, index) => {
    if (candidate.geomean <= best * (1 + 1e-12) && (chosen < 0 || candidate.miss < candidates[chosen].miss)) chosen = index;
  });
  return chosen;
}

const weightsText = (weights: ForecastWeights) => `${weights.todayShare} / ${weights.todayDecay} / ${weights.recentShare} / ${weights.rangeSpreads}`;

/** Leave-one-venue-out over the grid, beside the route's weights and the grid's best on all gyms; true when within budget. */
function printLeaveOneVenueOut(gyms: readonly GymHours[]): boolean {
  const scores = gyms.map((gym) =>
    WEIGHT_GRID.map((weights): WeightScore => {
      const result = scoreGym(gym, weights);
      return { ratio: ratioOf(result.all), covered: result.covered, hours: result.all.hours };
    }),
  );
  const route = WEIGHT_GRID.findIndex((weights) => weightsText(weights) === weightsText(FORECAST_WEIGHTS));
  const tuned = chooseWeights(scores);
  const heldOut = leaveOneVenueOut(scores, chooseWeights);
  const summary = (picked: readonly WeightScore[]) => {
    const hours = picked.reduce((total, score) => total + score.hours, 0);
    return {
      geomean: geometricMean(picked.map((score) => score.ratio)),
      worst: Math.max(...picked.map((score) => score.ratio)),
      coverage: picked.reduce((total, score) => total + score.covered, 0) / hours,
    };
  };
  console.log(
    `\n### Weights chosen leave-one-venue-out: ${WEIGHT_GRID.length} sets of today's share / its decay per hour ahead / the recent share / the range's spreads; each gym scored with the set best on the other ${gyms.length - 1}`,
  );
  console.log("| gym | route's weights | chosen without it | forecast ÷ min, route's | left out | range coverage, left out |");
  console.log("|---|---|---|---|---|---|");
  for (const { venue, candidate, score } of heldOut) {
    console.log(
      `| ${gyms[venue].name} | ${weightsText(FORECAST_WEIGHTS)} | ${weightsText(WEIGHT_GRID[candidate])} | ${f(scores[venue][route].ratio)} | ${f(score.ratio)} | ${f((100 * score.covered) / score.hours, 0)} % |`,
    );
  }
  const figures = [
    ["route's weights (" + weightsText(FORECAST_WEIGHTS) + "), in-sample", summary(scores.map((row) => row[route]))],
    ["grid's best on all gyms (" + weightsText(WEIGHT_GRID[tuned]) + "), in-sample", summary(scores.map((row) => row[tuned]))],
    ["leave-one-venue-out", summary(heldOut.map((held) => held.score))],
  ] as const;
  console.log("| weights | geometric mean | worst gym | range coverage |");
  console.log("|---|---|---|---|");
  for (const [label, figure] of figures) console.log(`| ${label} | ${f(figure.geomean)} | ${f(figure.worst)} | ${f(100 * figure.coverage, 1)} % |`);
  const lovo = figures[2][1];
  const coverageOk = lovo.coverage >= COVERAGE_BOUNDS[0] && lovo.coverage <= COVERAGE_BOUNDS[1];
  console.log(`leave-one-venue-out: geometric mean ${f(lovo.geomean)} (budget ≤ ${BUDGET_GEOMEAN}) → ${passFail(lovo.geomean <= BUDGET_GEOMEAN)}`);
  console.log(`leave-one-venue-out: worst gym ${f(lovo.worst)} (budget ≤ ${BUDGET_WORST}) → ${passFail(lovo.worst <= BUDGET_WORST)}`);
  console.log(`leave-one-venue-out: range coverage ${f(100 * lovo.coverage, 1)} % (budget ${COVERAGE_BOUNDS[0] * 100}–${COVERAGE_BOUNDS[1] * 100} %) → ${passFail(coverageOk)}`);
  return lovo.geomean <= BUDGET_GEOMEAN && lovo.worst <= BUDGET_WORST && coverageOk;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = (await benchRealForecast()) ? 0 : 1;
