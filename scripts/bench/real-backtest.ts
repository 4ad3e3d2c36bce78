// The real-data forecast backtest's pure part (docs/when-to-go.md#measured-accuracy): a gym's
// readings through the history import's parsing, quarter hours and local-hour sums to the route's
// forecast, scored against the hour's mean of the readings. Printed by forecast-real.ts.
import { DAY_MS, HOUR_MS, toWall, venueDayOfWall, venueDayRange, venueDayAt, weekdayIndexOfDay, type VenueDay } from "../../common/local-time.ts";
import { WEEKDAYS, type PlaceHours } from "../../common/schemas/answers.ts";
import { parseHistory } from "../../worker/ingest/history-csv.ts";
import { firstAtOrAfter, historyBuckets } from "../../worker/occupancy/history-buckets.ts";
import { FORECAST_WEIGHTS, forecastBasis, hourForecast, type ForecastBasis, type ForecastWeights, type HourBasis } from "../../worker/occupancy/forecast.ts";
import { publicHolidays } from "../../worker/occupancy/holidays.ts";
import { hourOfDay, type HourTotal } from "../../worker/occupancy/hours.ts";
import { percentOf } from "../../worker/occupancy/levels.ts";
import { HISTORY_DAYS, historyOf, type History, type WhenPlace } from "../../worker/occupancy/popular-times.ts";
import type { TimedCount } from "../../worker/occupancy/reading-window.ts";

export const TIME_ZONE = "Europe/Zurich";
/** The product's default venue day start; the gyms are closed from 23:00 or 00:00 to 06:00. */
export const DAY_START_HOUR = 5;
/** Local hours at which the forecast is made each day. */
export const FORECAST_AT = [12, 17] as const;
/** Hours ahead scored: the hour `now` starts and the 11 after it. */
export const HOURS_AHEAD = 12;
/** An hour of the week is open when at least this share of its days have a reading in it. */
export const OPEN_SHARE = 0.5;
/** The gym's capacity (100 %): this quantile of all its readings (no capacity column in the data). */
export const CAPACITY_QUANTILE = 0.99;
/** Budgets (issue 26): geometric mean over gyms of forecast ÷ min(usual, last week), the worst gym, the range's coverage. */
export const BUDGET_GEOMEAN = 0.85;
export const BUDGET_WORST = 0.95;
export const COVERAGE_BOUNDS = [0.75, 0.85] as const;
/** The canton of each gym (its public holidays, worker/occupancy/holidays.ts), from the gym's town. */
export const GYM_CANTONS: Record<string, string> = {
  "Fitnesspark Bern City": "BE",
  "Fitnesspark Oberhofen": "BE",
  "Fitnesspark Ostermundigen Time-Out": "BE",
  "Fitnesspark Zürich Stadelhofen": "ZH",
  "Fitnesspark Zug Eichstätte": "ZG",
  "Fitnesspark Greifensee Milandia": "ZH",
  "Fitnesspark Regensdorf": "ZH",
  "Fitnesspark Winterthur": "ZH",
  "Fitnesspark Zürich Glattpark": "ZH",
  "Fitnesspark Zürich Puls 5": "ZH",
  "Fitnesspark Zürich Sihlcity": "ZH",
  "Fitnesspark Zürich Stockerhof": "ZH",
  "Fitnesspark Luzern National": "LU",
  "Fitnesspark Luzern Allmend": "LU",
  "Fitnesspark Baden Trafo": "AG",
  "Fitnesspark Basel Heuwaage": "BS",
};
/** Hours-ahead groups of the horizon table (1-based, inclusive). */
export const HORIZONS = [
  [1, 3],
  [4, 6],
  [7, 12],
] as const;

/** One gym's column of occupancy.csv as the history import's plain layout (ts,count), empty cells left out. */
export function gymCsvs(text: string): Map<string, string> {
  const [header, ...rows] = text.split("\n");
  const names = header.split(",").slice(1);
  const lines = names.map(() => ["ts,count"]);
  for (const row of rows) {
    const cells = row.split(",");
    for (let i = 0; i < names.length; i++) if (cells[i + 1]) lines[i].push(`${cells[0]},${cells[i + 1]}`);
  }
  return new Map(names.map((name, i) => [name, lines[i].join("\n")]));
}

/** The readings of one gym, parsed by the history import (its span check opened to the whole file). */
export function readingsOf(csv: string): TimedCount[] {
  const { readings, problems } = parseHistory(csv, { timeZone: TIME_ZONE, now: Number.MAX_SAFE_INTEGER, maxSpanMs: Infinity });
  if (problems.length > 0) throw new Error(`the history import refuses the data: line ${problems[0].line}: ${problems[0].message}`);
  return readings;
}

/** A quarter hour's contribution to its local hour, as SQLite sums it (local-hours.ts hourlyTotals). */
export interface QuarterHour extends HourTotal {
  /** Its start, epoch ms. */
  ts: number;
}

/** The quarter hours of a gym's readings before `toMs` (a quarter-hour boundary), with their local hours. */
export function quarterHours(readings: readonly TimedCount[], toMs: number): QuarterHour[] {
  return historyBuckets(readings, toMs).map((bucket) => {
    const wall = toWall(TIME_ZONE, bucket.start);
    return {
      ts: bucket.start,
      wallHour: Math.floor(wall / HOUR_MS),
      offset: wall - bucket.start,
      peopleMinutes: bucket.avgPeople * bucket.samples,
      samples: bucket.samples,
    };
  });
}

/**
 * What the route reads at `now` (worker/db/usual-history.ts historyUpToNow): the hourly means of
 * the HISTORY_DAYS venue days before today and of today's quarter hours that started before now.
 */
export function historyAt(quarters: readonly QuarterHour[], place: WhenPlace, now: number): History {
  const today = venueDayAt(place, now);
  const from = venueDayRange(place, today - HISTORY_DAYS).start;
  const first = firstAtOrAfter(quarters, from);
  const hours: HourTotal[] = [];
  for (let i = first; i < quarters.length && quarters[i].ts < now; i++) {
    const quarter = quarters[i];
    const last = hours[hours.length - 1];
    if (last && last.wallHour === quarter.wallHour && last.offset === quarter.offset) {
      last.peopleMinutes += quarter.peopleMinutes;
      last.samples += quarter.samples;
    } else hours.push({ wallHour: quarter.wallHour, offset: quarter.offset, peopleMinutes: quarter.peopleMinutes, samples: quarter.samples });
  }
  return historyOf(hours, place.dayStartHour, today);
}

/**
 * What the forecast of the HOURS_AHEAD hours from `now`'s is made of, from the quarter hours before
 * `now` only: the route's forecast() is forecastBasis over the week ahead, with its weights applied
 * by hourForecast; 12 hours need 2 venue days of it.
 */
export function forecastBasisAt(quarters: readonly QuarterHour[], place: WhenPlace, now: number): ForecastBasis {
  const basis = forecastBasis(historyAt(quarters, place, now), place, now, [], 2);
  return { ...basis, hours: basis.hours.slice(0, HOURS_AHEAD) };
}

/** The forecast of the HOURS_AHEAD hours from `now`'s under the route's weights (nulls: closed or no usual). */
export const forecastAt = (quarters: readonly QuarterHour[], place: WhenPlace, now: number) => {
  const basis = forecastBasisAt(quarters, place, now);
  return basis.hours.map((hour) => ({ start: hour.start, ...(hourForecast(basis, hour, place.packedThreshold) ?? { percent: null, low: null, high: null }) }));
};

/** The `q` quantile of some numbers (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const hhmm = (hour: number) => `${String(hour % 24).padStart(2, "0")}:00`;

/**
 * A gym as the forecast sees it: opening hours from when it reports (per weekday, the local hours
 * that have a reading on at least half of that weekday's days with readings) and its capacity.
 */
export function gymPlace(readings: readonly TimedCount[]): WhenPlace {
  const daysOfWeekday = Array.from({ length: 7 }, () => new Set<VenueDay>());
  const seen = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => new Set<VenueDay>()));
  for (const reading of readings) {
    const wall = toWall(TIME_ZONE, reading.ts);
    const day = Math.floor(wall / DAY_MS);
    daysOfWeekday[weekdayIndexOfDay(day)].add(day);
    seen[weekdayIndexOfDay(day)][hourOfDay(Math.floor(wall / HOUR_MS))].add(day);
  }
  const hours = Object.fromEntries(
    WEEKDAYS.flatMap((weekday, index) => {
      const open = seen[index].flatMap((days, hour) => (days.size >= OPEN_SHARE * daysOfWeekday[index].size && hour >= DAY_START_HOUR ? [hour] : []));
      return open.length === 0
        ? [
            [`${weekday}_open`, ""],
            [`${weekday}_close`, ""],
          ]
        : [
            [`${weekday}_open`, hhmm(open[0])],
            [`${weekday}_close`, hhmm(open[open.length - 1] + 1)],
          ];
    }),
  ) as PlaceHours;
  const packedThreshold = Math.max(1, quantile(readings.map((reading) => reading.count), CAPACITY_QUANTILE));
  return { timeZone: TIME_ZONE, dayStartHour: DAY_START_HOUR, packedThreshold, hours };
}

/** Errors in percentage points of one way of forecasting, summed. */
export interface Sums {
  forecast: number;
  usual: number;
  lastWeek: number;
  hours: number;
}

export const emptySums = (): Sums => ({ forecast: 0, usual: 0, lastWeek: 0, hours: 0 });

export interface GymResult {
  name: string;
  capacity: number;
  all: Sums;
  horizons: Sums[];
  /** Hours whose actual percent fell within the forecast's low–high range. */
  covered: number;
}

/** The public holidays of a gym's canton over its readings' days. */
export function gymHolidays(name: string, readings: readonly TimedCount[]): Promise<Set<VenueDay>> {
  const state = GYM_CANTONS[name];
  if (state === undefined) throw new Error(`no canton for ${name}`);
  const dayOf = (ts: number) => Math.floor(toWall(TIME_ZONE, ts) / DAY_MS);
  return publicHolidays({ country: "CH", state }, dayOf(readings[0].ts), dayOf(readings[readings.length - 1].ts) + 1);
}

/** One scored hour: what its forecast is made of, the actual percent and the naive answers' errors. */
export interface ScoredHour {
  basis: ForecastBasis;
  hour: HourBasis;
  /** The hour's mean of readings in percent, unrounded (errors) and as the product rounds it (the range's coverage). */
  exact: number;
  actualPercent: number;
  usualError: number;
  lastWeekError: number;
}

/** A gym's hours the forecast is scored on: at FORECAST_AT on every day with HISTORY_DAYS before it. */
export interface GymHours {
  name: string;
  capacity: number;
  hours: ScoredHour[];
}

export function gymHours(name: string, readings: readonly TimedCount[], holidays: ReadonlySet<VenueDay>): GymHours {
  const place = { ...gymPlace(readings), holidays };
  const quarters = quarterHours(readings, Math.ceil((readings[readings.length - 1].ts + 1) / (15 * 60_000)) * 15 * 60_000);
  // The actual value of an hour: the mean of the gym's readings in it, per venue day and local hour.
  const sums = new Map<VenueDay, Map<number, { sum: number; count: number }>>();
  for (const reading of readings) {
    const wallHour = Math.floor(toWall(TIME_ZONE, reading.ts) / HOUR_MS);
    const day = venueDayOfWall(wallHour * HOUR_MS, place.dayStartHour);
    const ofDay = sums.get(day) ?? new Map();
    sums.set(day, ofDay);
    const sum = ofDay.get(hourOfDay(wallHour)) ?? { sum: 0, count: 0 };
    sum.sum += reading.count;
    sum.count++;
    ofDay.set(hourOfDay(wallHour), sum);
  }
  const actualAt = (day: VenueDay, hour: number) => {
    const sum = sums.get(day)?.get(hour);
    return sum ? sum.sum / sum.count : undefined;
  };
  const scored: ScoredHour[] = [];
  const firstDay = venueDayAt(place, readings[0].ts) + HISTORY_DAYS;
  const lastDay = venueDayAt(place, readings[readings.length - 1].ts);
  for (let day = firstDay; day <= lastDay; day++) {
    for (const at of FORECAST_AT) {
      const now = venueDayRange(place, day).start + (at - place.dayStartHour) * HOUR_MS;
      if (venueDayAt(place, now) !== day || hourOfDay(Math.floor(toWall(TIME_ZONE, now) / HOUR_MS)) !== at) continue;
      const basis = forecastBasisAt(quarters, place, now);
      for (const hour of basis.hours) {
        if (hour.closed || hour.usual === null) continue;
        const wallHour = Math.floor(toWall(TIME_ZONE, hour.start) / HOUR_MS);
        const hourDay = venueDayOfWall(wallHour * HOUR_MS, place.dayStartHour);
        const h = hourOfDay(wallHour);
        const actual = actualAt(hourDay, h);
        const lastWeek = actualAt(hourDay - 7, h);
        const previous = [1, 2, 3, 4].map((k) => actualAt(hourDay - 7 * k, h)).filter((value) => value !== undefined);
        // Hours every way can be scored on: measured, measured last week, and a usual from 2 of 4 weeks.
        if (actual === undefined || lastWeek === undefined || previous.length < 2) continue;
        const exact = (100 * actual) / place.packedThreshold;
        const usual = previous.reduce((total, value) => total + value, 0) / previous.length;
        scored.push({
          basis,
          hour,
          exact,
          actualPercent: percentOf(actual, place.packedThreshold),
          usualError: Math.abs(percentOf(usual, place.packedThreshold) - exact),
          lastWeekError: Math.abs(percentOf(lastWeek, place.packedThreshold) - exact),
        });
      }
    }
  }
  return { name, capacity: place.packedThreshold, hours: scored };
}

/** A gym's hours scored under some weights (the route's by default). */
export function scoreGym(gym: GymHours, weights: ForecastWeights = FORECAST_WEIGHTS): GymResult {
  const result: GymResult = { name: gym.name, capacity: gym.capacity, all: emptySums(), horizons: HORIZONS.map(emptySums), covered: 0 };
  for (const scored of gym.hours) {
    const forecast = hourForecast(scored.basis, scored.hour, gym.capacity, weights)!;
    const group = result.horizons[HORIZONS.findIndex(([, to]) => scored.hour.ahead + 1 <= to)];
    for (const target of [result.all, group]) {
      target.forecast += Math.abs(forecast.percent - scored.exact);
      target.usual += scored.usualError;
      target.lastWeek += scored.lastWeekError;
      target.hours++;
    }
    if (scored.actualPercent >= forecast.low && scored.actualPercent <= forecast.high) result.covered++;
  }
  return result;
}

/** The gym's forecasts at FORECAST_AT on every day with HISTORY_DAYS before it, scored with the route's weights. */
export const backtestGym = (name: string, readings: readonly TimedCount[], holidays: ReadonlySet<VenueDay>): GymResult =>
  scoreGym(gymHours(name, readings, holidays));

/** forecast MAE ÷ the better naive MAE. */
export const ratioOf = (sums: Sums) => sums.forecast / Math.min(sums.usual, sums.lastWeek);

