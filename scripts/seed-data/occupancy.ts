// Demo occupancy: how busy each seeded venue plausibly is at a local venue-day hour, and the
// sensor readings that come out of it. The seed feeds these readings through the product's own
// aggregation (worker/occupancy/aggregate.ts); the simulator posts them to a running app.
import { aggregateBuckets, bucketStart, MINUTE_MS, type Bucket, type Reading } from "../../worker/occupancy/aggregate.ts";
import { DAY_MS, HOUR_MS, offsetSpans, toWall, venueDayOfWall, weekdayIndexOfDay, type VenueDay } from "../../common/local-time.ts";
import { publicHolidays } from "../../worker/occupancy/holidays.ts";
import type { SeedVenue } from "./venues.ts";
import { DEMO_CITIES, type DemoCity } from "./venue-clock.ts";

// What real places' series show and the generator copies (measured on the Fitnesspark gyms,
// docs/when-to-go.md#the-seeds-history): a venue day's level persists from day to day (AR(1)), the
// venue drifts slowly, public holidays run like Sundays, a day now and then is closed, and a sensor
// now and then goes silent for hours.
/** Day-to-day persistence of a venue day's level against its usual, and the level's standard deviation. */
export const DAY_PERSISTENCE = 0.6;
export const DAY_LEVEL_SD = 0.16;
/** A venue's slow trend: up to this much a week, either way, reaching 1 at "now". */
export const TREND_PER_WEEK = 0.027;
/** Share of venue days a venue is closed (no readings: the sensor sees an empty, switched-off room). */
export const CLOSED_DAY_SHARE = 0.017;
/** Share of sensor-days with an outage, and its length in hours (a gap in the readings, not zeros). */
export const OUTAGE_DAY_SHARE = 0.068;
export const OUTAGE_HOURS = [1, 6] as const;
/** Weekday a public holiday runs like (Sunday), and the share of it on Thanksgiving and Christmas Day. */
const HOLIDAY_WEEKDAY = 6;
const BIG_HOLIDAY_SHARE = 0.5;
/** Terms of the AR(1) sum kept: 0.6^40 < 10^-8. */
const AR_TERMS = 40;

/** Weeks of history the seed writes. */
export const HISTORY_DAYS = 56;
const DAY_START_HOUR = 5;

/** The demo sensors of a venue: big rooms get a second one. */
export function demoDeviceNames(venue: SeedVenue): string[] {
  return venue.packedThreshold >= 100 ? ["Front bar", "Back room"] : ["Front bar"];
}

/** How a venue's crowd splits between its sensors (the parts sum to 1). */
export const deviceShares = (deviceCount: number) => (deviceCount === 1 ? [1] : [0.6, 0.4]);

type Curve = readonly (readonly [number, number])[];
// Share of packed_threshold by venue-day hour (5 = 05:00, 26 = 02:00 the next morning).
const BAR: Curve = [[5, 0.01], [12, 0.04], [15, 0.1], [17, 0.22], [19, 0.38], [21, 0.66], [23, 0.82], [24.5, 0.78], [26, 0.5], [28, 0.15], [29, 0.02]];
const RESTAURANT: Curve = [[5, 0], [11, 0.08], [12.5, 0.45], [14, 0.28], [16, 0.14], [18, 0.5], [19.5, 0.86], [21, 0.62], [23, 0.32], [25, 0.12], [29, 0]];
const NIGHTCLUB: Curve = [[5, 0], [21.5, 0], [22.5, 0.25], [23.5, 0.6], [25, 0.96], [27, 0.78], [28.5, 0.3], [29, 0.05]];
/** Monday first: quiet early week, busy Friday and Saturday nights (which reach Packed at their peak). */
const WEEKDAY_FACTOR = [0.47, 0.55, 0.64, 0.77, 1.06, 1.15, 0.64];

interface Bump {
  tag: string;
  weekdays: readonly number[];
  from: number;
  to: number;
  factor?: number;
  add?: number;
}
// Weekly events by tag: trivia Tuesdays, game watches, karaoke Thursdays, weekend brunch…
const BUMPS: readonly Bump[] = [
  { tag: "Trivia", weekdays: [1], from: 19.5, to: 22.5, factor: 1.8 },
  { tag: "Game Night", weekdays: [6], from: 13, to: 19, add: 0.35 },
  { tag: "Game Night", weekdays: [0], from: 20, to: 23.5, factor: 1.7 },
  { tag: "Sports", weekdays: [6], from: 13, to: 19, add: 0.25 },
  { tag: "Karaoke", weekdays: [3], from: 21, to: 26, factor: 1.4 },
  { tag: "Live Music", weekdays: [3, 5], from: 21, to: 25, factor: 1.2 },
  { tag: "Comedy", weekdays: [2], from: 20, to: 22.5, factor: 1.6 },
  { tag: "Brunch", weekdays: [5, 6], from: 11, to: 15, add: 0.35 },
  { tag: "Happy Hour", weekdays: [0, 1, 2, 3, 4], from: 17, to: 19, add: 0.1 },
];

function curveAt(curve: Curve, hour: number): number {
  for (let i = 1; i < curve.length; i++) {
    const [h1, v1] = curve[i];
    if (hour <= h1) {
      const [h0, v0] = curve[i - 1];
      return v0 + ((v1 - v0) * (hour - h0)) / (h1 - h0);
    }
  }
  return curve[curve.length - 1][1];
}

/** "17:00" → 17, "02:00" → 26 when it closes after midnight: hours on the venue-day axis. */
function venueHour(time: string, after = DAY_START_HOUR): number {
  const [h, m] = time.split(":").map(Number);
  const hour = h + m / 60;
  return hour < after ? hour + 24 : hour;
}

function openHours(venue: SeedVenue, weekday: number): [number, number] | null {
  const [open, close] = venue.hours[weekday];
  if (!open || !close) return null;
  const from = venueHour(open);
  let to = venueHour(close);
  if (to <= from) to += 24;
  return [from, Math.min(to, DAY_START_HOUR + 24)];
}

/**
 * Expected people at a venue on a venue-day weekday (0 = Monday) and hour (5 … 29). Closed
 * venues hold only staff around opening and closing.
 */
export function expectedPeople(venue: SeedVenue, weekday: number, hour: number): number {
  const open = openHours(venue, weekday);
  if (!open || hour < open[0] || hour >= open[1]) {
    const nearOpening = open && hour >= open[0] - 1.5 && hour < open[0];
    const nearClosing = open && hour >= open[1] && hour < open[1] + 0.75;
    return nearOpening || nearClosing ? 2 : 0;
  }
  const curve = venue.category === "nightclub" ? NIGHTCLUB : venue.type === "Restaurant" || venue.category === "gastropub" ? RESTAURANT : BAR;
  let share = curveAt(curve, hour) * WEEKDAY_FACTOR[weekday];
  for (const bump of BUMPS) {
    if (!venue.tags.includes(bump.tag) || !bump.weekdays.includes(weekday) || hour < bump.from || hour >= bump.to) continue;
    share = share * (bump.factor ?? 1) + (bump.add ?? 0);
  }
  return Math.max(2, share * venue.packedThreshold);
}

/** Venue-day weekday (0 = Monday) and hour (5 … 29) of a local wall time. */
export function venueMoment(wallMs: number): { day: number; weekday: number; hour: number } {
  const day = venueDayOfWall(wallMs, DAY_START_HOUR);
  return { day, weekday: weekdayIndexOfDay(day), hour: (wallMs - day * DAY_MS) / HOUR_MS };
}

// Deterministic noise: the same venue, device and minute always give the same number, so a
// re-run of the seed reproduces the same history and stays idempotent.
function noise(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 2 ** 32;
}

/** A standard normal number from two of the noise's uniform ones (Box–Muller). */
function gaussian(...parts: number[]): number {
  const u = Math.max(noise(...parts, 1), 2 ** -32);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * noise(...parts, 2));
}

/**
 * A venue day's level against its usual, minus 1: the AR(1) x(d) = φ·x(d−1) + √(1−φ²)·σ·ε(d),
 * written as the sum of the last AR_TERMS shocks so that any day's value is a function of the day
 * alone (deterministic, no state to carry); its standard deviation is σ, its lag-1 correlation φ.
 */
function dayDeviation(venueSeed: number, day: VenueDay): number {
  const scale = Math.sqrt(1 - DAY_PERSISTENCE ** 2) * DAY_LEVEL_SD;
  let sum = 0;
  for (let j = 0; j < AR_TERMS; j++) sum += DAY_PERSISTENCE ** j * scale * gaussian(venueSeed, day - j, 11);
  return sum;
}

/** Thanksgiving (the fourth Thursday of November) or Christmas Day. */
function isBigHoliday(day: VenueDay): boolean {
  const date = new Date(day * DAY_MS);
  const [month, dayOfMonth] = [date.getUTCMonth() + 1, date.getUTCDate()];
  return (month === 12 && dayOfMonth === 25) || (month === 11 && weekdayIndexOfDay(day) === 3 && dayOfMonth >= 22 && dayOfMonth <= 28);
}

/** How a venue day runs: the weekday whose curve it follows, the factor on it, or closed. */
export interface DayShape {
  weekday: number;
  factor: number;
  closed: boolean;
}

/**
 * A venue day of the seed's history: its persistent level (AR(1)), the venue's trend (1 on
 * `nowDay`), a public holiday's Sunday curve (half of it on Thanksgiving and Christmas Day), and the
 * odd closed day.
 */
export function dayShape(venueSeed: number, day: VenueDay, nowDay: VenueDay, holidays: ReadonlySet<VenueDay>): DayShape {
  const slope = (2 * noise(venueSeed, 21) - 1) * TREND_PER_WEEK;
  const trend = 1 + (slope * (day - nowDay)) / 7;
  const holiday = holidays.has(day);
  const factor = Math.max(0.2, 1 + dayDeviation(venueSeed, day)) * trend * (holiday && isBigHoliday(day) ? BIG_HOLIDAY_SHARE : 1);
  return { weekday: holiday ? HOLIDAY_WEEKDAY : weekdayIndexOfDay(day), factor, closed: noise(venueSeed, day, 31) < CLOSED_DAY_SHARE };
}

/** The public holidays of a demo city's venues over the days [from, to], by the city's codes as the worker reads them. */
export const seedHolidays = (city: DemoCity, from: VenueDay, to: VenueDay) =>
  publicHolidays({ country: DEMO_CITIES[city].country, state: DEMO_CITIES[city].region }, from, to);

export interface DemoDevice {
  id: number;
  /** Part of the venue's crowd this sensor sees. */
  share: number;
}

/** True while a demo sensor is "unplugged": on OUTAGE_DAY_SHARE of its days, a 1–6 hour gap. */
function inOutage(deviceId: number, day: number, hour: number): boolean {
  if (noise(deviceId, day, 1) > OUTAGE_DAY_SHARE) return false;
  const start = DAY_START_HOUR + noise(deviceId, day, 2) * 22;
  return hour >= start && hour < start + OUTAGE_HOURS[0] + noise(deviceId, day, 3) * (OUTAGE_HOURS[1] - OUTAGE_HOURS[0]);
}

/**
 * One reading a minute per device over [fromMs, toMs), at a fixed second per device, each venue
 * day shaped by dayShape (its trend reaching 1 at `nowMs`), ±10 % noise a minute and the odd outage
 * (which leaves a real gap, as a closed day does).
 */
export function demoReadings(
  venue: SeedVenue,
  venueSeed: number,
  devices: readonly DemoDevice[],
  timeZone: string,
  fromMs: number,
  toMs: number,
  nowMs: number,
  holidays: ReadonlySet<VenueDay>,
): Reading[] {
  const readings: Reading[] = [];
  const spans = offsetSpans(timeZone, fromMs, toMs);
  const nowDay = venueMoment(toWall(timeZone, nowMs)).day;
  const shapes = new Map<VenueDay, DayShape>();
  let span = 0;
  for (let minute = fromMs; minute < toMs; minute += MINUTE_MS) {
    while (minute >= spans[span].to) span++;
    const { day, hour } = venueMoment(minute + spans[span].offset);
    let shape = shapes.get(day);
    if (!shape) shapes.set(day, (shape = dayShape(venueSeed, day, nowDay, holidays)));
    if (shape.closed) continue;
    const people = expectedPeople(venue, shape.weekday, hour) * shape.factor;
    for (const device of devices) {
      if (inOutage(device.id, day, hour)) continue;
      const ts = minute + ((device.id * 7919) % 60) * 1000;
      if (ts >= toMs) continue;
      const count = Math.round(people * device.share * (0.9 + 0.2 * noise(device.id, minute / MINUTE_MS)));
      readings.push({ deviceId: device.id, ts, count });
    }
  }
  return readings;
}

/**
 * Closed quarter hours of the last `days` before `now`, through the product's aggregation;
 * `holidays` from seedHolidays over those days.
 */
export function demoHistory(
  venue: SeedVenue,
  venueSeed: number,
  devices: readonly DemoDevice[],
  timeZone: string,
  now: number,
  holidays: ReadonlySet<VenueDay>,
  days = HISTORY_DAYS,
): Bucket[] {
  const to = bucketStart(now);
  const from = to - days * DAY_MS;
  // A reading counts for 5 minutes, so start a little early to fill the first quarter hour.
  const readings = demoReadings(venue, venueSeed, devices, timeZone, from - 5 * MINUTE_MS, to, now, holidays);
  return aggregateBuckets(
    readings.toSorted((a, b) => a.deviceId - b.deviceId || a.ts - b.ts),
    from,
    to,
  );
}
