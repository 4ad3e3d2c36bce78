// The fixed word lists of the API, apart from the schemas that use them: a page that needs only a
// list (the marketing home's live levels) must not load every answer schema with it.
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LEVELS = ["Relaxed", "Lively", "Packed"] as const;
export type Level = (typeof LEVELS)[number];

export const PLACE_TYPES = ["Bar", "Restaurant"] as const;

/** Longest username and comment of a review, and reasons of a report or hide (checked by common/schemas/review*.ts). */
export const REVIEW_LIMITS = { username: 40, comment: 1000 } as const;
export const REPORT_REASON_MAX = 500;
export const HIDE_REASON_MAX = 300;
