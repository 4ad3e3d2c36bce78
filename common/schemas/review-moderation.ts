// Reporting, hiding and restoring reviews (issue 12): shared by the worker, the profile and the admin area.
import * as v from "valibot";
import { idParamSchema, optionalText, requiredText } from "./fields";

import { HIDE_REASON_MAX, REPORT_REASON_MAX } from "../vocabulary";

export { HIDE_REASON_MAX, REPORT_REASON_MAX };
export const HIDE_REASON_MESSAGE = "Say why the review is hidden.";

export const reviewIdSchema = idParamSchema("Review id must be a positive whole number.");

/** POST /api/reviews/{id}/report: the reason is optional. */
export const reviewReportSchema = v.object({ reason: optionalText(REPORT_REASON_MAX) });

/** POST /api/reviews/{id}/hide: the reason is kept with the review for the admin. */
export const reviewHideSchema = v.object({ reason: requiredText(HIDE_REASON_MAX, HIDE_REASON_MESSAGE) });

export const MODERATION_STATUSES = ["reported", "hidden"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** GET /api/admin/reviews?status=reported|hidden (reported by default). */
export const moderationQuerySchema = v.object({
  status: v.optional(v.picklist(MODERATION_STATUSES, "Status must be reported or hidden."), "reported"),
});
