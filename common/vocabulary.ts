// The fixed word lists of the API, apart from the schemas that use them: a page that needs only a
// list (the marketing home's live levels) must not load every answer schema with it.
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LEVELS = ["Relaxed", "Lively", "Packed"] as const;
export type Level = (typeof LEVELS)[number];

export const PLACE_TYPES = ["Bar", "Restaurant"] as const;
