// Week against week (docs/insights.md#compare-weeks) for the Daily Comparison tab: three reads of
// one week of hourly sums each, whatever the history behind them.
import { Hono } from "hono";
import { venueDayRange } from "../../common/local-time";
import { weekComparisonAnswerSchema, weekComparisonQuerySchema, type WeekComparisonAnswer } from "../../common/schemas/insights";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { hourTotalsBetween } from "../db/local-hours";
import { occupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { comparedWeeks, mondayOf, weekOf } from "../occupancy/week-comparison";

export const weekComparisonRoutes = new Hono<AppEnv>().get(
  "/place/:id/week-comparison",
  describe({
    tag: "Insights",
    summary: "A week's daily peak and mean against the week before and the same week a year earlier",
    description: "`week` is any day of the week (weeks run Monday to Sunday, in venue days). Percents of the packed threshold; null for a day without data.",
    access: "place-owner",
    answers: { 200: weekComparisonAnswerSchema },
  }),
  requirePlaceOwner(),
  query(weekComparisonQuerySchema),
  async (c) => {
    const db = getDb(c.env);
    const place = await occupancyConfig(db, c.var.placeId);
    if (!place) throw notFound("No such place.");
    const weeks = comparedWeeks(mondayOf(c.req.valid("query").week));
    const hours = await Promise.all(
      weeks.map((week) => hourTotalsBetween(db, place, venueDayRange(place, week.start).start, venueDayRange(place, week.start + 6).end)),
    );
    const answer: WeekComparisonAnswer = { weeks: weeks.map((week, i) => weekOf(week.label, week.start, hours[i], place)) };
    return c.json(answer);
  },
);
