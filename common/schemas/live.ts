// Query of GET /api/live: the live map's filters (docs/when-to-go.md#live-map).
import * as v from "valibot";
import { LEVELS } from "../vocabulary";

export const OPEN_NOW_MESSAGE = "open_now must be 1 (open now) or 0 (closed now).";
export const SPECIAL_NOW_MESSAGE = "special_now must be 1 (a special on now) or 0 (none on now).";
export const OFFER_NOW_MESSAGE = "offer_now must be 1 (an offer on now) or 0 (none on now).";
export const LEVEL_MESSAGE = `level must be one of: ${LEVELS.join(", ")}.`;

export const CITY_MESSAGE = "city must be a city's slug, like new-york (GET /api/cities lists them).";

export const liveQuerySchema = v.object({
  // Only the places of this city (docs/cities.md); an unknown slug is a 404.
  city: v.optional(v.pipe(v.string(CITY_MESSAGE), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CITY_MESSAGE), v.maxLength(100, CITY_MESSAGE))),
  // 1: only places open now by their hours; 0: only places closed now. Places without hours are neither.
  open_now: v.optional(v.pipe(v.picklist(["1", "0"], OPEN_NOW_MESSAGE), v.transform((value) => value === "1"))),
  // Only places whose live level is this one.
  level: v.optional(v.picklist(LEVELS, LEVEL_MESSAGE)),
  // 1: only places with a special on now (docs/menus-and-specials.md#live-map); 0: only places without.
  special_now: v.optional(v.pipe(v.picklist(["1", "0"], SPECIAL_NOW_MESSAGE), v.transform((value) => value === "1"))),
  // 1: only places with an offer on now (docs/offers.md#on-the-map); 0: only places without.
  offer_now: v.optional(v.pipe(v.picklist(["1", "0"], OFFER_NOW_MESSAGE), v.transform((value) => value === "1"))),
});
export type LiveQuery = v.InferOutput<typeof liveQuerySchema>;
