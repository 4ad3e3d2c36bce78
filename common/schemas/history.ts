// History import (POST /api/place/{id}/history): its query and answers, shared with the client.
import * as v from "valibot";
import { idParamSchema } from "./fields";

export const historyQuerySchema = v.object({
  /** The sensor whose log it is; without it, the place's "Imported history" device. */
  device_id: v.optional(idParamSchema("device_id must be a positive whole number.")),
  dry_run: v.optional(v.picklist(["0", "1"], "dry_run must be 0 or 1.")),
});

export const historyProblemSchema = v.strictObject({ line: v.number(), message: v.string() });

/** What a file holds: the whole answer of a dry run, and the start of every other. */
export const historyPreviewSchema = v.strictObject({
  readings: v.number(),
  /** ISO times of the first and last reading; null when there is none. */
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  problems: v.array(historyProblemSchema),
});

/** A file refused with 422: every bad line, and nothing stored. */
export const historyRefusalSchema = v.strictObject({ error: v.string(), ...historyPreviewSchema.entries });

export const historyImportSchema = v.strictObject({
  ...historyPreviewSchema.entries,
  /** The device the raw readings of the last 7 days were filed under; null when there were none. */
  device_id: v.nullable(v.number()),
  /** Readings of the retention window stored in the place's object, by the ingest rules. */
  raw: v.strictObject({
    accepted: v.number(),
    duplicates: v.number(),
    superseded: v.number(),
    /** Skipped: another device already counts for that minute. */
    covered: v.number(),
  }),
  /** Older quarter hours written to the rollups (new, or more complete than the stored ones). */
  quarter_hours_written: v.number(),
});

export type HistoryProblem = v.InferOutput<typeof historyProblemSchema>;
export type HistoryPreview = v.InferOutput<typeof historyPreviewSchema>;
export type HistoryRefusal = v.InferOutput<typeof historyRefusalSchema>;
export type HistoryImport = v.InferOutput<typeof historyImportSchema>;
