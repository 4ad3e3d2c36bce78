// The checks of the profile's review forms, with the worker's own schemas: loaded on the first
// submit (valibot is not part of the profile's first view).
import * as v from "valibot";
import { reviewSchema } from "../../../common/schemas/review";
import { liveLookHideSchema, liveLookReportSchema } from "../../../common/schemas/live-look";
import { reviewHideSchema, reviewReportSchema } from "../../../common/schemas/review-moderation";
import { fieldErrors } from "../../lib/formErrors";
import { toReviewPayload, type ReviewErrors, type ReviewForm } from "./reviewForm";

/** Field messages from the shared schema; empty when the review may be sent. */
export function validateReview(form: ReviewForm): ReviewErrors {
  const result = v.safeParse(reviewSchema, toReviewPayload(form));
  return result.success ? {} : fieldErrors<keyof ReviewForm>(result.issues);
}

/** What a report or hide is about: each has the worker's own schemas. */
export type ReasonKind = "review" | "liveLook";
const REASON_SCHEMAS = {
  review: { report: reviewReportSchema, hide: reviewHideSchema },
  liveLook: { report: liveLookReportSchema, hide: liveLookHideSchema },
} as const;

/** A report's or hide's reason as the server will take it, or the schema's message. */
export function checkReason(kind: ReasonKind, mode: "report" | "hide", reason: string): { reason: string | undefined } | { error: string } {
  const checked = v.safeParse(REASON_SCHEMAS[kind][mode], { reason });
  return checked.success ? { reason: checked.output.reason } : { error: checked.issues[0].message };
}
