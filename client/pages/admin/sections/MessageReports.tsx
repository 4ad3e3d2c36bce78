// Reported Messages (docs/friends.md#reports): what members reported in plans' and friends'
// conversations, each with the messages around it as they were and who wrote them, to close as
// resolved (acted on) or dismissed (nothing wrong). The admin reads these messages because they were
// reported, and nothing else of any conversation.
import { useId, useState } from "react";
import type { MessageReport } from "../../../../common/schemas/conversations";
import { adminApi } from "../../../api/adminEndpoints";
import { SelectField } from "../../../components/Field";
import { formatDateTime } from "../../../lib/format";
import { attempt, useAdminData } from "../adminApi";
import { ADMIN_MESSAGES } from "../messages";
import { Notice, type NoticeState } from "../Notice";

type State = "open" | "resolved";
const CLOSED_AS = { resolved: "Resolved", dismissed: "Dismissed" } as const;

/** "Sam (@sam)", or the account's number once it is deleted. */
function writer(report: MessageReport, senderId: number | null): string {
  const person = report.senders.find((sender) => sender.id === senderId);
  return person ? `${person.name} (@${person.handle})` : "A deleted account";
}

export function MessageReports() {
  const prefix = useId();
  const [state, setState] = useState<State>("open");
  const [notice, setNotice] = useState<NoticeState>(null);
  const reports = useAdminData(adminApi.messageReports(state), ADMIN_MESSAGES.fetchMessageReportsFailed);

  const close = async (report: MessageReport, how: "resolve" | "dismiss") => {
    const outcome = await attempt(() => adminApi.closeMessageReport(report.id, how), ADMIN_MESSAGES.closeMessageReportFailed, () =>
      how === "resolve" ? `Report ${report.id} is resolved.` : `Report ${report.id} is dismissed.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void reports.reload();
  };

  const list = reports.data?.reports;
  return (
    <>
      <SelectField
        id={`${prefix}-state`}
        label="Show"
        value={state}
        onChange={(event) => {
          setNotice(null);
          setState(event.target.value as State);
        }}
      >
        <option value="open">Open reports</option>
        <option value="resolved">Closed reports</option>
      </SelectField>
      <Notice notice={notice} />
      {reports.error ? <p role="alert" className="field-error">{reports.error}</p> : null}
      {reports.loading && !reports.data ? <p>Loading...</p> : null}
      {list?.length === 0 ? <p>No reports here.</p> : null}
      <ul className="admin-cards admin-message-reports">
        {list?.map((report) => (
          <li key={report.id} className="card" data-dd-privacy="mask">
            <h3>Report {report.id}</h3>
            <dl className="admin-details">
              <dt>Reported by</dt>
              <dd>{report.reporter ? `${report.reporter.name} (@${report.reporter.handle})` : "A deleted account"}</dd>
              <dt>When</dt>
              <dd>{formatDateTime(report.created_at)}</dd>
              <dt>Reason</dt>
              <dd>{report.reason ?? "None given"}</dd>
              <dt>Conversation</dt>
              <dd>{report.conversation_id}</dd>
              {report.resolved_at ? (
                <>
                  <dt>Closed</dt>
                  <dd>
                    {report.resolution ? `${CLOSED_AS[report.resolution]}, ` : ""}
                    {formatDateTime(report.resolved_at)}
                  </dd>
                </>
              ) : null}
            </dl>
            <h4>The messages around it</h4>
            <ol className="admin-message-context">
              {report.context.map((message) => {
                const isReported = message.id === report.message_id;
                return (
                  <li key={message.id} className={isReported ? "reported" : undefined} aria-current={isReported ? "true" : undefined}>
                    <p className="admin-muted">
                      {isReported ? <strong>Reported: </strong> : null}
                      {writer(report, message.sender_id)} · {formatDateTime(message.created_at)}
                    </p>
                    <p>{message.text}</p>
                  </li>
                );
              })}
            </ol>
            {report.resolved_at ? null : (
              <div className="admin-actions">
                <button type="button" className="button small" aria-label={`Resolve report ${report.id}`} onClick={() => void close(report, "resolve")}>
                  Resolve
                </button>
                <button type="button" className="button secondary small" aria-label={`Dismiss report ${report.id}`} onClick={() => void close(report, "dismiss")}>
                  Dismiss
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
