// Query parameters of the analytics endpoints (docs/architecture.md#dashboard-answers).
import * as v from "valibot";
import { placeIdParamSchema, wireFormat } from "./fields";
import { dayOfDate } from "../local-time";

export const DATE_MESSAGE = "date must be a calendar date written YYYY-MM-DD.";

// A missing parameter reads as "" so it gets the same sentence as a malformed one.
const placeIdQuery = v.pipe(v.optional(v.string(), ""), wireFormat({ pattern: "^[1-9]\\d{0,9}$" }), placeIdParamSchema);

export const placeQuerySchema = v.object({ place_id: placeIdQuery });

/**
 * A calendar date (YYYY-MM-DD) in the query, as its day number; a missing one reads as "" so it
 * gets the same sentence as a malformed one.
 */
export const dateQuery = (message: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    wireFormat({ format: "date" }),
    v.check((date) => dayOfDate(date) !== null, message),
    v.transform((date) => dayOfDate(date)!),
  );

export const placeDateQuerySchema = v.object({ place_id: placeIdQuery, date: dateQuery(DATE_MESSAGE) });

export const weeklyQuerySchema = v.object({
  // Accepted for the spec's client, which sends a fixed name; rollups are per place (all its devices).
  device_name: v.optional(v.pipe(v.string(), v.maxLength(100, "device_name must be at most 100 characters."))),
});
