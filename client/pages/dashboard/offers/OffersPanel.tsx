// The dashboard's offers (docs/offers.md#the-dashboard): each offer with whether it is on now and
// why, its counts and lift; a form to add or change one, with a live preview of "on now / off now,
// because …" from the server (POST …/offers/preview) as the owner types.
import { useEffect, useId, useState, type FormEvent } from "react";
import { EVENT_DAYS } from "../../../../common/schemas/event";
import { OFFER_KINDS, OFFER_WHENS, type OwnedOffer, type OfferPreview } from "../../../../common/schemas/offers";
import type { OwnedPlace } from "../../../../common/schemas/answers";
import { writeFailure } from "../../../api/endpoints";
import { ownerOfferApi } from "../../../api/offerEndpoints";
import { useApi } from "../../../api/useApi";
import { InputField, SelectField, TextAreaField } from "../../../components/Field";
import { valueText, whenLine } from "../../../offers/offerMessages";
import { OfferInsight } from "./OfferInsight";
import { EMPTY_OFFER, offerBody, offerFormOf, offerProblems, type OfferFormValues } from "./offersForm";
import { OWNER_OFFER_MESSAGES as M } from "./offerWords";
import "./offers.css";
import { useLocale } from "../../../lib/i18n";

/** The server's answer for the form as it stands, asked again (after a pause in typing) whenever it changes and is whole. */
function LivePreview({ placeId, values }: { placeId: number; values: OfferFormValues }) {
  const [preview, setPreview] = useState<OfferPreview | null>(null);
  const whole = Object.keys(offerProblems(values)).length === 0;
  const body = JSON.stringify(offerBody(values));
  useEffect(() => {
    if (!whole) {
      setPreview(null);
      return;
    }
    let current = true;
    // A pause in typing: one request per settled form, not per key.
    const timer = setTimeout(() => {
      ownerOfferApi.preview(placeId, JSON.parse(body)).then((answer) => current && setPreview(answer), () => current && setPreview(null));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [placeId, body, whole]);
  return (
    <p className="offer-preview" role="status" aria-label={M.preview}>
      {preview ? (preview.on_now ? M.previewOn(preview.why) : M.previewOff(preview.why)) : M.previewWaiting}
    </p>
  );
}

function OfferForm({ place, editing, onDone }: { place: OwnedPlace; editing: OwnedOffer | null; onDone: (text: string) => void }) {
  const id = useId();
  const [values, setValues] = useState<OfferFormValues>(editing ? offerFormOf(editing) : EMPTY_OFFER);
  const [shown, setShown] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<OfferFormValues>) => setValues((old) => ({ ...old, ...change }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = offerProblems(values);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      if (editing) await ownerOfferApi.update(place.id, editing.id, offerBody(values));
      else await ownerOfferApi.create(place.id, offerBody(values));
      onDone(M.created);
    } catch (error) {
      setFailure(writeFailure(error, M.failed, M.unreachable));
    } finally {
      setSaving(false);
    }
  }
  const valueLabel = values.kind === "price" ? M.fields.valuePrice : M.fields.valuePercent;
  return (
    <form className="offer-form" onSubmit={(event) => void submit(event)} noValidate>
      <InputField id={`${id}-title`} label={M.fields.title} required value={values.title} error={shown.title} onChange={(event) => set({ title: event.target.value })} />
      <TextAreaField id={`${id}-terms`} label={M.fields.terms} value={values.terms} error={shown.terms} onChange={(event) => set({ terms: event.target.value })} />
      <SelectField id={`${id}-kind`} label={M.fields.kind} value={values.kind} onChange={(event) => set({ kind: event.target.value as OfferFormValues["kind"] })}>
        {OFFER_KINDS.map((kind) => (
          <option key={kind} value={kind}>{M.kinds[kind]}</option>
        ))}
      </SelectField>
      {values.kind === "percent" || values.kind === "price" ? (
        <InputField id={`${id}-value`} label={valueLabel} type="number" inputMode="decimal" value={values.value} error={shown.value} onChange={(event) => set({ value: event.target.value })} />
      ) : null}
      <fieldset className="offer-days">
        <legend>{M.fields.days}</legend>
        {EVENT_DAYS.map((day) => (
          <label key={day} className="offer-day">
            <input
              type="checkbox"
              checked={values.days.includes(day)}
              onChange={(event) => set({ days: event.target.checked ? [...values.days, day] : values.days.filter((item) => item !== day) })}
            />
            {day.slice(0, 3)}
          </label>
        ))}
        {shown.days ? <p className="field-error">{shown.days}</p> : null}
      </fieldset>
      <div className="offer-times">
        <InputField id={`${id}-from`} label={M.fields.from} type="time" value={values.from} error={shown.from} onChange={(event) => set({ from: event.target.value })} />
        <InputField id={`${id}-to`} label={M.fields.to} type="time" value={values.to} error={shown.to} hint={M.fields.toHint} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <div className="offer-times">
        <InputField id={`${id}-starts`} label={M.fields.startsOn} type="date" value={values.startsOn} error={shown.starts_on} onChange={(event) => set({ startsOn: event.target.value })} />
        <InputField id={`${id}-ends`} label={M.fields.endsOn} type="date" value={values.endsOn} error={shown.ends_on} onChange={(event) => set({ endsOn: event.target.value })} />
      </div>
      <InputField id={`${id}-cap`} label={M.fields.dailyCap} type="number" inputMode="numeric" value={values.dailyCap} error={shown.daily_cap} onChange={(event) => set({ dailyCap: event.target.value })} />
      <SelectField id={`${id}-when`} label={M.fields.when} value={values.when} onChange={(event) => set({ when: event.target.value as OfferFormValues["when"] })}>
        {OFFER_WHENS.map((when) => (
          <option key={when} value={when}>{M.whens[when]}</option>
        ))}
      </SelectField>
      {values.when === "quiet" ? (
        <InputField id={`${id}-below`} label={M.fields.quietBelow} type="number" inputMode="numeric" value={values.quietBelow} error={shown.quiet_below_percent} onChange={(event) => set({ quietBelow: event.target.value })} />
      ) : null}
      <SelectField id={`${id}-audience`} label={M.fields.audience} value={values.audience} onChange={(event) => set({ audience: event.target.value as OfferFormValues["audience"] })}>
        <option value="everyone">{M.audiences.everyone}</option>
        <option value="savers">{M.audiences.savers}</option>
      </SelectField>
      <LivePreview placeId={place.id} values={values} />
      {failure ? <p role="alert" className="field-error">{failure}</p> : null}
      <div className="row-actions">
        <button type="submit" className="button" disabled={saving}>{saving ? M.saving : M.save}</button>
        <button type="button" className="button secondary" onClick={() => onDone("")}>{M.cancel}</button>
      </div>
    </form>
  );
}

export function OffersPanel({ place }: { place: OwnedPlace }) {
  const { data, error, retry } = useApi(ownerOfferApi.list(place.id));
  const locale = useLocale();
  const [editing, setEditing] = useState<OwnedOffer | "new" | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const done = (text: string) => {
    setEditing(null);
    setNote(text || null);
    retry();
  };
  const remove = async (offer: OwnedOffer) => {
    if (!window.confirm(M.confirmRemove(offer.title))) return;
    try {
      await ownerOfferApi.remove(place.id, offer.id);
      done(M.removed);
    } catch (failure) {
      setNote(writeFailure(failure, M.failed, M.unreachable));
    }
  };
  return (
    <section className="offers-panel" aria-labelledby="offers-panel-heading">
      <h2 id="offers-panel-heading">{M.heading}</h2>
      <p className="field-hint">{M.intro}</p>
      {note ? <p role="status">{note}</p> : null}
      {error && !data ? <p role="alert">{M.unreachable}</p> : null}
      {editing === null ? (
        <button type="button" className="button" onClick={() => setEditing("new")}>{M.add}</button>
      ) : (
        <OfferForm key={editing === "new" ? "new" : editing.id} place={place} editing={editing === "new" ? null : editing} onDone={done} />
      )}
      {data && data.offers.length === 0 ? <p>{M.none}</p> : null}
      <ul className="offers-list">
        {data?.offers.map((offer) => (
          <li key={offer.id} className={offer.on_now ? "offer-now" : undefined}>
            <h3>
              {offer.title}
              {valueText(offer, data.currency, locale) ? ` · ${valueText(offer, data.currency, locale)}` : ""}
            </h3>
            <p>{whenLine(offer, locale)}</p>
            <p className="offer-why">{offer.on_now ? M.previewOn(offer.why) : M.previewOff(offer.why)}</p>
            <OfferInsight insight={offer.insight} />
            <div className="row-actions">
              <button type="button" className="button secondary" onClick={() => setEditing(offer)}>{M.edit}</button>
              <button type="button" className="button secondary" onClick={() => void remove(offer)}>{M.remove}</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
