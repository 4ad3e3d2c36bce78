// The Specials tab (docs/menus-and-specials.md#the-editors): the place's specials with their lift
// against usual, a form to add or change one, and the quiet hours of the week ahead to put one in
// (docs/menus-and-specials.md#quiet-hours).
import { useId, useState, type FormEvent } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { EVENT_DAYS } from "../../../common/schemas/event";
import type { OwnedSpecial } from "../../../common/schemas/special";
import { SPECIAL_LIMITS } from "../../../common/menu-vocabulary";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { InputField, TextAreaField } from "../../components/Field";
import { specialLine, timeText } from "../../live/specials";
import { RetryButton } from "./ChartCard";
import { LOADING } from "./keyTrends";
import { EMPTY_SPECIAL, formOf, quietRuns, specialBody, specialProblem, type SpecialFormValues } from "./specialsForm";
import { useLocale } from "../../lib/i18n";

const UNREACHABLE = "The server could not be reached. Try again in a moment.";

function QuietHours({ place, onUse }: { place: OwnedPlace; onUse: (values: Partial<SpecialFormValues>) => void }) {
  const { data } = useApi(ownerApi.forecast(place.id, { days: "7" }));
  const locale = useLocale();
  if (!data) return null;
  const runs = data.enough_data ? quietRuns(data.days, (100 * place.lively_threshold) / place.packed_threshold, place.timezone) : [];
  return (
    <section className="quiet-hours" aria-label="Quiet hours this week">
      <h3>Quiet hours this week</h3>
      {runs.length === 0 ? (
        <p>{data.enough_data ? "The forecast sees no long quiet stretch this week." : "Suggestions start after two weeks of counts."}</p>
      ) : (
        <>
          <p className="field-hint">A special in these hours could bring people in when the venue is expected to be quiet.</p>
          <ul>
            {runs.map((run) => (
              <li key={`${run.weekday}${run.from}`}>
                {run.weekday} {timeText(run.from, locale)}–{timeText(run.to, locale)}: expected about {run.percent}% full{" "}
                <button type="button" className="button secondary small" onClick={() => onUse({ kind: "weekly", days: [run.weekday], from: run.from, to: run.to })}>
                  Use {run.weekday} {timeText(run.from, locale)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SpecialForm({ place, editing, values, onChange, onDone }: {
  place: OwnedPlace;
  editing: OwnedSpecial | null;
  values: SpecialFormValues;
  onChange: (values: SpecialFormValues) => void;
  onDone: (text: string) => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = specialProblem(values);
    setFailure(problem);
    if (problem) return;
    setSaving(true);
    try {
      if (editing) await ownerApi.updateSpecial(place.id, editing.id, specialBody(values));
      else await ownerApi.createSpecial(place.id, specialBody(values));
      onDone(editing ? "Special updated." : "Special added.");
    } catch (caught) {
      setFailure(writeFailure(caught, "The special could not be saved.", UNREACHABLE));
    } finally {
      setSaving(false);
    }
  }
  const set = (next: Partial<SpecialFormValues>) => onChange({ ...values, ...next });
  return (
    <form className="special-form" onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? `Edit ${editing.title}` : "Add a special"}>
      <h3>{editing ? `Edit ${editing.title}` : "Add a special"}</h3>
      <InputField id={`${id}-title`} label="Title" required maxLength={SPECIAL_LIMITS.title} value={values.title} onChange={(event) => set({ title: event.target.value })} />
      <TextAreaField id={`${id}-text`} label="Details" rows={2} maxLength={SPECIAL_LIMITS.text} value={values.text} hint="For example: $6 margaritas" onChange={(event) => set({ text: event.target.value })} />
      <fieldset className="special-kind">
        <legend>When</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={values.kind === "weekly"} onChange={() => set({ kind: "weekly" })} /> Every week
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={values.kind === "once"} onChange={() => set({ kind: "once" })} /> Once
        </label>
      </fieldset>
      {values.kind === "weekly" ? (
        <>
          <fieldset className="special-days">
            <legend>Days</legend>
            {EVENT_DAYS.map((day) => (
              <label key={day}>
                <input type="checkbox" checked={values.days.includes(day)} onChange={(event) => set({ days: event.target.checked ? [...values.days, day] : values.days.filter((other) => other !== day) })} />
                {day}
              </label>
            ))}
          </fieldset>
          <InputField id={`${id}-from`} label="From (venue time)" type="time" required value={values.from} onChange={(event) => set({ from: event.target.value })} />
          <InputField id={`${id}-to`} label="To (venue time)" type="time" required value={values.to} hint="A time before From runs past midnight." onChange={(event) => set({ to: event.target.value })} />
        </>
      ) : (
        <>
          <InputField id={`${id}-starts`} label="Starts" type="datetime-local" required value={values.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />
          <InputField id={`${id}-ends`} label="Ends" type="datetime-local" required value={values.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />
        </>
      )}
      {failure ? <p role="alert" className="field-error">{failure}</p> : null}
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving..." : editing ? "Save special" : "Add special"}
      </button>
    </form>
  );
}

export function SpecialsPanel({ place }: { place: OwnedPlace }) {
  const headingId = useId();
  const locale = useLocale();
  const { data, error, retry } = useApi(ownerApi.specials(place.id));
  const [values, setValues] = useState<SpecialFormValues>(EMPTY_SPECIAL);
  const [editing, setEditing] = useState<OwnedSpecial | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const now = Date.now();

  async function remove(special: OwnedSpecial) {
    if (!window.confirm(`Are you sure you want to delete the special "${special.title}"?`)) return;
    try {
      await ownerApi.deleteSpecial(place.id, special.id);
      setStatus("Special deleted.");
      await retry();
    } catch (caught) {
      setStatus(writeFailure(caught, "The special could not be deleted.", UNREACHABLE));
    }
  }

  return (
    <section className="specials-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Specials</h2>
      {status ? <p role="status">{status}</p> : null}
      {data ? (
        data.specials.length === 0 ? (
          <p>No specials yet. A happy hour or a one-night offer shows on the profile and on the live map's "Specials now".</p>
        ) : (
          <ul className="special-list">
            {data.specials.map((special) => (
              <li key={special.id}>
                <p>
                  <strong>{specialLine(special, place.timezone, now, locale)}</strong>
                  {special.text ? ` · ${special.text}` : null}
                </p>
                <p className="special-lift">{special.lift_text}</p>
                <button type="button" className="button secondary small" onClick={() => { setEditing(special); setValues(formOf(special)); }}>
                  Edit {special.title}
                </button>{" "}
                <button type="button" className="button secondary small" onClick={() => void remove(special)}>
                  Delete {special.title}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : error !== null ? (
        <RetryButton retry={retry} what="the specials" />
      ) : (
        <p className="loading">{LOADING}</p>
      )}
      <QuietHours place={place} onUse={(next) => { setEditing(null); setValues({ ...EMPTY_SPECIAL, ...next }); }} />
      <SpecialForm
        key={editing?.id ?? "new"}
        place={place}
        editing={editing}
        values={values}
        onChange={setValues}
        onDone={(text) => {
          setStatus(text);
          setEditing(null);
          setValues(EMPTY_SPECIAL);
          void retry();
        }}
      />
    </section>
  );
}
