// The Add Business and Edit Business form: every place field, the 14 opening hours as time
// inputs, a tag picker and the cover photo. The caller decides where the form is sent.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { WEEKDAYS, type Weekday } from "../../../../common/vocabulary";
import { IMAGE_ACCEPT } from "../../../../common/schemas/fields";
import { weekdayLabel } from "../../../lib/format";
import { HOUR_FIELDS, PLACE_CATEGORIES, PLACE_TYPES } from "../../../../common/schemas/place";
import type { Outcome } from "../adminApi";
import { useAdminData } from "../adminApi";
import { adminApi } from "../../../api/adminEndpoints";
import { publicApi } from "../../../api/endpoints";
import { useApi } from "../../../api/useApi";
import {
  categoryLabel,
  validateBusiness,
  type BusinessFormErrors,
  type BusinessFormMode,
  type BusinessFormValues,
} from "../businessForm";
import { focusFirstInvalid, InputField, SelectField, TextAreaField } from "../../../components/Field";
import { Notice, type NoticeState } from "../Notice";
import { ADMIN_MESSAGES } from "../messages";

type TextKey = keyof BusinessFormErrors;

export function BusinessForm({
  mode,
  initial,
  currentCover,
  onSubmit,
}: {
  mode: BusinessFormMode;
  initial: BusinessFormValues;
  currentCover?: string | null;
  /** Sends the form; a successful outcome's message is shown, and an added business clears the form. */
  onSubmit: (values: BusinessFormValues, cover: File | null) => Promise<Outcome>;
}) {
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BusinessFormErrors>({});
  const [cover, setCover] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const tags = useAdminData(adminApi.tags(), ADMIN_MESSAGES.fetchTagsFailed);
  // The cities a place may belong to (docs/cities.md); without them the form still places it by position.
  const cities = useApi(publicApi.cities());

  const id = (field: string) => `${prefix}-${field}`;
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const field = event.target.name as TextKey;
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: TextKey) => ({ id: id(field), name: field, value: values[field], onChange: onText, error: errors[field] });
  const toggleTag = (tagId: number, checked: boolean) =>
    setValues((current) => ({
      ...current,
      tags: checked ? [...current.tags, tagId] : current.tags.filter((existing) => existing !== tagId),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = validateBusiness(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const outcome = await onSubmit(values, cover);
    setSaving(false);
    setNotice(outcome.ok ? { ok: true, message: outcome.message ?? "" } : outcome);
    if (outcome.ok && mode === "add") {
      setValues(initial);
      setCover(null);
      if (coverRef.current) coverRef.current.value = "";
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="admin-form">
      <fieldset>
        <legend>Business</legend>
        <InputField label="Name" required autoComplete="off" {...text("name")} />
        <div className="admin-form-row">
          <SelectField label="Type" {...text("type")}>
            {PLACE_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
          </SelectField>
          <SelectField label="Category" {...text("category")}>
            {PLACE_CATEGORIES.map((category) => (
              <option key={category} value={category}>{categoryLabel(category)}</option>
            ))}
          </SelectField>
        </div>
        <TextAreaField label="Description" rows={3} {...text("description")} />
      </fieldset>

      <fieldset>
        <legend>Location</legend>
        <InputField label="Address" required={mode === "edit"} autoComplete="off" {...text("address")} />
        <div className="admin-form-row">
          <InputField label="City" {...text("city")} />
          <InputField label="State" {...text("state")} />
          <InputField label="Postal code" {...text("postal_code")} />
        </div>
        <div className="admin-form-row">
          <InputField label="Country" {...text("country")} />
          <InputField label="Latitude" inputMode="decimal" {...text("latitude")} />
          <InputField label="Longitude" inputMode="decimal" {...text("longitude")} />
        </div>
        <div className="admin-form-row">
          <SelectField label="Served city" hint="Gives its zone, holidays and currency. By its position: the nearest we serve, within 50 km." {...text("city_slug")}>
            <option value="">By its position</option>
            {(cities.data?.cities ?? []).map((city) => (
              <option key={city.slug} value={city.slug}>{city.name}</option>
            ))}
          </SelectField>
          <InputField label="Time zone" hint="An IANA name, like Europe/Berlin; empty: its city's." {...text("timezone")} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Contact</legend>
        <div className="admin-form-row">
          <InputField label="Website" type="url" placeholder="https://" {...text("website")} />
          <InputField label="Phone number" type="tel" {...text("phone_number")} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Opening hours</legend>
        <p className="field-hint">Leave both times empty on a day the business is closed.</p>
        <table className="admin-hours">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Opens</th>
              <th scope="col">Closes</th>
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day) => (
              <tr key={day}>
                <th scope="row">{weekdayLabel(day)}</th>
                {(["open", "close"] as const).map((edge) => {
                  const field = `${day}_${edge}` as const;
                  return (
                    <td key={edge}>
                      <label className="visually-hidden" htmlFor={id(field)}>
                        {`${weekdayLabel(day)} ${edge === "open" ? "opening" : "closing"} time`}
                      </label>
                      <input
                        type="time"
                        id={id(field)}
                        name={field}
                        value={values[field]}
                        onChange={onText}
                        aria-invalid={errors[field] ? true : undefined}
                        aria-describedby={errors[field] ? id(`${field}-error`) : undefined}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {HOUR_FIELDS.filter((field) => errors[field]).map((field) => (
          <p key={field} className="field-error" id={id(`${field}-error`)}>
            {`${weekdayLabel(field.split("_")[0] as Weekday)}: ${errors[field]}`}
          </p>
        ))}
        <div className="admin-form-row">
          <InputField label="Usual opening time" type="time" {...text("open_time")} />
          <InputField label="Usual closing time" type="time" {...text("close_time")} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Crowd levels</legend>
        <div className="admin-form-row">
          <InputField label="Lively from (people)" type="number" min={1} step={1} {...text("lively_threshold")} />
          <InputField label="Packed from (people)" type="number" min={2} step={1} {...text("packed_threshold")} />
        </div>
        <div className="admin-checks">
          <label>
            <input
              type="checkbox"
              checked={values.no_device}
              onChange={(event) => setValues((current) => ({ ...current, no_device: event.target.checked }))}
            />{" "}
            No device installed
          </label>
          <label>
            <input
              type="checkbox"
              checked={values.favorite}
              onChange={(event) => setValues((current) => ({ ...current, favorite: event.target.checked }))}
            />{" "}
            Favorite
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend>Tags</legend>
        {tags.error ? <p role="alert" className="field-error">{tags.error}</p> : null}
        {tags.data && tags.data.tags.length === 0 ? <p>No tags yet. Add them under Manage Tags.</p> : null}
        <div className="admin-checks">
          {tags.data?.tags.map((tag) => (
            <label key={tag.id}>
              <input
                type="checkbox"
                checked={values.tags.includes(tag.id)}
                onChange={(event) => toggleTag(tag.id, event.target.checked)}
              />{" "}
              {tag.name}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>Cover photo</legend>
        {currentCover ? <img className="admin-cover-preview" src={currentCover} alt="Current cover" /> : null}
        <InputField
          ref={coverRef}
          label={currentCover ? "Replace cover photo" : "Cover photo"}
          id={id("cover")}
          type="file"
          accept={IMAGE_ACCEPT}
          hint="JPEG, PNG or WebP, up to 5 MB."
          onChange={(event) => setCover(event.target.files?.[0] ?? null)}
        />
      </fieldset>

      <Notice notice={notice} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving..." : mode === "add" ? "Add Business" : "Update Business"}
      </button>
    </form>
  );
}
