// Under each review and Live Look: Report for everyone, and Hide for the venue's owners (the profile
// knows them because only they get the place's `owners`). Both open a small form in place; the
// server checks everything again (rate limit, ownership, reason).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { HIDE_REASON_MAX, REPORT_REASON_MAX } from "../../../common/vocabulary";
import { writeFailure } from "../../api/endpoints";
import { REVIEW_FAILURE_MESSAGE } from "./reviewForm";
import type { ReasonKind } from "./reviewValidation";

type Mode = "idle" | "report" | "hide";

const NOUNS: Record<ReasonKind, string> = { review: "review", liveLook: "Live Look" };

const actions = (kind: ReasonKind) =>
  ({
    report: { label: "Why are you reporting it? (optional)", max: REPORT_REASON_MAX, submit: "Send report" },
    hide: { label: "Reason for hiding it (the admin sees it)", max: HIDE_REASON_MAX, submit: `Hide ${NOUNS[kind]}` },
  }) as const;

export interface ReportActionsProps {
  kind: ReasonKind;
  /** Names the post in the buttons' accessible names: "the review by sam". */
  subject: string;
  canHide: boolean;
  /** Sends the report; answers the server's thanks. */
  report: (reason: string | undefined) => Promise<string>;
  hide: (reason: string) => Promise<unknown>;
  onHidden: () => void;
}

export function ReportActions({ kind, subject, canHide, report, hide, onHidden }: ReportActionsProps) {
  const ids = useId();
  const [mode, setMode] = useState<Mode>("idle");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState("");
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (mode !== "idle") reasonField.current?.focus();
  }, [mode]);

  const open = (next: Mode) => {
    setMode(next);
    setReason("");
    setError(null);
    setThanks("");
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === "idle") return;
    setBusy(true);
    try {
      const { checkReason } = await import("./reviewValidation");
      const checked = checkReason(kind, mode, reason);
      if ("error" in checked) {
        setError(checked.error);
        reasonField.current?.focus();
        return;
      }
      if (mode === "hide") {
        await hide(checked.reason ?? "");
        return onHidden();
      }
      setThanks(await report(checked.reason));
      setMode("idle");
    } catch (failure) {
      setError(writeFailure(failure, REVIEW_FAILURE_MESSAGE, REVIEW_FAILURE_MESSAGE));
    } finally {
      setBusy(false);
    }
  };

  const action = mode === "idle" ? null : actions(kind)[mode];
  return (
    <div className="review-actions">
      {action ? (
        <form className="review-action-form" onSubmit={onSubmit} noValidate>
          <label htmlFor={`${ids}-reason`}>{action.label}</label>
          <textarea
            id={`${ids}-reason`}
            ref={reasonField}
            rows={2}
            maxLength={action.max}
            value={reason}
            required={mode === "hide"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? <p className="field-error" id={`${ids}-error`} role="alert">{error}</p> : null}
          <div className="review-action-buttons">
            <button type="submit" className="button small" disabled={busy}>{action.submit}</button>
            <button type="button" className="button secondary small" onClick={() => setMode("idle")}>Cancel</button>
          </div>
        </form>
      ) : (
        <div className="review-action-buttons">
          <button type="button" className="link-button" aria-label={`Report ${subject}`} onClick={() => open("report")}>
            Report
          </button>
          {canHide ? (
            <button type="button" className="link-button" aria-label={`Hide ${subject}`} onClick={() => open("hide")}>
              Hide
            </button>
          ) : null}
        </div>
      )}
      <p role="status" className="success-message">{thanks}</p>
    </div>
  );
}
