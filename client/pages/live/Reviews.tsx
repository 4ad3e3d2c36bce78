import { useState, type ChangeEvent, type FormEvent } from "react";
import type { ReviewAnswer, ReviewPostedAnswer, ReviewSummary } from "../../../common/schemas/answers";
import { REVIEW_LIMITS } from "../../../common/vocabulary";
import { ApiError, publicApi, writeFailure } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { NeedsJavaScript } from "../../components/NeedsJavaScript";
import { formatLongDate } from "../../lib/format";
import { useLocale } from "../../lib/i18n";
import { ReportActions } from "./ReportActions";
import {
  emptyReviewForm,
  errorsFromDetails,
  REVIEW_FAILURE_MESSAGE,
  toReviewPayload,
  type ReviewErrors,
  type ReviewForm,
} from "./reviewForm";

const RATINGS = [5, 4, 3, 2, 1] as const;

function Stars({ rating }: { rating: number }) {
  const rounded = Math.round(rating);
  return (
    <span className="stars" aria-hidden="true">
      {"★".repeat(rounded)}
      <span className="stars-empty">{"★".repeat(5 - rounded)}</span>
    </span>
  );
}

function ReviewSummaryLine({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0) return <p>No reviews yet. Be the first to leave one.</p>;
  return (
    <p className="review-summary">
      <Stars rating={summary.average_rating ?? 0} />
      <strong>{summary.average_rating} out of 5</strong> from {summary.count} {summary.count === 1 ? "review" : "reviews"}
    </p>
  );
}

function ReviewFormView({ placeId, onPosted }: { placeId: number; onPosted: (answer: ReviewPostedAnswer) => void }) {
  // Fixed: an island counts `useId` from its own root (docs/server-rendering.md#islands).
  const ids = `review-${placeId}`;
  const [form, setForm] = useState<ReviewForm>(emptyReviewForm);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [status, setStatus] = useState<"idle" | "submitting" | "posted">("idle");
  const [failure, setFailure] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    if (status === "posted") setStatus("idle");
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { validateReview } = await import("./reviewValidation");
      const found = validateReview(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setStatus("submitting");
      onPosted(await publicApi.postReview(placeId, toReviewPayload(form)));
      setForm(emptyReviewForm);
      setStatus("posted");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(errorsFromDetails(error.answer.details));
      setFailure(writeFailure(error, REVIEW_FAILURE_MESSAGE, REVIEW_FAILURE_MESSAGE));
      setStatus("idle");
    }
  };

  const field = (name: keyof ReviewForm) => ({
    id: `${ids}-${name}`,
    name,
    value: form[name],
    onChange,
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
  });
  const fieldError = (name: keyof ReviewForm) =>
    errors[name] ? <p className="field-error" id={`${ids}-${name}-error`}>{errors[name]}</p> : null;

  return (
    <form className="review-form card" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Leave a Review</h3>
      <NeedsJavaScript what="Posting a review" />
      <div className="field">
        <label htmlFor={`${ids}-username`}>Username<span aria-hidden="true"> *</span></label>
        <input type="text" autoComplete="nickname" maxLength={REVIEW_LIMITS.username} {...field("username")} />
        {fieldError("username")}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-rating`}>Rating (1 to 5)<span aria-hidden="true"> *</span></label>
        <select {...field("rating")}>
          <option value="">Choose a rating</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating} – {["", "Poor", "Fair", "Good", "Very good", "Excellent"][rating]}
            </option>
          ))}
        </select>
        {fieldError("rating")}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-comment`}>Comment<span aria-hidden="true"> *</span></label>
        <textarea rows={4} maxLength={REVIEW_LIMITS.comment} {...field("comment")} />
        {fieldError("comment")}
      </div>
      {failure ? <p className="field-error" role="alert">{failure}</p> : null}
      {/* Not before React owns the form: the worker's HTML of it would be sent by the browser itself
          (a GET of this page), and the reviews hydrate after the rest of the profile. */}
      <button type="submit" className="button" disabled={status === "submitting"}>
        {status === "submitting" ? "Submitting..." : "Submit Review"}
      </button>
      <p role="status" className="success-message">{status === "posted" ? "Thanks! Your review is posted." : ""}</p>
    </form>
  );
}

/**
 * Reviews of one venue, newest first, with the average and the Leave a Review form. `canHide`: the
 * visitor is signed in as one of the venue's owners.
 */
export function Reviews({ placeId, canHide }: { placeId: number; canHide: boolean }) {
  const { data: answer, error, retry, setData } = useApi(publicApi.reviews(placeId));
  const locale = useLocale();
  const failed = error !== null;

  const onPosted = ({ review, count, average_rating }: ReviewPostedAnswer) =>
    setData((current) => ({ reviews: [review, ...(current?.reviews ?? [])], count, average_rating }));

  return (
    <section className="profile-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      {answer ? <ReviewSummaryLine summary={answer} /> : failed ? <p>Reviews could not be loaded.</p> : <p>Loading reviews…</p>}
      <div className="reviews-layout">
        <ul className="review-list">
          {answer?.reviews.map((review: ReviewAnswer) => (
            <li key={review.id} className="review">
              <p className="review-head">
                <strong>{review.username}</strong>
                <span>
                  <Stars rating={review.rating} />
                  <span className="review-rating">{review.rating} out of 5</span>
                </span>
              </p>
              <p className="review-comment">{review.comment}</p>
              <p className="review-date">
                <time dateTime={review.date}>{formatLongDate(review.date, locale)}</time>
              </p>
              {/* A hidden review leaves the list, the count and the average: read them again. */}
              <ReportActions
                kind="review"
                subject={`the review by ${review.username}`}
                canHide={canHide}
                report={async (reason) => (await publicApi.reportReview(review.id, { reason })).message}
                hide={(reason) => publicApi.hideReview(review.id, { reason })}
                onHidden={() => void retry()}
              />
            </li>
          ))}
        </ul>
        <ReviewFormView placeId={placeId} onPosted={onPosted} />
      </div>
    </section>
  );
}
