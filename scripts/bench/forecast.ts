// Forecast accuracy (issue 15), backtested on the seeded history: every seeded venue gets a bench
// copy (same row, same hours) whose history the seed's own generator writes over the forecast's
// 8-week window plus the 14 days backtested, so each backtested day has a full window before it.
// For each of the last 14 venue days, the product's forecast (worker/occupancy/forecast.ts) is
// made as of the start of that day from the history D1 holds before it, read the way the forecast
// route reads it (historyBefore), and compared per open hour with what the day then held, beside
// two naive forecasts from the same D1 hours: "usual" (same-hour mean of the previous 4 same
// weekdays) and last week's same hour. The forecast knows the seed's public holidays, as the route
// knows a New York venue's. The generator is not changed for this.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { HOUR_MS, toWall, venueDayAt, venueDayRange, type VenueDay } from "../../common/local-time.ts";
import { WEEKDAYS, type PlaceHours } from "../../common/schemas/answers.ts";
import type { Calibration } from "../../worker/occupancy/calibration.ts";
import { hourTotalsBetween } from "../../worker/db/local-hours.ts";
import { forecast } from "../../worker/occupancy/forecast.ts";
import { hourOfDay, venueDayOfHour } from "../../worker/occupancy/hours.ts";
import { percentOf } from "../../worker/occupancy/levels.ts";
import { HISTORY_DAYS, historyOf, type History, type WhenPlace } from "../../worker/occupancy/popular-times.ts";
import { dayShape, demoDeviceNames, demoHistory, deviceShares, expectedPeople, seedHolidays, venueMoment, type DayShape } from "../seed-data/occupancy.ts";
import { seedVenues } from "../seed-data/venues.ts";
import { storeHistory } from "../seed-occupancy.ts";
import type { SeedEnv } from "../seed.ts";
import { fixed } from "./bench-api.ts";

/** Venue days backtested: the last 14 complete ones. */
const BACKTEST_DAYS = 14;
const SLUG_PREFIX = "bench-forecast-";

export interface ForecastBacktest {
  venues: number;
  hours: number;
  /** Mean absolute error in percentage points. */
  forecast: number;
  usual4: number;
  lastWeek: number;
  /** The generator's own expected value of each hour: what no method can beat on average. */
  generator: number;
}

let result: ForecastBacktest | undefined;

type BenchPlace = WhenPlace & { id: number; calibration: Calibration };

/**
 * What the forecast route reads (worker/db/when-to-go.ts historyBefore, whose module the Node
 * typecheck cannot follow for its worker types): the hours of HISTORY_DAYS before `today` up to `toMs`.
 */
async function historyBefore(db: Parameters<typeof hourTotalsBetween>[0], place: BenchPlace, today: VenueDay, toMs: number): Promise<History> {
  const from = venueDayRange(place, today - HISTORY_DAYS).start;
  const hours = await hourTotalsBetween(db, { placeId: place.id, timeZone: place.timeZone, calibration: place.calibration }, from, toMs);
  return historyOf(hours, place.dayStartHour, today);
}

/**
 * Mean over a venue-day hour [start, start + 1 h) of the generator's expected people given its day
 * (the day's level, trend and holiday: what the generator knows and no forecast can), minute by minute.
 */
function generatorMean(venue: (typeof seedVenues)[number], shapeOf: (day: VenueDay) => DayShape, timeZone: string, start: number, dayStartHour: number): number {
  let sum = 0;
  for (let minute = 0; minute < 60; minute++) {
    const wall = toWall(timeZone, start + minute * 60_000);
    const day = Math.floor((wall - dayStartHour * HOUR_MS) / 86_400_000);
    const shape = shapeOf(day);
    sum += expectedPeople(venue, shape.weekday, (wall - day * 86_400_000) / HOUR_MS) * shape.factor;
  }
  return sum / 60;
}

/**
 * Adds the bench copies and their history, then backtests (before the app starts: only the seed's
 * path can write history). The figures are printed later by reportForecastBacktest.
 */
export async function prepareForecastBacktest(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const now = Date.now();
  const nowDay = Math.floor(now / 86_400_000);
  const errors = { forecast: 0, usual4: 0, lastWeek: 0, generator: 0 };
  let hours = 0;
  for (const [index, venue] of seedVenues.entries()) {
    const [seeded] = await db.select().from(schema.places).where(eq(schema.places.slug, venue.slug));
    if (!seeded) throw new Error(`the seed has no ${venue.slug}`);
    const { id: _id, createdAt: _created, updatedAt: _updated, ...row } = seeded as typeof seeded & { createdAt?: unknown; updatedAt?: unknown };
    const [copy] = await db
      .insert(schema.places)
      .values({ ...row, slug: `${SLUG_PREFIX}${venue.slug}`, name: `Bench forecast ${venue.name}` })
      .returning();
    const place = {
      id: copy.id,
      timeZone: copy.timezone,
      dayStartHour: copy.dayStartHour,
      packedThreshold: copy.packedThreshold,
      calibration: { baseline: copy.calibrationBaseline, factor: copy.calibrationFactor },
      hours: Object.fromEntries(
        WEEKDAYS.flatMap((day) => [
          [`${day}_open`, copy[`${day}Open`]],
          [`${day}_close`, copy[`${day}Close`]],
        ]),
      ) as PlaceHours,
    };
    // The seed's generator and sensor split for this venue (its venue seed is its index + 1, as
    // the seed's), over the window plus the backtested days.
    const holidays = await seedHolidays(venue.city, nowDay - HISTORY_DAYS - BACKTEST_DAYS - 1, nowDay + 8);
    const shares = deviceShares(demoDeviceNames(venue).length);
    const devices = shares.map((share, i) => ({ id: 1_000_000 + 10 * index + i, share }));
    await storeHistory(env.DB, place, demoHistory(venue, index + 1, devices, place.timeZone, now, holidays, HISTORY_DAYS + BACKTEST_DAYS));
    const generatorDay = venueMoment(toWall(place.timeZone, now)).day;
    const shapeOf = (day: VenueDay) => dayShape(index + 1, day, generatorDay, holidays);

    const today = venueDayAt(place, now);
    const first = today - BACKTEST_DAYS;
    // What the days held, from the same D1 hours (all of the history up to today).
    const all: History = historyOf(
      await hourTotalsBetween(db, { placeId: place.id, timeZone: place.timeZone, calibration: place.calibration }, venueDayRange(place, first - 28).start, venueDayRange(place, today).start),
      place.dayStartHour,
      today,
    );
    const at = (day: number, hour: number) => all.means.get(day)?.get(hour);
    for (let day = first; day < today; day++) {
      const { start, end } = venueDayRange(place, day);
      // As of the start of the day: only the history before it, as the route reads it.
      const history = await historyBefore(db, place, day, start);
      // No events: the copies have none, and the generator's only events are weekly ones (its
      // bumps), which the usual of their weekday holds.
      for (const hour of forecast(history, { ...place, holidays }, start, []).hours) {
        const startMs = Date.parse(hour.start);
        if (startMs >= end) break;
        if (hour.closed || hour.percent === null) continue;
        const wallHour = Math.floor(toWall(place.timeZone, startMs) / HOUR_MS);
        if (venueDayOfHour(wallHour, place.dayStartHour) !== day) continue;
        const h = hourOfDay(wallHour);
        const actual = at(day, h);
        const previous = [1, 2, 3, 4].map((k) => at(day - 7 * k, h)).filter((value) => value !== undefined);
        const lastWeek = at(day - 7, h);
        // Hours every forecast can be scored on: measured that day and last week.
        if (actual === undefined || lastWeek === undefined || previous.length === 0) continue;
        const exact = (100 * actual) / place.packedThreshold;
        const usual4 = previous.reduce((sum, value) => sum + value, 0) / previous.length;
        errors.forecast += Math.abs(hour.percent - exact);
        errors.usual4 += Math.abs(percentOf(usual4, place.packedThreshold) - exact);
        errors.lastWeek += Math.abs(percentOf(lastWeek, place.packedThreshold) - exact);
        errors.generator += Math.abs(percentOf(generatorMean(venue, shapeOf, place.timeZone, startMs, place.dayStartHour), place.packedThreshold) - exact);
        hours++;
      }
    }
  }
  result = {
    venues: seedVenues.length,
    hours,
    forecast: errors.forecast / hours,
    usual4: errors.usual4 / hours,
    lastWeek: errors.lastWeek / hours,
    generator: errors.generator / hours,
  };
}

/** Prints the seed's backtest: information only, since issue 26 (docs/performance.md). */
export function reportForecastBacktest(): void {
  if (!result) throw new Error("prepareForecastBacktest did not run");
  const { venues, hours, forecast, usual4, lastWeek, generator } = result;
  const better = Math.min(usual4, lastWeek);
  const ratio = forecast / better;
  console.log(
    `\n## Forecast accuracy: backtest over the last ${BACKTEST_DAYS} venue days of ${venues} seeded venues (bench copies with ${HISTORY_DAYS + BACKTEST_DAYS} days of the seed's history), each open hour forecast as of the start of its day`,
  );
  console.log("| forecast of each open hour | mean absolute error (percentage points) |");
  console.log("|---|---|");
  console.log(`| the product's forecast | ${fixed(forecast, 2)} |`);
  console.log(`| "usual": same-hour mean of the previous 4 same weekdays | ${fixed(usual4, 2)} |`);
  console.log(`| last week's same hour | ${fixed(lastWeek, 2)} |`);
  console.log(`| (reference, not a method) the seed generator's own expected value | ${fixed(generator, 2)} |`);
  console.log(
    `${hours} open hours; forecast ÷ the better of usual and last week = ${fixed(ratio, 2)} (information; the generator's expected value would score ${fixed(generator / better, 2)})`,
  );
}
