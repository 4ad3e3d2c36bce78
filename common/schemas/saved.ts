// Saved places and suggestions (docs/app.md#saved-places-and-suggestions): the body of
// PUT /api/me/saved/{placeId}, the query of GET /api/places/suggestions and their answers.
import * as v from "valibot";
import { LEVELS } from "../vocabulary";
import { forecastAnswerSchema, isoTime, livePlaceSchema, nullableIso } from "./answers";

/** Most places one account may save. */
export const MAX_SAVED_PLACES = 200;
/** Widest suggestions radius, in metres. */
export const MAX_RADIUS_M = 20_000;
export const DEFAULT_RADIUS_M = 2_000;
/** Most suggestions one answer holds. */
export const MAX_SUGGESTIONS = 50;
export const DEFAULT_SUGGESTIONS = 20;
/** How far ahead `at` may be: the forecast's week. */
export const MAX_AHEAD_DAYS = 7;
/** Most categories or tags one query names. */
export const MAX_LIST_ITEMS = 10;

/** PUT /api/me/saved/{placeId}: the body is optional; `news` opts in to the place's announcements. */
export const saveBodySchema = v.strictObject({ news: v.optional(v.boolean("must be true or false."), false) });
export type SaveBody = v.InferOutput<typeof saveBodySchema>;

export const savedEntrySchema = v.strictObject({ place_id: v.number(), news: v.boolean(), saved_at: isoTime });
export type SavedEntry = v.InferOutput<typeof savedEntrySchema>;

/** What a place is like now, shared by saved places and suggestions. */
const placeNowEntries = {
  ...v.pick(livePlaceSchema, ["id", "slug", "name", "address", "latitude", "longitude", "type", "category", "timezone", "level", "vs_usual"]).entries,
  // Null where the owners hide counts (docs/when-to-go.md#public-counts) or without a number.
  percent: v.nullable(v.number()),
  // By the hours table at the time asked about; null without hours.
  open: v.nullable(v.boolean()),
  // The next opening after that time while closed; null while open or without hours.
  opens_at: nullableIso,
};

/** GET /api/me/saved: a saved place with its live level now and the best time tonight. */
export const savedPlaceSchema = v.strictObject({
  ...placeNowEntries,
  news: v.boolean(),
  saved_at: isoTime,
  best_time: forecastAnswerSchema.entries.best_time,
});
export type SavedPlace = v.InferOutput<typeof savedPlaceSchema>;

export const savedListSchema = v.strictObject({ places: v.array(savedPlaceSchema), generated_at: isoTime });
export type SavedList = v.InferOutput<typeof savedListSchema>;

const decimal = (message: string, min: number, max: number) =>
  v.pipe(v.string(message), v.regex(/^-?\d{1,3}(\.\d{1,12})?$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
const whole = (message: string, min: number, max: number) =>
  v.pipe(v.string(message), v.regex(/^\d{1,6}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
const wordList = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^[\p{L}\p{N} &'_-]{1,40}(,[\p{L}\p{N} &'_-]{1,40}){0,9}$/u, message),
    v.transform((text) => [...new Set(text.split(",").map((word) => word.trim().toLowerCase()))].filter(Boolean).sort()),
    v.maxLength(MAX_LIST_ITEMS, message),
  );

export const suggestionsQuerySchema = v.object({
  // "" when missing, so the answer is the field's own message (documented as required all the same).
  lat: v.optional(decimal("must be a latitude between -90 and 90.", -90, 90), ""),
  lng: v.optional(decimal("must be a longitude between -180 and 180.", -180, 180), ""),
  radius_m: v.optional(whole(`must be a whole number of metres from 100 to ${MAX_RADIUS_M}.`, 100, MAX_RADIUS_M), String(DEFAULT_RADIUS_M)),
  // Checked against now by the route: within the next 7 days.
  at: v.optional(v.pipe(v.string("must be an ISO time."), v.isoTimestamp("must be an ISO time such as 2031-06-11T01:00:00Z."))),
  level: v.optional(v.picklist(LEVELS, `must be one of: ${LEVELS.join(", ")}.`)),
  category: v.optional(wordList(`must be up to ${MAX_LIST_ITEMS} comma-separated categories.`)),
  tag: v.optional(wordList(`must be up to ${MAX_LIST_ITEMS} comma-separated tag names.`)),
  open: v.optional(v.pipe(v.picklist(["1", "0"], "must be 1 (open then) or 0 (any)."), v.transform((value) => value === "1"))),
  limit: v.optional(whole(`must be a whole number from 1 to ${MAX_SUGGESTIONS}.`, 1, MAX_SUGGESTIONS), String(DEFAULT_SUGGESTIONS)),
});
export type SuggestionsQuery = v.InferOutput<typeof suggestionsQuerySchema>;

export const suggestionSchema = v.strictObject({ ...placeNowEntries, distance_m: v.number() });
export type Suggestion = v.InferOutput<typeof suggestionSchema>;

export const suggestionsAnswerSchema = v.strictObject({
  // The time the levels are for: now (live) or the hour of `at` (forecast).
  at: isoTime,
  forecast: v.boolean(),
  places: v.array(suggestionSchema),
  generated_at: isoTime,
});
export type SuggestionsAnswer = v.InferOutput<typeof suggestionsAnswerSchema>;
