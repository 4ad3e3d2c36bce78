// An offer's lift (docs/offers.md#insight): people in the offer's hours against the forecast made
// for those hours before the offer began, which is the counterfactual. Pure: the route reads the
// hourly sums and makes that forecast (forecast.ts, given the history before the offer began).
import { DAY_MS, HOUR_MS, toWall, venueDayOfWall, weekdayIndexOfDay } from "../../common/local-time";
import type { ForecastHour } from "../../common/schemas/answers";
import { closedAt } from "../../common/opening-hours";
import { levelOfPercent } from "../../common/venue-hour";
import { offerRunOn, type OfferRules } from "../lib/offer-rules";
import type { HourTotal } from "./hours";
import { percentOf } from "./levels";
import type { WhenPlace } from "./popular-times";

/** Below this many measured hours the lift says "not enough hours yet". */
export const MIN_LIFT_HOURS = 8;
/** Hours further back than this are not measured. */
export const LIFT_WINDOW_DAYS = 365;

export interface LiftHour {
  /** Percent that happened, and the forecast's percent and 80 % range for the hour. */
  actual: number;
  forecast: number;
  low: number;
  high: number;
}

export interface Lift {
  hours: number;
  percent: number | null;
  low: number | null;
  high: number | null;
  text: string;
}

const signed = (value: number) => (value > 0 ? `+${value}%` : value < 0 ? `−${-value}%` : "±0%");
const ratioPercent = (actual: number, expected: number) => (expected > 0 ? Math.round((actual / expected - 1) * 100) : null);

/**
 * Σ actual ÷ Σ forecast − 1 over the hours, with its range from the forecast's 80 % ends summed
 * (Σ actual ÷ Σ high − 1 to Σ actual ÷ Σ low − 1: wider than the sum's own 80 % range, as if every
 * hour erred the same way). Below MIN_LIFT_HOURS: no lift, "not enough hours yet".
 */
export function liftOf(hours: readonly LiftHour[]): Lift {
  if (hours.length < MIN_LIFT_HOURS) {
    return { hours: hours.length, percent: null, low: null, high: null, text: `Not enough hours yet: ${hours.length} of ${MIN_LIFT_HOURS} measured.` };
  }
  const sum = (key: keyof LiftHour) => hours.reduce((total, hour) => total + hour[key], 0);
  const actual = sum("actual");
  const percent = ratioPercent(actual, sum("forecast"));
  const low = ratioPercent(actual, sum("high"));
  const high = ratioPercent(actual, sum("low"));
  if (percent === null) return { hours: hours.length, percent: null, low: null, high: null, text: "No lift: the forecast expected nobody in its hours." };
  const range = low !== null && high !== null ? ` (80% range ${signed(low)} to ${signed(high)})` : low !== null ? ` (80% range from ${signed(low)})` : "";
  return { hours: hours.length, percent, low, high, text: `${signed(percent)} against the forecast${range}, over ${hours.length} hours` };
}

type PlaceOfOffer = WhenPlace & { livelyThreshold: number };

/** The forecast's hours by weekday and hour of day (the first of each wins): what a later week of the same hour was expected to hold. */
function byHourOfWeek(forecast: readonly ForecastHour[], place: PlaceOfOffer): Map<number, ForecastHour> {
  const map = new Map<number, ForecastHour>();
  for (const hour of forecast) {
    const key = hourOfWeek(Math.floor(toWall(place.timeZone, Date.parse(hour.start)) / HOUR_MS), place.dayStartHour);
    if (!map.has(key) && hour.percent !== null) map.set(key, hour);
  }
  return map;
}

const hourOfWeek = (wallHour: number, dayStartHour: number) => weekdayIndexOfDay(venueDayOfWall(wallHour * HOUR_MS, dayStartHour)) * 24 + (((wallHour % 24) + 24) % 24);

/**
 * The hours an offer ran from `from` to `now` (complete, open by the venue's hours, in its
 * schedule and dates) with a count and a forecast, as LiftHours. An offer on only while quiet is
 * measured over all its scheduled hours (whether or not it switched on), so its quiet hours are
 * not picked after the fact; one on in the hours the forecast calls quiet over those hours.
 */
export function offerLiftHours(offer: OfferRules, place: PlaceOfOffer, forecastAtStart: readonly ForecastHour[], totals: readonly HourTotal[], from: number, now: number): LiftHour[] {
  const expected = byHourOfWeek(forecastAtStart, place);
  const actual = new Map<number, { peopleMinutes: number; samples: number }>();
  for (const total of totals) {
    if (total.samples === 0) continue;
    const sum = actual.get(total.wallHour) ?? { peopleMinutes: 0, samples: 0 };
    sum.peopleMinutes += total.peopleMinutes;
    sum.samples += total.samples;
    actual.set(total.wallHour, sum);
  }
  const edge = (100 * place.livelyThreshold) / place.packedThreshold;
  const seen = new Set<number>();
  const hours: LiftHour[] = [];
  const start = Math.max(from, now - LIFT_WINDOW_DAYS * DAY_MS);
  for (let date = Math.floor(toWall(place.timeZone, start) / DAY_MS) - 1; date <= Math.floor(toWall(place.timeZone, now) / DAY_MS); date++) {
    const run = offerRunOn(offer, place.timeZone, date);
    if (!run) continue;
    const firstWall = Math.floor(toWall(place.timeZone, run.start) / HOUR_MS);
    const lastWall = Math.ceil(toWall(place.timeZone, run.end) / HOUR_MS);
    for (let wallHour = firstWall; wallHour < lastWall; wallHour++) {
      const instant = run.start + (wallHour - firstWall) * HOUR_MS;
      if (seen.has(wallHour) || instant < start || instant + HOUR_MS > now || closedAt(place.hours, place.timeZone, instant)) continue;
      seen.add(wallHour);
      const forecast = expected.get(hourOfWeek(wallHour, place.dayStartHour));
      const count = actual.get(wallHour);
      if (!forecast || !count) continue;
      if (offer.when === "forecast_quiet" && levelOfPercent(forecast.percent!, edge) !== "Relaxed") continue;
      hours.push({ actual: percentOf(count.peopleMinutes / count.samples, place.packedThreshold), forecast: forecast.percent!, low: forecast.low!, high: forecast.high! });
    }
  }
  return hours;
}
