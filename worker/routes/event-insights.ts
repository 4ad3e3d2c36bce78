// Popular events (docs/insights.md#popular-events): each past event of the place against the usual
// for its weekday and hours, and the average lift per category. Two reads: the events, then the
// hourly sums of a year and 12 weeks in the events' hours of the week only (grouped by SQLite,
// three primary-key ranges).
import { Hono } from "hono";
import { DAY_MS } from "../../common/local-time";
import { eventInsightsAnswerSchema } from "../../common/schemas/insights";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { insightEvents } from "../db/event-insights";
import { hourTotalsBetween } from "../db/local-hours";
import { occupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi";
import { eventInsights, hoursOfWeekNeeded, INSIGHT_HISTORY_DAYS } from "../occupancy/event-insights";

export const eventInsightRoutes = new Hono<AppEnv>().get(
  "/place/:id/event-insights",
  describe({
    tag: "Insights",
    summary: "Each past event's crowd against the usual for its weekday and hours, ranked, and the average lift per category",
    description:
      "Method: docs/insights.md#popular-events. Occurrences of the last 365 days; recurring events occurrence by occurrence. An occurrence without sensor data has null numbers and the note \"no sensor data\", never 0 %.",
    access: "place-owner",
    answers: { 200: eventInsightsAnswerSchema },
  }),
  requirePlaceOwner(),
  async (c) => {
    const db = getDb(c.env);
    const place = await occupancyConfig(db, c.var.placeId);
    if (!place) throw notFound("No such place.");
    const now = Date.now();
    const from = now - INSIGHT_HISTORY_DAYS * DAY_MS;
    const events = await insightEvents(db, place.placeId, from, now);
    const hoursOfWeek = hoursOfWeekNeeded(events, place, now);
    const hours = hoursOfWeek.length === 0 ? [] : await hourTotalsBetween(db, place, from, now, hoursOfWeek);
    return c.json(eventInsights(events, hours, place, now));
  },
);
