// The Add Event and Edit Event form. It loads the owner's places and the event
// categories, and opens the category editor from the category field.
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { EVENT_DAYS } from "../../../../common/schemas/event";
import { IMAGE_ACCEPT } from "../../../../common/schemas/fields";
import { readFailure } from "../../../api/endpoints";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { FieldFrame } from "../../../components/Field";
import { validateEventForm, type EventFormErrors, type EventFormValues } from "../../../lib/eventForm";
import { MESSAGES } from "../../../lib/messages";
import { CategoryEditor } from "./CategoryEditor";

/**
 * The owner's places (the dashboard's own answer when it has one) and the categories.
 * `reloadCategories` (after a change in the category editor) resolves to the sentence to show
 * there when the list cannot be read again.
 */
function usePlacesAndCategories() {
  const places = useApi(ownerApi.ownedPlaces());
  const categories = useApi(ownerApi.eventCategories());
  const failure = places.error ?? categories.error;
  const reloadCategories = async () => {
    const reloadFailure = await categories.retry();
    return reloadFailure === null ? null : readFailure(reloadFailure, MESSAGES.fetchCategoriesFailed, MESSAGES.unexpected);
  };
  return {
    places: places.data,
    categories: categories.data?.categories ?? null,
    error: failure === null ? null : readFailure(failure, MESSAGES.fetchPlacesOrCategoriesFailed, MESSAGES.unexpected),
    reloadCategories,
  };
}

export function EventForm({
  heading,
  initial,
  currentImage,
  submitLabel,
  onSubmit,
  extraActions,
}: {
  heading: string;
  initial: EventFormValues;
  currentImage?: string | null;
  submitLabel: string;
  /** Resolves to an error sentence to show, or null when saved. */
  onSubmit: (values: EventFormValues) => Promise<string | null>;
  extraActions?: ReactNode;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [editingCategories, setEditingCategories] = useState(false);
  const { places, categories, error: loadError, reloadCategories } = usePlacesAndCategories();
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  const set = <K extends keyof EventFormValues>(name: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    set(event.target.name as "name", event.target.value);
  const toggleDay = (day: string, checked: boolean) =>
    set("repeating_days", checked ? [...values.repeating_days, day] : values.repeating_days.filter((entry) => entry !== day));

  const describedBy = (name: keyof EventFormValues) => (errors[name] ? `${id(name)}-error` : undefined);
  /** The props every text-like control shares: its id and name, value, and error wiring. */
  const bind = (name: "place_id" | "name" | "description" | "start_time" | "end_time" | "category" | "max_capacity" | "host_name" | "additional_details") => ({
    id: id(name),
    name,
    value: values[name],
    onChange: onText,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEventForm(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const problem = await onSubmit(values);
    setSaving(false);
    if (problem) setFailure(problem);
  };

  return (
    <form className="event-form" onSubmit={submit} noValidate aria-labelledby={id("heading")}>
      <h3 id={id("heading")}>{heading}</h3>
      {loadError ? <p role="alert" className="form-error">{loadError}</p> : null}
      <FieldFrame id={id("place_id")} label="Place" required error={errors.place_id}>
        <select {...bind("place_id")}>
          <option value="">Choose a place</option>
          {(places ?? []).map((place) => (
            <option key={place.id} value={String(place.id)}>{place.name}</option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={id("name")} label="Event name" required error={errors.name}>
        <input {...bind("name")} />
      </FieldFrame>
      <FieldFrame id={id("description")} label="Description">
        <textarea {...bind("description")} rows={3} />
      </FieldFrame>
      <div className="field-row">
        <FieldFrame id={id("start_time")} label="Start time" required error={errors.start_time}>
          <input {...bind("start_time")} type="datetime-local" />
        </FieldFrame>
        <FieldFrame id={id("end_time")} label="End time" error={errors.end_time}>
          <input {...bind("end_time")} type="datetime-local" />
        </FieldFrame>
      </div>
      <div className="field-row">
        <FieldFrame id={id("category")} label="Category" required error={errors.category}>
          <div className="with-action">
            <select {...bind("category")}>
              <option value="">Choose a category</option>
              {(categories ?? []).map((category) => (
                <option key={category.id} value={String(category.id)}>{category.name}</option>
              ))}
            </select>
            <button type="button" className="button secondary small" onClick={() => setEditingCategories(true)}>
              Edit categories
            </button>
          </div>
        </FieldFrame>
        <FieldFrame id={id("max_capacity")} label="Max capacity" error={errors.max_capacity}>
          <input {...bind("max_capacity")} type="number" min={1} step={1} inputMode="numeric" />
        </FieldFrame>
      </div>
      <fieldset className="field">
        <legend>Recurring</legend>
        <div className="choice-row">
          {[true, false].map((choice) => (
            <label key={String(choice)}>
              <input type="radio" name={id("is_recurring")} checked={values.is_recurring === choice} onChange={() => set("is_recurring", choice)} />
              {choice ? "Yes" : "No"}
            </label>
          ))}
        </div>
      </fieldset>
      {values.is_recurring ? (
        <fieldset className="field" aria-describedby={describedBy("repeating_days")}>
          <legend>Repeats on</legend>
          <div className="choice-row">
            {EVENT_DAYS.map((day) => (
              <label key={day}>
                <input type="checkbox" checked={values.repeating_days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
                {day}
              </label>
            ))}
          </div>
          {errors.repeating_days ? <p className="field-error" id={`${id("repeating_days")}-error`}>{errors.repeating_days}</p> : null}
        </fieldset>
      ) : null}
      <div className="field-row">
        <FieldFrame id={id("host_name")} label="Host name">
          <input {...bind("host_name")} />
        </FieldFrame>
      </div>
      <FieldFrame id={id("additional_details")} label="Additional details">
        <textarea {...bind("additional_details")} rows={2} />
      </FieldFrame>
      <FieldFrame id={id("cover_image")} label="Cover image (JPEG, PNG or WebP, up to 5 MB)">
        {currentImage ? <img className="event-form-image" src={currentImage} alt="Current cover image" /> : null}
        <input id={id("cover_image")} type="file" accept={IMAGE_ACCEPT} onChange={(event) => set("cover_image", event.target.files?.[0] ?? null)} />
      </FieldFrame>
      {errors.form ? <p className="field-error">{errors.form}</p> : null}
      {failure ? <p role="alert" className="form-error">{failure}</p> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={saving}>{submitLabel}</button>
        {extraActions}
      </div>
      {editingCategories ? (
        <CategoryEditor
          categories={categories ?? []}
          onChanged={reloadCategories}
          onCreated={(category) => set("category", String(category.id))}
          onClose={() => setEditingCategories(false)}
        />
      ) : null}
    </form>
  );
}
