// Ids in paths and queries: positive integers, written the plain way.
import * as v from "valibot";

const positiveId = (message: string) => v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, message), v.transform(Number));

export const placeIdSchema = positiveId("Place id must be a positive whole number.");
export const deviceIdSchema = positiveId("Device id must be a positive whole number.");
