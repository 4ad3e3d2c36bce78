// Dead letters (docs/faults.md#dead-letters): push and watch messages no attempt could process,
// newest first, each with the queue it died in and its body; Retry sends one back to that queue.
import { useState } from "react";
import type { DeadLetterAnswer } from "../../../../common/schemas/answers";
import { adminApi } from "../../../api/adminEndpoints";
import { attempt, useAdminData } from "../adminApi";
import { Notice, type NoticeState } from "../Notice";
import { formatDateTime } from "../../../lib/format";
import { ADMIN_MESSAGES } from "../messages";

export function DeadLetters() {
  const [notice, setNotice] = useState<NoticeState>(null);
  const letters = useAdminData(adminApi.deadLetters(), ADMIN_MESSAGES.fetchDeadLettersFailed);

  const retry = async (letter: DeadLetterAnswer) => {
    const outcome = await attempt(
      () => adminApi.retryDeadLetter(letter.id),
      ADMIN_MESSAGES.retryDeadLetterFailed,
      () => `Dead letter ${letter.id} sent back to ${letter.queue}.`,
    );
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void letters.reload();
  };

  return (
    <>
      <p className="admin-muted">
        Queue messages that failed on every attempt. Retry sends one back to its queue; failing again, it comes back here.
      </p>
      <Notice notice={notice} />
      {letters.error ? <p role="alert" className="field-error">{letters.error}</p> : null}
      {letters.loading && !letters.data ? <p>Loading...</p> : null}
      {letters.data && letters.data.dead_letters.length === 0 ? <p>No dead letters.</p> : null}
      {letters.data && letters.data.total > letters.data.dead_letters.length ? (
        <p className="admin-muted">The newest {letters.data.dead_letters.length} of {letters.data.total}.</p>
      ) : null}
      <ul className="admin-cards">
        {letters.data?.dead_letters.map((letter) => (
          <li key={letter.id} className="card">
            <h3>Dead letter {letter.id}</h3>
            <dl className="admin-details">
              <dt>Queue</dt>
              <dd>{letter.queue}</dd>
              <dt>Died</dt>
              <dd>{formatDateTime(letter.dead_at)}</dd>
              <dt>Body</dt>
              <dd><code>{letter.body}</code></dd>
            </dl>
            <button type="button" className="button small" aria-label={`Retry dead letter ${letter.id}`} onClick={() => void retry(letter)}>
              Retry
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
