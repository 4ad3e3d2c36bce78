// History import (docs/sensors.md#history-import): a counter's past as CSV. Readings within the
// place object's raw window go to the object by the ingest rules; older ones become quarter hours
// and day peaks here, through the aggregation the object and the seed use.
import { Hono } from "hono";
import * as v from "valibot";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { historyBucketWrites, importDevice, isDeviceOf } from "../db/history";
import { dayRollupWrites } from "../db/local-hours";
import { occupancyConfig } from "../db/occupancy";
import type { AppEnv } from "../env";
import { readBodyCapped } from "../lib/body";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { describe, query } from "../lib/openapi";
import { MAX_HISTORY_SPAN_MS, parseHistory } from "../ingest/history-csv";
import { firstAtOrAfter, historyBuckets } from "../occupancy/history-buckets";
import { placeOccupancy } from "../occupancy/place-occupancy";
import { RETENTION_MS } from "../occupancy/reading-window";
import { bucketStart } from "../occupancy/aggregate";
import { venueDayAt } from "../../common/local-time";
import {
  historyImportSchema,
  historyPreviewSchema,
  historyQuerySchema,
  historyRefusalSchema,
  type HistoryImport,
  type HistoryPreview,
  type HistoryRefusal,
} from "../../common/schemas/history";
import { isoOrNull } from "../lib/iso";

/**
 * What one request may parse within the worker's CPU and memory limits (wrangler.toml cpu_ms, 128 MB):
 * about three months of per-minute ISO lines, half a year in epoch seconds. A longer log is sent
 * in parts; the import of each is idempotent, so parts may overlap.
 */
export const MAX_HISTORY_BYTES = 4 * 1024 * 1024;
const TOO_LARGE_MESSAGE = "Send at most 4 MB of history per request: split a longer log into parts (about three months of per-minute readings each).";


async function readCsv(request: Request): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^text\/(csv|plain)\b/i.test(contentType)) throw new ApiError(415, "Send the history as text/csv.");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(await readBodyCapped(request, MAX_HISTORY_BYTES));
  } catch (error) {
    if (error instanceof ApiError) throw error.status === 413 ? new ApiError(413, TOO_LARGE_MESSAGE) : error;
    throw badRequest("The history must be UTF-8 text.");
  }
}

export const historyRoutes = new Hono<AppEnv>().post(
  "/place/:id/history",
  describe({
    tag: "Sensors",
    summary: "Import a counter's past from CSV (plain ts,count or a Paxcounter SD-card log)",
    description: "Every bad line is reported by number and nothing of a refused file is stored (422). dry_run=1 answers what would be imported. Importing the same file again changes nothing.",
    access: "place-owner",
    body: { required: true, content: { "text/csv": v.string() } },
    answers: { 200: v.union([historyImportSchema, historyPreviewSchema]), 422: historyRefusalSchema },
    errors: [413, 415],
  }),
  requirePlaceOwner(),
  query(historyQuerySchema),
  async (c) => {
    const placeId = c.var.placeId;
    const query = c.req.valid("query");
    const db = getDb(c.env);
    const config = await occupancyConfig(db, placeId);
    if (!config) throw notFound("No such place.");
    if (query.device_id !== undefined && !(await isDeviceOf(db, placeId, query.device_id))) {
      throw notFound("No such device at this place.");
    }
    const now = Date.now();
    const { readings, problems } = parseHistory(await readCsv(c.req.raw), { timeZone: config.timeZone, now, maxSpanMs: MAX_HISTORY_SPAN_MS });
    const preview: HistoryPreview = { readings: readings.length, from: isoOrNull(readings[0]?.ts), to: isoOrNull(readings.at(-1)?.ts), problems };
    if (problems.length > 0) {
      const refusal: HistoryRefusal = { error: `${problems.length === 1 ? "A line" : "Some lines"} of the file cannot be read; nothing was imported.`, ...preview };
      return c.json(refusal, 422);
    }
    if (query.dry_run === "1") return c.json(preview);

    // The object first: it fixes its raw coverage start before our quarter hours could move it.
    const recent = readings.slice(firstAtOrAfter(readings, bucketStart(now - RETENTION_MS)));
    let deviceId: number | null = null;
    let raw = { accepted: 0, duplicates: 0, superseded: 0, covered: 0 };
    let rawStart = bucketStart(now - RETENTION_MS);
    if (recent.length > 0) {
      deviceId = query.device_id ?? (await importDevice(db, placeId));
      const stored = await placeOccupancy(c.env, placeId).importHistory(placeId, deviceId, recent, now, query.device_id === undefined);
      ({ rawStart, ...raw } = stored);
    }

    const buckets = historyBuckets(readings, rawStart);
    let written = 0;
    if (buckets.length > 0) {
      const days = [buckets[0].start, buckets[buckets.length - 1].start].map((start) => venueDayAt(config, start));
      const [first, ...rest] = historyBucketWrites(db, placeId, buckets);
      // One batch, so the day peaks are recomputed from exactly the quarter hours it wrote.
      const results = await db.batch([first, ...rest, ...dayRollupWrites(db, placeId, config, days[0], days[1], now)]);
      for (const result of results.slice(0, rest.length + 1)) written += result.meta.changes;
    }
    const answer: HistoryImport = { ...preview, device_id: deviceId, raw, quarter_hours_written: written };
    return c.json(answer);
  },
);
