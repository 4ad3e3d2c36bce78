// The fixed word lists of the API, apart from the schemas that use them: a page that needs only a
// list (the marketing home's live levels) must not load every answer schema with it.
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LEVELS = ["Relaxed", "Lively", "Packed"] as const;
export type Level = (typeof LEVELS)[number];

export const PLACE_TYPES = ["Bar", "Restaurant"] as const;

/** A place category as people read it (the profile, the admin's picker, search results): "cocktail-bar" → "Cocktail bar". */
export function categoryLabel(category: string): string {
  const words = category.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Longest username and comment of a review, and reasons of a report or hide (checked by common/schemas/review*.ts). */
export const REVIEW_LIMITS = { username: 40, comment: 1000 } as const;
export const REPORT_REASON_MAX = 500;
export const HIDE_REASON_MAX = 300;

/** A Live Look's wait choices as the API names them, with the words the profile shows (docs/live-looks.md). */
export const WAITS = ["none", "lt5", "5-15", "15-30", "30+"] as const;
export type Wait = (typeof WAITS)[number];
export const WAIT_LABELS: Record<Wait, string> = { none: "No wait", lt5: "< 5 min", "5-15": "5–15 min", "15-30": "15–30 min", "30+": "30+ min" };
/** A Live Look is public for 3 hours; then only the venue's owners and the admin see it. */
export const LIVE_LOOK_PUBLIC_MS = 3 * 60 * 60 * 1000;
/** Live Looks one account may post at one venue in an hour (docs/live-looks.md#who-may-post). */
export const LIVE_LOOK_ACCOUNT_LIMIT = 3;
/** Longest Live Look text, in characters. */
export const LIVE_LOOK_TEXT_MAX = 280;

