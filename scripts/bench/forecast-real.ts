// Forecast accuracy on real counts (docs/when-to-go.md#measured-accuracy): 16 Fitnesspark gyms
// (tests/bench/data/fitnesspark, MIT, see its LICENSE), each reading taken through the code the
// forecast route's data goes through: the history import's parsing (parseHistory), its quarter
// hours (historyBuckets, the aggregation the object's flush uses), the local-hour sums that
// worker/db/local-hours.ts has SQLite make (replicated here over the same quarter hours: Σ people ×
// sampled minutes and Σ sampled minutes per local wall hour), the means of historyOf, and the
// route's forecast(). At 12:00 and 17:00 local on every day with 8 weeks of history before it, the
// forecast is made from the quarter hours before `now` only, and its open hours of the next 12
// are compared with the hour's mean of the gym's readings, beside two naive answers.
// Runnable alone: node --import ./scripts/bench/resolve-ts.ts scripts/bench/forecast-real.ts
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HISTORY_DAYS } from "../../worker/occupancy/popular-times.ts";
import {
  backtestGym,
  BUDGET_GEOMEAN,
  BUDGET_WORST,
  COVERAGE_BOUNDS,
  emptySums,
  FORECAST_AT,
  gymCsvs,
  gymHolidays,
  type GymResult,
  HORIZONS,
  hhmm,
  HOURS_AHEAD,
  ratioOf,
  readingsOf,
  type Sums,
} from "./real-backtest.ts";
import { fixed, passFail } from "./bench-api.ts";

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../tests/bench/data/fitnesspark");

const f = (value: number, digits = 2) => fixed(value, digits);

/** The whole backtest, printed as a bench section; true when within budget. */
export async function benchRealForecast(): Promise<boolean> {
  const started = performance.now();
  const csvs = gymCsvs(readFileSync(path.join(DATA_DIR, "occupancy.csv"), "utf8"));
  const results: GymResult[] = [];
  for (const [name, csv] of csvs) {
    const readings = readingsOf(csv);
    results.push(backtestGym(name, readings, await gymHolidays(name, readings)));
  }
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
  const geomean = Math.exp(ratios.reduce((total, ratio) => total + Math.log(ratio), 0) / ratios.length);
  const worst = Math.max(...ratios);
  const worstGym = results[ratios.indexOf(worst)].name;
  const coverageOk = covered >= COVERAGE_BOUNDS[0] && covered <= COVERAGE_BOUNDS[1];
  console.log(`forecast ÷ min(usual, last week), geometric mean over gyms = ${f(geomean)} (budget ≤ ${BUDGET_GEOMEAN}) → ${passFail(geomean <= BUDGET_GEOMEAN)}`);
  console.log(`worst gym: ${worstGym} ${f(worst)} (budget ≤ ${BUDGET_WORST}) → ${passFail(worst <= BUDGET_WORST)}`);
  console.log(
    `the forecast's low–high range held ${f(100 * covered, 1)} % of actual hours (budget ${COVERAGE_BOUNDS[0] * 100}–${COVERAGE_BOUNDS[1] * 100} %) → ${passFail(coverageOk)}`,
  );
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return geomean <= BUDGET_GEOMEAN && worst <= BUDGET_WORST && coverageOk;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = (await benchRealForecast()) ? 0 : 1;
