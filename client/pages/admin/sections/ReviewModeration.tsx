// Reported Reviews (issue 12): reviews visitors reported, to hide with a reason or keep, and the
// hidden ones (by the admin or a venue's owner), to restore. Hiding or keeping closes the reports.
import type { ModeratedReviewAnswer } from "../../../../common/schemas/answers";
import { reviewHideSchema } from "../../../../common/schemas/review-moderation";
import { publicApi } from "../../../api/endpoints";
import { ADMIN, adminApi } from "../../../api/adminEndpoints";
import { formatDateTime } from "../../../lib/format";
import { attempt } from "../adminApi";
import { ADMIN_MESSAGES } from "../messages";
import { useHideReasons } from "../useHideReasons";
import { useModerationQueue } from "../useModerationQueue";

type Action = "hide" | "keep" | "restore";

const DONE: Record<Action, (review: ModeratedReviewAnswer) => string> = {
  hide: (review) => `The review by ${review.username} is hidden.`,
  keep: (review) => `The review by ${review.username} stays; its reports are closed.`,
  restore: (review) => `The review by ${review.username} is shown again.`,
};

export function ReviewModeration() {
  const { checkedReason, reasonField } = useHideReasons(reviewHideSchema);
  const queue = useModerationQueue(adminApi.moderatedReviews, ADMIN_MESSAGES.fetchReviewsFailed);

  const act = async (review: ModeratedReviewAnswer, action: Action) => {
    let body: { reason: string } | undefined;
    if (action === "hide") {
      const checked = checkedReason(review.id);
      if (!checked) return;
      body = checked;
    }
    // Keeping a reported review is the restore call: it shows the review and closes its reports.
    const send = body ? () => publicApi.hideReview(review.id, body, ADMIN) : () => publicApi.restoreReview(review.id, ADMIN);
    queue.settle(await attempt(send, ADMIN_MESSAGES.moderateReviewFailed, () => DONE[action](review)));
  };

  return (
    <>
      {queue.header("reviews", queue.data?.reviews.length)}
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
                {reasonField(review.id, `Reason for hiding the review by ${review.username}`)}
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
