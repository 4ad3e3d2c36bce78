// Reported Reviews (issue 12): reviews visitors reported, to hide with a reason or keep, and the
// hidden ones (by the admin or a venue's owner), to restore. Hiding or keeping closes the reports.
import { useId, useState } from "react";
import * as v from "valibot";
import type { ModeratedReviewAnswer } from "../../../../common/schemas/answers";
import { HIDE_REASON_MAX, reviewHideSchema, type ModerationStatus } from "../../../../common/schemas/review-moderation";
import { publicApi } from "../../../api/endpoints";
import { ADMIN, adminApi } from "../../../api/adminEndpoints";
import { SelectField, TextAreaField } from "../../../components/Field";
import { formatDateTime } from "../../../lib/format";
import { attempt, useAdminData } from "../adminApi";
import { ADMIN_MESSAGES } from "../messages";
import { Notice, type NoticeState } from "../Notice";

type Action = "hide" | "keep" | "restore";

const DONE: Record<Action, (review: ModeratedReviewAnswer) => string> = {
  hide: (review) => `The review by ${review.username} is hidden.`,
  keep: (review) => `The review by ${review.username} stays; its reports are closed.`,
  restore: (review) => `The review by ${review.username} is shown again.`,
};

export function ReviewModeration() {
  const prefix = useId();
  const [status, setStatus] = useState<ModerationStatus>("reported");
  const [notice, setNotice] = useState<NoticeState>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const queue = useAdminData(adminApi.moderatedReviews({ status }), ADMIN_MESSAGES.fetchReviewsFailed);
  const reasonId = (review: ModeratedReviewAnswer) => `${prefix}-reason-${review.id}`;

  const act = async (review: ModeratedReviewAnswer, action: Action) => {
    let body: { reason: string } | undefined;
    if (action === "hide") {
      const checked = v.safeParse(reviewHideSchema, { reason: reasons[review.id] ?? "" });
      if (!checked.success) {
        setErrors((current) => ({ ...current, [review.id]: checked.issues[0].message }));
        document.getElementById(reasonId(review))?.focus();
        return;
      }
      body = checked.output;
    }
    // Keeping a reported review is the restore call: it shows the review and closes its reports.
    const send = body ? () => publicApi.hideReview(review.id, body, ADMIN) : () => publicApi.restoreReview(review.id, ADMIN);
    const outcome = await attempt(send, ADMIN_MESSAGES.moderateReviewFailed, () => DONE[action](review));
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void queue.reload();
  };

  return (
    <>
      <SelectField
        id={`${prefix}-status`}
        label="Show"
        value={status}
        onChange={(event) => {
          setNotice(null);
          setStatus(event.target.value as ModerationStatus);
        }}
      >
        <option value="reported">Reported reviews</option>
        <option value="hidden">Hidden reviews</option>
      </SelectField>
      <Notice notice={notice} />
      {queue.error ? <p role="alert" className="field-error">{queue.error}</p> : null}
      {queue.loading && !queue.data ? <p>Loading...</p> : null}
      {queue.data && queue.data.reviews.length === 0 ? <p>No reviews here.</p> : null}
      <ul className="admin-cards">
        {queue.data?.reviews.map((review) => (
          <li key={review.id} className="card">
            <h3>{review.username} on {review.place_name}</h3>
            <p className="admin-muted">
              {review.rating} out of 5 · written {formatDateTime(review.created_at)}
            </p>
            <p className="admin-review-comment">{review.comment}</p>
            {review.hidden_at ? (
              <>
                <dl className="admin-details">
                  <dt>Hidden</dt>
                  <dd>{formatDateTime(review.hidden_at)} by {review.hidden_by === "owner" ? "an owner of the venue" : "the admin"}</dd>
                  <dt>Reason</dt>
                  <dd>{review.hidden_reason}</dd>
                </dl>
                <button type="button" className="button small" aria-label={`Restore the review by ${review.username}`} onClick={() => void act(review, "restore")}>
                  Restore
                </button>
              </>
            ) : (
              <>
                <p>
                  {review.open_reports} {review.open_reports === 1 ? "report" : "reports"}
                  {review.report_reasons.length > 0 ? ":" : ""}
                </p>
                {review.report_reasons.length > 0 ? (
                  <ul className="admin-report-reasons">
                    {review.report_reasons.map((reason, index) => <li key={index}>{reason}</li>)}
                  </ul>
                ) : null}
                <TextAreaField
                  id={reasonId(review)}
                  label={`Reason for hiding the review by ${review.username}`}
                  rows={2}
                  maxLength={HIDE_REASON_MAX}
                  value={reasons[review.id] ?? ""}
                  error={errors[review.id]}
                  onChange={(event) => {
                    const value = event.target.value;
                    setReasons((current) => ({ ...current, [review.id]: value }));
                    setErrors((current) => ({ ...current, [review.id]: "" }));
                  }}
                />
                <div className="admin-actions">
                  <button type="button" className="button small" aria-label={`Hide the review by ${review.username}`} onClick={() => void act(review, "hide")}>
                    Hide
                  </button>
                  <button type="button" className="button secondary small" aria-label={`Keep the review by ${review.username}`} onClick={() => void act(review, "keep")}>
                    Keep
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
