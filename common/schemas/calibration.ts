// Calibration of a place's counts (docs/architecture.md#calibration): the headcount an owner
// sends and the calibration the dashboard shows. Answers are schemas so their types are inferred.
import * as v from "valibot";
import { isoTime } from "./answers";
import { integerInput } from "./fields";

/** More people than any venue we serve holds: a typo, not a headcount. */
export const MAX_HEADCOUNT = 5000;
export const HEADCOUNT_MESSAGE = `people must be a whole number from 0 to ${MAX_HEADCOUNT}.`;

/** POST /api/place/{id}/headcount: "I count 42 people right now". */
export const headcountBodySchema = v.object(
  { people: integerInput(HEADCOUNT_MESSAGE, { min: 0, max: MAX_HEADCOUNT, empty: Number.NaN }) },
  "Send a JSON object { people }.",
);

export const headcountSchema = v.strictObject({
  taken_at: isoTime,
  people: v.number(),
  /** What the sensors counted at that moment, before calibration. */
  devices: v.number(),
  /** The baseline then in force. */
  baseline: v.number(),
});
export type HeadcountAnswer = v.InferOutput<typeof headcountSchema>;

/** GET /api/place/{id}/calibration, and the answer of a headcount. */
export const calibrationAnswerSchema = v.strictObject({
  /** False until the first headcount: the numbers are then raw device counts. */
  calibrated: v.boolean(),
  /** People per device above the baseline. */
  factor: v.number(),
  /** Devices present even while the venue is closed, subtracted from every count. */
  baseline: v.number(),
  /** The headcounts the factor is made of, newest first. */
  headcounts: v.array(headcountSchema),
  /** Headcounts taken in all. */
  headcounts_total: v.number(),
  /** The sensors' count right now before calibration; null when none reported in 5 minutes. */
  devices_now: v.nullable(v.number()),
});
export type CalibrationAnswer = v.InferOutput<typeof calibrationAnswerSchema>;
