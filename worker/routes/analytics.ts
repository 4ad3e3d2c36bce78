// The owner dashboard's occupancy numbers (docs/architecture.md#dashboard-answers), in the place's local time.
// They read D1 rollups through primary-key ranges, plus the place's object for live values;
// never raw readings.
import { Hono, type Context } from "hono";
import { assertCanManagePlace, requirePlaceOwner, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { CALENDAR_DAYS, dayPeaksBetween, hourTotalsBetween } from "../db/local-hours";
import { bucketsBetween, occupancyConfig, type OccupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, query, type RouteDoc } from "../lib/openapi";
import { calendarData, dailySummary, hourlyData, peakOf, weeklySummary } from "../occupancy/hours";
import { calibratedMean } from "../occupancy/calibration";
import { percentOf } from "../occupancy/levels";
import { DAY_MS, venueDayAt, venueDayRange, type VenueDay } from "../../common/local-time";
import { placeOccupancy } from "../occupancy/place-occupancy";
import * as v from "valibot";
import {
  agg15AnswerSchema,
  calendarDataAnswerSchema,
  checkPicoAnswerSchema,
  dailySummaryItemSchema,
  hourlyDataAnswerSchema,
  keyTrendsSchema,
  peakDataSchema,
  weeklySummarySchema,
  type Agg15Answer,
  type CalendarDataAnswer,
  type CheckPicoAnswer,
  type DailySummaryItem,
  type HourlyDataAnswer,
  type KeyTrends,
  type PeakData,
  type WeeklySummary,
} from "../../common/schemas/answers";
import { placeDateQuerySchema, placeQuerySchema, weeklyQuerySchema } from "../../common/schemas/analytics";

/** The previous four same weekdays make "usual" in the daily comparison. */
const USUAL_WEEKS = 4;

type AnalyticsContext = Context<AppEnv>;

async function placeConfig(c: AnalyticsContext, placeId: number): Promise<OccupancyConfig> {
  const config = await occupancyConfig(getDb(c.env), placeId);
  if (!config) throw notFound("No such place.");
  return config;
}

/** The place of a /place/{id}/… path, whose ownership requirePlaceOwner has checked. */
const pathPlace = (c: AnalyticsContext) => placeConfig(c, c.var.placeId);

const tag = "Analytics";
/** A /place/{id}/… read for the place's owners and the admin. */
const ownerRead = (summary: string, answer: RouteDoc["answers"][number]) =>
  describe({ tag, summary, access: "place-owner", answers: { 200: answer } });
/** A ?place_id= read: the same callers, checked against the query. */
const queryRead = (summary: string, answer: RouteDoc["answers"][number]) =>
  describe({ tag, summary, access: "signed-in", answers: { 200: answer }, errors: [403, 404] });

/** The place of a ?place_id= query, checked here: owner of that place or admin. */
async function queryPlace(c: AnalyticsContext, placeId: number) {
  await assertCanManagePlace(c, c.var.principal, placeId);
  return placeConfig(c, placeId);
}

/** Hourly totals of the venue days [first, last]. */
function hoursOfDays(c: AnalyticsContext, place: OccupancyConfig, first: VenueDay, last: VenueDay) {
  const from = venueDayRange(place, first).start;
  const to = venueDayRange(place, last).end;
  return hourTotalsBetween(getDb(c.env), place, from, to);
}

async function hourlyOf(c: AnalyticsContext, place: OccupancyConfig, day: VenueDay) {
  return hourlyData(await hoursOfDays(c, place, day, day), place, day);
}

/** The last 24 hours of quarter hours, with each value mapped by `value`. */
async function last24Hours(c: AnalyticsContext, place: OccupancyConfig, value: (avgPeople: number) => number): Promise<Agg15Answer> {
  const now = Date.now();
  const buckets = await bucketsBetween(getDb(c.env), place.placeId, now - DAY_MS, now);
  return {
    intervals: buckets.map((bucket) => new Date(bucket.start).toISOString()),
    relative_fullness: buckets.map((bucket) => value(calibratedMean(bucket.avgPeople, place.calibration))),
  };
}

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/place/:id/key-trends", ownerRead("Live numbers and today's peak", keyTrendsSchema), requirePlaceOwner(), async (c) => {
    const place = await pathPlace(c);
    const today = venueDayAt(place, Date.now());
    const [live, hourly] = await Promise.all([placeOccupancy(c.env, place.placeId).live(place.placeId), hourlyOf(c, place, today)]);
    const answer: KeyTrends = {
      currentCapacity: live.percent,
      currentPopulation: live.people,
      currentStatus: live.level,
      ...peakOf(hourly),
    };
    return c.json(answer);
  })
  .get("/place/:id/agg_15_device_counts", ownerRead("The last 24 hours in quarter hours, as percent of the packed threshold", agg15AnswerSchema), requirePlaceOwner(), async (c) => {
    const place = await pathPlace(c);
    return c.json(await last24Hours(c, place, (people) => percentOf(people, place.packedThreshold)));
  })
  .get("/place/people/:id/agg_15_device_counts", ownerRead("The last 24 hours in quarter hours, as people", agg15AnswerSchema), requirePlaceOwner(), async (c) => {
    const place = await pathPlace(c);
    return c.json(await last24Hours(c, place, (people) => Math.round(people * 10) / 10));
  })
  .get("/place/:id/daily_population_summary", ownerRead("Today against the usual day, by hour", v.array(dailySummaryItemSchema)), requirePlaceOwner(), async (c) => {
    const place = await pathPlace(c);
    const today = venueDayAt(place, Date.now());
    const usualDays = Array.from({ length: USUAL_WEEKS }, (_, i) => today - 7 * (i + 1));
    const hours = await hoursOfDays(c, place, today - 7 * USUAL_WEEKS, today);
    const answer: DailySummaryItem[] = dailySummary(hours, place, today, usualDays);
    return c.json(answer);
  })
  .get("/place/:id/weekly_population_summary", ownerRead("Mean people per weekday over four weeks", weeklySummarySchema), requirePlaceOwner(), query(weeklyQuerySchema), async (c) => {
    const place = await pathPlace(c);
    // The last four complete weeks of venue days, so every weekday counts four times.
    const today = venueDayAt(place, Date.now());
    const answer: WeeklySummary = weeklySummary(await hoursOfDays(c, place, today - 7 * USUAL_WEEKS, today - 1), place);
    return c.json(answer);
  })
  .get("/check_pico/:id", ownerRead("Whether a sensor of the place reported in the last 5 minutes", checkPicoAnswerSchema), requirePlaceOwner(), async (c) => {
    const place = await pathPlace(c);
    const live = await placeOccupancy(c.env, place.placeId).live(place.placeId);
    const answer: CheckPicoAnswer = { exists: live.devicesOnline > 0 };
    return c.json(answer);
  })
  .get("/hourly_data", queryRead("People per local hour of one venue day", hourlyDataAnswerSchema), requireUser, query(placeDateQuerySchema), async (c) => {
    const { place_id, date } = c.req.valid("query");
    const place = await queryPlace(c, place_id);
    const answer: HourlyDataAnswer = { hourly_data: await hourlyOf(c, place, date) };
    return c.json(answer);
  })
  .get("/peak_hourly_data", queryRead("The busiest hour of one venue day", peakDataSchema), requireUser, query(placeDateQuerySchema), async (c) => {
    const { place_id, date } = c.req.valid("query");
    const place = await queryPlace(c, place_id);
    const answer: PeakData = peakOf(await hourlyOf(c, place, date));
    return c.json(answer);
  })
  .get("/calendar_data", queryRead("Each venue day's peak over the last year", calendarDataAnswerSchema), requireUser, query(placeQuerySchema), async (c) => {
    const place = await queryPlace(c, c.req.valid("query").place_id);
    const today = venueDayAt(place, Date.now());
    // Day peaks are kept beside the quarter hours: a year of history costs what a week does.
    const peaks = await dayPeaksBetween(getDb(c.env), place.placeId, today - (CALENDAR_DAYS - 1), today);
    const calibrated = peaks.map((peak) => ({ ...peak, peakPeople: calibratedMean(peak.peakPeople, place.calibration) }));
    const answer: CalendarDataAnswer = { calendar_data: calendarData(calibrated, place) };
    return c.json(answer);
  });
