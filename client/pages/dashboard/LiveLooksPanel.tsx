// Live Looks about the owner's venue (issue 17; docs/live-looks.md): every post of the last 7 days,
// the public ones and those no longer public, hidden ones marked with who hid them and why. An
// owner may hide a post (with a reason the admin sees) or show one they hid again, unless visitors
// reported it: then it is the admin's.
import { useId, useState } from "react";
import type { ModeratedLiveLookAnswer } from "../../../common/schemas/answers";
import { HIDE_REASON_MAX, LIVE_LOOK_PUBLIC_MS, WAIT_LABELS } from "../../../common/vocabulary";
import { publicApi, writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { LookMedia } from "../../components/LookMedia";
import { formatDateTime, plural } from "../../lib/format";
import { RetryButton } from "./ChartCard";
import { LOADING } from "./keyTrends";

/** New posts show without a reload. */
const LIVE_LOOKS_REFRESH_MS = 60_000;
const HIDDEN_BY = { admin: "the admin", owner: "an owner", reports: "3 visitor reports" } as const;
const FAILED = "The Live Look could not be updated.";
const REPORTED_NOTE = "Visitors reported it, so only the admin can show it again.";
const UNREACHABLE = "The server could not be reached. Try again in a moment.";

function status(look: ModeratedLiveLookAnswer, now: number): string {
  if (look.hidden_at) return `Hidden by ${HIDDEN_BY[look.hidden_by ?? "admin"]}${look.hidden_reason ? `: ${look.hidden_reason}` : ""}`;
  return Date.parse(look.created_at) > now - LIVE_LOOK_PUBLIC_MS ? "On your profile now" : "No longer public (over 3 hours old)";
}

function LiveLookRow({ look, timeZone, now, onChanged }: { look: ModeratedLiveLookAnswer; timeZone: string; now: number; onChanged: () => void }) {
  const reasonId = useId();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  async function send(action: () => Promise<unknown>) {
    setFailure(null);
    try {
      await action();
      setHiding(false);
      onChanged();
    } catch (caught) {
      setFailure(writeFailure(caught, FAILED, UNREACHABLE));
    }
  }

  return (
    <li className={look.hidden_at ? "live-look hidden" : "live-look"}>
      <LookMedia look={look} width={96} height={72} />
      <div>
        <p className="live-look-text">{look.text}</p>
        <p className="live-look-meta">
          <time dateTime={look.created_at}>{formatDateTime(look.created_at, timeZone)}</time>
          {look.wait ? ` · Wait ${WAIT_LABELS[look.wait]}` : ""}
          {look.vibe ? ` · ${look.vibe}` : ""}
          {look.open_reports > 0 ? ` · ${plural(look.open_reports, "report")}` : ""}
        </p>
        <p className="live-look-status">{status(look, now)}</p>
        {look.hidden_at ? (
          look.hidden_by !== "owner" ? null : look.open_reports > 0 ? (
            // Open reports are the admin's to judge: the server refuses an owner's restore (docs/live-looks.md#moderation).
            <p className="live-look-note">{REPORTED_NOTE}</p>
          ) : (
            <button type="button" className="link-button" onClick={() => void send(() => publicApi.restoreLiveLook(look.id))}>
              Show again
            </button>
          )
        ) : hiding ? (
          <form
            className="live-look-hide"
            onSubmit={(event) => {
              event.preventDefault();
              void send(() => publicApi.hideLiveLook(look.id, { reason }));
            }}
          >
            <label htmlFor={reasonId}>Reason for hiding it (the admin sees it)</label>
            <textarea id={reasonId} rows={2} maxLength={HIDE_REASON_MAX} required value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
            <div className="live-look-buttons">
              <button type="submit" className="button small">Hide Live Look</button>
              <button type="button" className="button secondary small" onClick={() => setHiding(false)}>Cancel</button>
            </div>
          </form>
        ) : (
          <button type="button" className="link-button" onClick={() => setHiding(true)}>
            Hide
          </button>
        )}
        {failure ? <p role="alert" className="form-error">{failure}</p> : null}
      </div>
    </li>
  );
}

export function LiveLooksPanel({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const headingId = useId();
  const { data, error, retry } = useApi(ownerApi.liveLooks(placeId), { refreshMs: LIVE_LOOKS_REFRESH_MS });
  const now = Date.now();
  return (
    <section className="alerts live-looks-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Live Looks</h2>
      <p>What visitors posted about your venue in the last 7 days. Posts are public for 3 hours.</p>
      {data ? (
        data.live_looks.length === 0 ? (
          <p>No Live Looks in the last 7 days.</p>
        ) : (
          <ul className="live-look-list">
            {data.live_looks.map((look) => (
              <LiveLookRow key={look.id} look={look} timeZone={timeZone} now={now} onChanged={() => void retry()} />
            ))}
          </ul>
        )
      ) : error ? (
        <RetryButton retry={retry} what="the Live Looks" />
      ) : (
        <p>{LOADING}</p>
      )}
    </section>
  );
}
