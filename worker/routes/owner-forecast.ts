// The owner's forecast (docs/insights.md#forecast): the week ahead by hour, each day's expected
// peak and how far off the forecast was for this venue over the last 4 weeks. One read of 12 weeks
// of hourly sums and one of events, whatever the years behind them; not cached (owners only).
import { Hono } from "hono";
import { venueDayAt, venueDayRange } from "../../common/local-time";
import { ownerForecastAnswerSchema, ownerForecastQuerySchema } from "../../common/schemas/insights";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { findWhenPlace, historyBefore, oneOffEventsBetween } from "../db/when-to-go";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { publicHolidays } from "../occupancy/holidays";
import { OWNER_HISTORY_DAYS, ownerForecast } from "../occupancy/owner-forecast";

export const ownerForecastRoutes = new Hono<AppEnv>().get(
  "/place/:id/forecast",
  describe({
    tag: "Insights",
    summary: "The forecast for the next days by hour, each day's expected peak, and its measured accuracy over the last 4 weeks",
    description:
      "Method: docs/insights.md#forecast and docs/when-to-go.md#forecast. Percents of the packed threshold; `accuracy` is null (and `accuracy_text` says so) with fewer than 7 checked days.",
    access: "place-owner",
    answers: { 200: ownerForecastAnswerSchema },
  }),
  requirePlaceOwner(),
  query(ownerForecastQuerySchema),
  async (c) => {
    const db = getDb(c.env);
    const now = Date.now();
    const place = await findWhenPlace(db, c.var.placeId, now);
    if (!place) throw notFound("No such place.");
    const { days } = c.req.valid("query");
    const today = venueDayAt(place, now);
    const [history, events, holidays] = await Promise.all([
      historyBefore(db, place, today, now, OWNER_HISTORY_DAYS),
      oneOffEventsBetween(db, place.id, venueDayRange(place, today - OWNER_HISTORY_DAYS).start, venueDayRange(place, today + days).start),
      publicHolidays(place.region, today - OWNER_HISTORY_DAYS, today + days),
    ]);
    return c.json(ownerForecast(history, { ...place, holidays }, now, events, days));
  },
);
