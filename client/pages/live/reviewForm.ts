// Pure logic of the Leave a Review form. Its checks (the worker's own schema, with valibot) are in
// reviewValidation.ts and load with the first submit, so the profile's first view stays small.
import type { ReviewInput } from "../../../common/schemas/review";

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

/** Field messages from a 400 answer's details, so server-side checks show under the same fields. */
export function errorsFromDetails(details: { field: string; message: string }[] | undefined): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const { field, message } of details ?? []) {
    if (field in emptyReviewForm && !errors[field as keyof ReviewForm]) errors[field as keyof ReviewForm] = message;
  }
  return errors;
}
