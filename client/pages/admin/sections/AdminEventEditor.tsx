// /admin/edit-event/{eventId}: every field of the event, place id,
// name, description and start time required, and both image files.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { EventAnswer, EventCategoriesAnswer, PublicPlace } from "../../../../common/schemas/answers";
import { ownerApi } from "../../../api/ownerEndpoints";
import { ADMIN, adminApi } from "../../../api/adminEndpoints";
import { EVENT_DAYS } from "../../../../common/schemas/event";
import { IMAGE_ACCEPT } from "../../../../common/schemas/fields";
import { attempt, useAdminData } from "../adminApi";
import {
  eventEditFormData,
  eventEditValuesFrom,
  validateEventEdit,
  type EventEditErrors,
  type EventEditValues,
} from "../eventEditForm";
import { focusFirstInvalid, InputField, SelectField, TextAreaField } from "../../../components/Field";
import { Notice } from "../Notice";
import { ADMIN_MESSAGES } from "../messages";

export function AdminEventEditor({ eventId }: { eventId: string }) {
  const event = useAdminData(ownerApi.event(eventId, ADMIN), ADMIN_MESSAGES.fetchEventDetailsFailed);
  const places = useAdminData(adminApi.places(), ADMIN_MESSAGES.fetchPlacesOrCategoriesFailed);
  const categories = useAdminData(ownerApi.eventCategories(ADMIN), ADMIN_MESSAGES.fetchPlacesOrCategoriesFailed);

  if (event.error) return <p role="alert" className="field-error">{event.error}</p>;
  if (!event.data) return <p>Loading...</p>;
  return (
    <>
      {places.error || categories.error ? (
        <p role="alert" className="field-error">{places.error ?? categories.error}</p>
      ) : null}
      <EventEditForm
        key={event.data.id}
        event={event.data}
        places={places.data ?? []}
        categories={categories.data?.categories ?? []}
      />
    </>
  );
}

function EventEditForm({
  event,
  places,
  categories,
}: {
  event: EventAnswer;
  places: PublicPlace[];
  categories: EventCategoriesAnswer["categories"];
}) {
  const navigate = useNavigate();
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<EventEditValues>(() => eventEditValuesFrom(event));
  const [errors, setErrors] = useState<EventEditErrors>({});
  const [images, setImages] = useState<{ cover_image: File | null; flyer_image: File | null }>({
    cover_image: null,
    flyer_image: null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  type TextKey = Exclude<keyof EventEditValues, "is_recurring" | "repeating_days">;
  const onText = (change: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const field = change.target.name as TextKey;
    const value = change.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: TextKey) => ({
    id: `${prefix}-${field}`,
    name: field,
    value: values[field],
    onChange: onText,
    error: errors[field],
  });
  const onImage = (field: "cover_image" | "flyer_image") => (change: ChangeEvent<HTMLInputElement>) => {
    const file = change.target.files?.[0] ?? null;
    setImages((current) => ({ ...current, [field]: file }));
  };
  // The event's own place stays choosable even if the place list failed to load.
  const placeOptions = places.some((place) => place.id === event.place_id)
    ? places
    : [{ id: event.place_id, name: event.place_name ?? `Place ${event.place_id}` }, ...places];

  const submit = async (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setFailure(null);
    const found = validateEventEdit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const outcome = await attempt(
      () => ownerApi.updateEvent(event.id, eventEditFormData(values, images), ADMIN),
      ADMIN_MESSAGES.updateEventFailed,
    );
    setSaving(false);
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    window.alert(ADMIN_MESSAGES.eventUpdated);
    navigate("/admin/manage-events");
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="admin-form">
      <SelectField label="Place" required {...text("place_id")}>
        <option value="">Choose a place</option>
        {placeOptions.map((place) => (
          <option key={place.id} value={place.id}>{place.name}</option>
        ))}
      </SelectField>
      <InputField label="Event name" required {...text("name")} />
      <TextAreaField label="Description" required rows={4} {...text("description")} />
      <div className="admin-form-row">
        <InputField label="Start time" type="datetime-local" required {...text("start_time")} />
        <InputField label="End time" type="datetime-local" {...text("end_time")} />
      </div>
      <div className="admin-form-row">
        <InputField label="Max capacity" type="number" inputMode="numeric" min={1} step={1} {...text("max_capacity")} />
        <SelectField label="Category" {...text("category")}>
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>{category.name}</option>
          ))}
        </SelectField>
      </div>
      <div className="admin-checks">
        <label>
          <input
            type="checkbox"
            checked={values.is_recurring}
            onChange={(change) => setValues((current) => ({ ...current, is_recurring: change.target.checked }))}
          />{" "}
          Recurring event
        </label>
      </div>
      {values.is_recurring ? (
        <fieldset aria-describedby={errors.repeating_days ? `${prefix}-days-error` : undefined}>
          <legend>Repeats on</legend>
          <div className="admin-checks">
            {EVENT_DAYS.map((day) => (
              <label key={day}>
                <input
                  type="checkbox"
                  checked={values.repeating_days.includes(day)}
                  onChange={(change) => {
                    const checked = change.target.checked;
                    setValues((current) => ({
                      ...current,
                      repeating_days: EVENT_DAYS.filter((name) =>
                        name === day ? checked : current.repeating_days.includes(name),
                      ),
                    }));
                    setErrors((current) => ({ ...current, repeating_days: undefined }));
                  }}
                />{" "}
                {day}
              </label>
            ))}
          </div>
          {errors.repeating_days ? (
            <p className="field-error" id={`${prefix}-days-error`}>{errors.repeating_days}</p>
          ) : null}
        </fieldset>
      ) : null}
      <InputField label="Frequency" placeholder="e.g. Weekly" {...text("frequency")} />
      <InputField label="Host name" {...text("host_name")} />
      <TextAreaField label="Additional details" rows={3} {...text("additional_details")} />
      <div className="admin-form-row">
        <div>
          {event.cover_image ? <img className="admin-cover-preview" src={event.cover_image} alt="Current cover image" /> : null}
          <InputField
            id={`${prefix}-cover`}
            label="Cover image"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onImage("cover_image")}
          />
        </div>
        <div>
          {event.flyer_image ? <img className="admin-cover-preview" src={event.flyer_image} alt="Current flyer" /> : null}
          <InputField
            id={`${prefix}-flyer`}
            label="Flyer image"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onImage("flyer_image")}
          />
        </div>
      </div>
      <Notice notice={failure ? { ok: false, message: failure } : null} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving..." : "Update Event"}
      </button>
    </form>
  );
}
