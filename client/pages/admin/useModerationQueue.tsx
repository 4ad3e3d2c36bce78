// A moderation queue (reported reviews, Live Looks): which items it shows (reported or hidden),
// the notice of the last action, and the list's loading, error and empty states. An action's
// outcome becomes the notice and, when it worked, reloads the queue.
import { useId, useState } from "react";
import type { ModerationStatus } from "../../../common/schemas/review-moderation";
import type { Read } from "../../api/endpoints";
import { SelectField } from "../../components/Field";
import { useAdminData, type Outcome } from "./adminApi";
import { Notice, type NoticeState } from "./Notice";

export function useModerationQueue<T>(readOf: (query: { status: ModerationStatus }) => Read<T>, failure: string) {
  const prefix = useId();
  const [status, setStatus] = useState<ModerationStatus>("reported");
  const [notice, setNotice] = useState<NoticeState>(null);
  const queue = useAdminData(readOf({ status }), failure);

  const settle = (outcome: Outcome) => {
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok) void queue.reload();
  };

  /** The filter, the notice and the list's states; `noun` is plural ("reviews"), `count` the items shown. */
  const header = (noun: string, count: number | undefined) => (
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
        <option value="reported">Reported {noun}</option>
        <option value="hidden">Hidden {noun}</option>
      </SelectField>
      <Notice notice={notice} />
      {queue.error ? <p role="alert" className="field-error">{queue.error}</p> : null}
      {queue.loading && !queue.data ? <p>Loading...</p> : null}
      {count === 0 ? <p>No {noun} here.</p> : null}
    </>
  );

  return { data: queue.data, settle, header };
}
