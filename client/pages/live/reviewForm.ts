// Pure logic of the Leave a Review form, validated with the worker's own schema.
import * as v from "valibot";
import { reviewSchema, type ReviewInput } from "../../../common/schemas/review";
import { fieldErrors } from "../../lib/formErrors";

export const REVIEW_FAILURE_MESSAGE = "An unexpected error occurred. Please try again.";

export interface ReviewForm {
  username: string;
  /** "" until a rating is chosen, then "1" … "5". */
  rating: string;
  comment: string;
}

export type ReviewErrors = Partial<Record<keyof ReviewForm, string>>;

export const emptyReviewForm: ReviewForm = { username: "", rating: "", comment: "" };

export function toReviewPayload(form: ReviewForm): ReviewInput {
  return { username: form.username, rating: form.rating === "" ? null : Number(form.rating), comment: form.comment };
}

/** Field messages from the shared schema; empty when the review may be sent. */
export function validateReview(form: ReviewForm): ReviewErrors {
  const result = v.safeParse(reviewSchema, toReviewPayload(form));
  return result.success ? {} : fieldErrors<keyof ReviewForm>(result.issues);
}

/** Field messages from a 400 answer's details, so server-side checks show under the same fields. */
export function errorsFromDetails(details: { field: string; message: string }[] | undefined): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const { field, message } of details ?? []) {
    if (field in emptyReviewForm && !errors[field as keyof ReviewForm]) errors[field as keyof ReviewForm] = message;
  }
  return errors;
}
