// The Leave a Review form, validated with the same schema in the browser and in the worker.
import * as v from "valibot";
import { REQUIRED_MESSAGE, requiredText } from "./submission";

import { REVIEW_LIMITS } from "../vocabulary";

export { REVIEW_LIMITS };
export const RATING_MESSAGE = "Rating must be a whole number from 1 to 5.";

export const reviewSchema = v.object({
  username: requiredText(REVIEW_LIMITS.username),
  rating: v.pipe(
    // A missing or null rating is an unanswered field (the default makes valibot check a missing key).
    v.nullish(v.number(RATING_MESSAGE), null),
    v.check((rating) => rating !== null, REQUIRED_MESSAGE),
    v.transform((rating) => rating as number),
    v.integer(RATING_MESSAGE),
    v.minValue(1, RATING_MESSAGE),
    v.maxValue(5, RATING_MESSAGE),
  ),
  comment: requiredText(REVIEW_LIMITS.comment),
});

export type ReviewInput = v.InferInput<typeof reviewSchema>;
export type ReviewFields = keyof ReviewInput;
