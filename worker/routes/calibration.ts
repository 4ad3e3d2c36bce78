// Calibration (docs/architecture.md#calibration): owners tell the server how many people are in
// the room; the server turns device counts into people with it everywhere it answers.
import { Hono, type Context } from "hono";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { devicePlace } from "../db/devices";
import { recentHeadcounts, saveHeadcount, type StoredHeadcount } from "../db/headcounts";
import { bucketsBetween, occupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody } from "../lib/openapi";
import { minuteStart } from "../occupancy/aggregate";
import { BASELINE_DAYS, baselineFromClosedHours, calibrationFrom, HEADCOUNTS_USED, type Calibration } from "../occupancy/calibration";
import { placeOccupancy } from "../occupancy/place-occupancy";
import { DAY_MS } from "../../common/local-time";
import { calibrationAnswerSchema, headcountBodySchema, type CalibrationAnswer } from "../../common/schemas/calibration";

const tag = "Calibration";

export const NO_LIVE_COUNT_MESSAGE =
  "No sensor of this place has counted in the last 5 minutes, so there is nothing to compare a headcount with. Check that the sensor is online.";

function toCalibrationAnswer(calibration: Calibration, recent: StoredHeadcount[], total: number, devicesNow: number | null): CalibrationAnswer {
  return {
    calibrated: total > 0,
    factor: calibration.factor,
    baseline: calibration.baseline,
    headcounts: recent.map((headcount) => ({
      taken_at: headcount.takenAt.toISOString(),
      people: headcount.people,
      devices: headcount.raw,
      baseline: headcount.baseline,
    })),
    headcounts_total: total,
    devices_now: devicesNow,
  };
}

async function calibrationAnswer(c: Context<AppEnv>, placeId: number): Promise<CalibrationAnswer> {
  const db = getDb(c.env);
  const [config, { recent, total }, live] = await Promise.all([
    occupancyConfig(db, placeId),
    recentHeadcounts(db, placeId),
    placeOccupancy(c.env, placeId).live(placeId),
  ]);
  if (!config) throw notFound("No such place.");
  return toCalibrationAnswer(config.calibration, recent, total, live.devices);
}

export const calibrationRoutes = new Hono<AppEnv>()
  .get(
    "/place/:id/calibration",
    describe({
      tag,
      summary: "How the place's device counts become people: baseline, factor and the headcounts behind them",
      access: "place-owner",
      answers: { 200: calibrationAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => c.json(await calibrationAnswer(c, c.var.placeId)),
  )
  .post(
    "/place/:id/headcount",
    describe({
      tag,
      summary: "\"I count 42 people right now\": stored beside the sensors' count, it recalibrates the place",
      description:
        "The baseline is re-estimated from the closed hours of the last 28 days and the factor from the newest 10 headcounts. A second headcount in the same minute replaces the first.",
      access: "place-owner",
      answers: { 201: calibrationAnswerSchema },
      errors: [409],
    }),
    requirePlaceOwner(),
    jsonBody(headcountBodySchema),
    async (c) => {
      const placeId = c.var.placeId;
      const { people } = c.req.valid("json");
      const db = getDb(c.env);
      const object = placeOccupancy(c.env, placeId);
      const now = Date.now();
      const [place, live, { recent, total }, quarterHours] = await Promise.all([
        devicePlace(db, placeId),
        object.live(placeId),
        recentHeadcounts(db, placeId),
        bucketsBetween(db, placeId, now - BASELINE_DAYS * DAY_MS, now),
      ]);
      if (!place) throw notFound("No such place.");
      if (live.devices === null) throw conflict(NO_LIVE_COUNT_MESSAGE);
      const samples = quarterHours.map((bucket) => ({ ts: bucket.start, count: bucket.avgPeople }));
      const baseline = baselineFromClosedHours(samples, place.hours, place.timeZone).devices;
      const headcount: StoredHeadcount = { takenAt: new Date(now), people, raw: live.devices, baseline };
      // The one it replaces (same minute) makes no part of the new factor.
      const others = recent.filter((earlier) => minuteStart(earlier.takenAt.getTime()) !== minuteStart(now));
      const headcounts = [headcount, ...others];
      const calibration = calibrationFrom(baseline, headcounts);
      await saveHeadcount(db, placeId, { ...headcount, takenBy: c.var.principal.userId }, calibration);
      // The object's live numbers and the live map follow at once, not at its next config refresh.
      await object.placeChanged(placeId);
      const replaced = others.length < recent.length;
      const answer = toCalibrationAnswer(calibration, headcounts.slice(0, HEADCOUNTS_USED), replaced ? total : total + 1, live.devices);
      return c.json(answer, 201);
    },
  );
