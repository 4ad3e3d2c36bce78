// Submissions (beyond the spec): what visitors sent through /submit-business, newest first, each
// marked handled once the team has followed up (or reopened).
import { useId, useState } from "react";
import type { SubmissionAnswer } from "../../../../common/schemas/answers";
import { adminApi } from "../../../api/adminEndpoints";
import { attempt, useAdminData } from "../adminApi";
import { SelectField } from "../../../components/Field";
import { Notice, type NoticeState } from "../Notice";
import { formatDateTime } from "../../../lib/format";
import { ADMIN_MESSAGES } from "../messages";

type Filter = "new" | "handled" | "all";

export function Submissions() {
  const prefix = useId();
  const [filter, setFilter] = useState<Filter>("new");
  const [notice, setNotice] = useState<NoticeState>(null);
  const inbox = useAdminData(adminApi.submissions({ status: filter === "all" ? undefined : filter }), ADMIN_MESSAGES.fetchSubmissionsFailed);

  const setStatus = async (submission: SubmissionAnswer, status: SubmissionAnswer["status"]) => {
    const outcome = await attempt(
      () => adminApi.updateSubmission(submission.id, { status }),
      ADMIN_MESSAGES.updateSubmissionFailed,
      () =>
        status === "handled"
          ? `"${submission.businessName}" marked handled.`
          : `"${submission.businessName}" moved back to new.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void inbox.reload();
  };

  return (
    <>
      <SelectField
        id={`${prefix}-filter`}
        label="Show"
        value={filter}
        onChange={(event) => {
          setNotice(null);
          setFilter(event.target.value as Filter);
        }}
      >
        <option value="new">New submissions</option>
        <option value="handled">Handled submissions</option>
        <option value="all">All submissions</option>
      </SelectField>
      <Notice notice={notice} />
      {inbox.error ? <p role="alert" className="field-error">{inbox.error}</p> : null}
      {inbox.loading && !inbox.data ? <p>Loading...</p> : null}
      {inbox.data && inbox.data.submissions.length === 0 ? <p>No submissions here.</p> : null}
      <ul className="admin-submissions">
        {inbox.data?.submissions.map((submission) => (
          <li key={submission.id} className="card">
            <h3>{submission.businessName}</h3>
            <p className="admin-muted">
              Received {formatDateTime(submission.created_at)}
              {submission.handled_at ? ` · handled ${formatDateTime(submission.handled_at)}` : ""}
            </p>
            <dl className="admin-details">
              <dt>Address</dt>
              <dd>{submission.address}</dd>
              {submission.phoneNumber ? (
                <>
                  <dt>Phone</dt>
                  <dd><a href={`tel:${submission.phoneNumber}`}>{submission.phoneNumber}</a></dd>
                </>
              ) : null}
              {submission.submitterEmail ? (
                <>
                  <dt>Email</dt>
                  {/* Encoded, so an address stored before it had to be plain cannot add ?bcc= or other parameters. */}
                  <dd><a href={`mailto:${encodeURIComponent(submission.submitterEmail)}`}>{submission.submitterEmail}</a></dd>
                </>
              ) : null}
              {submission.website ? (
                <>
                  <dt>Website</dt>
                  <dd>{submission.website}</dd>
                </>
              ) : null}
              {submission.reason ? (
                <>
                  <dt>Comments</dt>
                  <dd>{submission.reason}</dd>
                </>
              ) : null}
            </dl>
            {submission.status === "new" ? (
              <button
                type="button"
                className="button small"
                aria-label={`Mark ${submission.businessName} handled`}
                onClick={() => void setStatus(submission, "handled")}
              >
                Mark handled
              </button>
            ) : (
              <button
                type="button"
                className="button secondary small"
                aria-label={`Reopen ${submission.businessName}`}
                onClick={() => void setStatus(submission, "new")}
              >
                Reopen
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
