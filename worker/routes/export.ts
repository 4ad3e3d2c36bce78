// The CSV export (docs/insights.md#export): a range of local days of the place's quarter hours,
// streamed a week at a time from D1 (a primary-key range per page), never the whole file in memory.
import { Hono } from "hono";
import { dateOfDay } from "../../common/local-time";
import { exportQuerySchema } from "../../common/schemas/insights";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { bucketsBetween, occupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { csvStream, exportRange } from "../occupancy/export-csv";

export const exportRoutes = new Hono<AppEnv>().get(
  "/place/:id/export.csv",
  describe({
    tag: "Insights",
    summary: "The place's quarter hours over a range of local days as CSV (at most 367 days)",
    description:
      "Columns: local_time, utc_offset, utc_time, people (calibrated), devices (the raw mean device count), percent, samples. Every quarter hour of the range has a line; one without samples has empty numbers and 0 samples. Method: docs/insights.md#export.",
    access: "place-owner",
    answers: { 200: { media: "text/csv", description: "One line per quarter hour, oldest first, after a header line." } },
  }),
  requirePlaceOwner(),
  query(exportQuerySchema),
  async (c) => {
    const db = getDb(c.env);
    const place = await occupancyConfig(db, c.var.placeId);
    if (!place) throw notFound("No such place.");
    const days = c.req.valid("query");
    const { from, to } = exportRange(place.timeZone, days.from, days.to);
    const body = csvStream(place, from, to, (fromMs, toMs) => bucketsBetween(db, place.placeId, fromMs, toMs));
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="place-${place.placeId}-${dateOfDay(days.from)}-to-${dateOfDay(days.to)}.csv"`,
      },
    });
  },
);
