// A plan's share link for everyone in it, for its organiser a form to change its title and time
// and a cancel that asks first (PATCH /api/plans/{id}, POST /api/plans/{id}/cancel), and for an
// invitee a leave that asks first (DELETE /api/plans/{id}/me; docs/friends.md#leaving-a-plan).
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Plan } from "../../../../common/schemas/plans";
import { browserTimeZone } from "../../../api/auth";
import { writeFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { startFields, startsAtOf } from "./newPlan";
import { PLAN_MESSAGES } from "./planMessages";

export function PlanOrganiser({ plan, onChange }: { plan: Plan; onChange: (plan: Plan) => void }) {
  const ids = useId();
  const [mode, setMode] = useState<"idle" | "edit" | "cancel" | "leave">("idle");
  const navigate = useNavigate();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = browserTimeZone();
  const [fields, setFields] = useState(() => ({ title: plan.title ?? "", ...startFields(plan.starts_at, zone) }));
  const link = `${window.location.origin}/app/plans/${plan.id}`;
  const organiser = plan.my_answer === "organiser" && !plan.cancelled_at;
  const invitee = plan.my_answer !== "organiser";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ ok: true, text: PLAN_MESSAGES.copied });
    } catch {
      setStatus({ ok: false, text: PLAN_MESSAGES.copyFailed });
    }
  };
  /** Sends a change; its answer is the plan, or null once the caller has left it (then off to the plans). */
  const write = async (send: () => Promise<Plan | null>, done: string | null, failed: string) => {
    setBusy(true);
    setStatus(null);
    try {
      const answer = await send();
      if (!answer) return navigate("/app/plans");
      onChange(answer);
      setMode("idle");
      if (done) setStatus({ ok: true, text: done });
    } catch (error) {
      setStatus({ ok: false, text: writeFailure(error, failed, `${failed.replace(/\.$/, ":")} ${PLAN_MESSAGES.offline}`) });
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = startsAtOf(fields.date, fields.time, zone);
    if (!startsAt) return setStatus({ ok: false, text: PLAN_MESSAGES.saveFailed });
    void write(() => socialApi.updatePlan(plan.id, { title: fields.title.trim() || null, starts_at: startsAt }), PLAN_MESSAGES.saved, PLAN_MESSAGES.saveFailed);
  };

  return (
    <div className="plan-tools">
      <div className="plan-tool-row">
        <input className="plan-link" readOnly value={link} aria-label={PLAN_MESSAGES.share} onFocus={(event) => event.target.select()} />
        <button type="button" className="button secondary" onClick={() => void copy()}>{PLAN_MESSAGES.share}</button>
      </div>
      {organiser && mode === "idle" ? (
        <div className="plan-tool-row">
          <button type="button" className="button secondary" onClick={() => setMode("edit")}>{PLAN_MESSAGES.edit}</button>
          <button type="button" className="button danger" onClick={() => setMode("cancel")}>{PLAN_MESSAGES.cancel}</button>
        </div>
      ) : null}
      {organiser && mode === "edit" ? (
        <form className="settings-form plan-edit" onSubmit={save} aria-busy={busy}>
          <fieldset>
            <legend>{PLAN_MESSAGES.editTitle}</legend>
            <label htmlFor={`${ids}-title`}>{PLAN_MESSAGES.title}</label>
            <input id={`${ids}-title`} value={fields.title} onChange={(event) => setFields({ ...fields, title: event.target.value })} />
            <div className="pair">
              <div>
                <label htmlFor={`${ids}-date`}>{PLAN_MESSAGES.date}</label>
                <input id={`${ids}-date`} type="date" value={fields.date} onChange={(event) => setFields({ ...fields, date: event.target.value })} />
              </div>
              <div>
                <label htmlFor={`${ids}-time`}>{PLAN_MESSAGES.time}</label>
                <input id={`${ids}-time`} type="time" value={fields.time} onChange={(event) => setFields({ ...fields, time: event.target.value })} />
              </div>
            </div>
          </fieldset>
          <div className="plan-tool-row">
            <button type="submit" className="button" disabled={busy}>{PLAN_MESSAGES.save}</button>
            <button type="button" className="button secondary" onClick={() => setMode("idle")}>{PLAN_MESSAGES.keep}</button>
          </div>
        </form>
      ) : null}
      {organiser && mode === "cancel" ? (
        <div className="plan-tool-row" role="group" aria-label={PLAN_MESSAGES.confirmCancel}>
          <p>{PLAN_MESSAGES.confirmCancel}</p>
          <button type="button" className="button danger" disabled={busy} onClick={() => void write(() => socialApi.cancelPlan(plan.id), null, PLAN_MESSAGES.cancelFailed)}>
            {PLAN_MESSAGES.yesCancel}
          </button>
          <button type="button" className="button secondary" onClick={() => setMode("idle")}>{PLAN_MESSAGES.noCancel}</button>
        </div>
      ) : null}
      {invitee && mode === "idle" ? (
        <div className="plan-tool-row">
          <button type="button" className="button secondary" onClick={() => setMode("leave")}>{PLAN_MESSAGES.leave}</button>
        </div>
      ) : null}
      {invitee && mode === "leave" ? (
        <div className="plan-tool-row" role="group" aria-label={PLAN_MESSAGES.confirmLeave}>
          <p>{PLAN_MESSAGES.confirmLeave}</p>
          <button type="button" className="button danger" disabled={busy} onClick={() => void write(() => socialApi.leavePlan(plan.id).then(() => null), null, PLAN_MESSAGES.leaveFailed)}>
            {PLAN_MESSAGES.yesLeave}
          </button>
          <button type="button" className="button secondary" onClick={() => setMode("idle")}>{PLAN_MESSAGES.noLeave}</button>
        </div>
      ) : null}
      <p role="status" className={status?.ok === false ? "form-error" : "hint"}>{status?.text ?? ""}</p>
    </div>
  );
}
