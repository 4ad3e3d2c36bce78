// A place as its owner sees it, with Edit / Cancel / Update
// and the 'Assign Additional Owner' invite: on place info, and under a venue's Settings tab.
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { WEEKDAYS } from "../../../common/vocabulary";
import { type OwnedPlace, type PlaceHours } from "../../../common/schemas/answers";
import { weekdayLabel } from "../../lib/format";
import { CLOSED, hoursRows } from "./hours";
import { InviteOwner } from "./InviteOwner";
import { MESSAGES } from "../../lib/messages";
import { EVENING_MESSAGES } from "./messages";
import { placeEditValues, toPlaceUpdate, validatePlaceEdit, type PlaceEditErrors, type PlaceEditValues } from "./placeForm";

export function HoursTable({ hours }: { hours: PlaceHours }) {
  return (
    <table className="hours-table">
      <caption>Opening hours</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Open</th>
          <th scope="col">Close</th>
        </tr>
      </thead>
      <tbody>
        {hoursRows(hours).map((row) => (
          <tr key={row.day}>
            <th scope="row">{row.label}</th>
            {row.open === null ? (
              <td colSpan={2}>{CLOSED}</td>
            ) : (
              <>
                <td>{row.open}</td>
                <td>{row.close}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The cover photo, or the 'No Image' placeholder. `decorative` when the name is shown beside it. */
export function Cover({
  place,
  className,
  decorative,
}: {
  place: Pick<OwnedPlace, "name" | "cover_image">;
  className: string;
  decorative?: boolean;
}) {
  return place.cover_image ? (
    <img className={className} src={place.cover_image} alt={decorative ? "" : `Cover photo of ${place.name}`} />
  ) : (
    <div className={`${className} no-image`}>{MESSAGES.noImage}</div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const TEXT_FIELDS: { name: "name" | "address" | "phone_number" | "website"; label: string; type: string; autoComplete: string }[] = [
  { name: "name", label: "Name", type: "text", autoComplete: "organization" },
  { name: "address", label: "Address", type: "text", autoComplete: "street-address" },
  { name: "phone_number", label: "Phone number", type: "tel", autoComplete: "tel" },
  { name: "website", label: "Website", type: "url", autoComplete: "url" },
];

type Status = { kind: "success" | "error"; text: string } | null;

/**
 * `variant` "dashboard" is the venue's Settings tab, under the venue's name and device badge
 * (VenueView), so it is titled 'Details and hours'; "info" (the place info page) is titled by the
 * name and shows the venue type.
 */
export function PlaceDetails({
  place,
  onSaved,
  variant,
  onInviteGenerated,
  children,
}: {
  place: OwnedPlace;
  onSaved: (place: OwnedPlace) => void;
  variant: "dashboard" | "info";
  onInviteGenerated?: () => void;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<PlaceEditValues>(() => placeEditValues(place));
  const [errors, setErrors] = useState<PlaceEditErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const headingId = `place-${place.id}-name`;

  const startEditing = () => {
    setValues(placeEditValues(place));
    setErrors({});
    setStatus(null);
    setEditing(true);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const found = validatePlaceEdit(values, place);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      onSaved(await ownerApi.updateOwnedPlace(place.id, toPlaceUpdate(values, place)));
      setEditing(false);
      setStatus({ kind: "success", text: MESSAGES.businessUpdated });
    } catch (error) {
      setStatus({ kind: "error", text: writeFailure(error, MESSAGES.updateBusinessFailed, MESSAGES.unexpectedTryAgain) });
    } finally {
      setSaving(false);
    }
  };

  const website = place.website ? (
    <a href={/^https?:\/\//i.test(place.website) ? place.website : `https://${place.website}`} target="_blank" rel="noreferrer">
      {place.website}
    </a>
  ) : (
    MESSAGES.notAvailable
  );

  return (
    <section className="place-details" aria-labelledby={headingId}>
      <Cover place={place} className="place-cover" />
      <div className="place-heading">
        <h2 id={headingId}>{variant === "dashboard" ? EVENING_MESSAGES.detailsTitle : place.name}</h2>
      </div>
      {editing ? (
        <form className="place-edit" onSubmit={onSubmit} aria-label={`Edit ${place.name}`} noValidate>
          {TEXT_FIELDS.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`${headingId}-${field.name}`}>{field.label}</label>
              <input
                id={`${headingId}-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                onChange={onChange}
                required={field.name === "name" || field.name === "address"}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? `${headingId}-${field.name}-error` : undefined}
              />
              {errors[field.name] ? (
                <p className="field-error" id={`${headingId}-${field.name}-error`}>{errors[field.name]}</p>
              ) : null}
            </div>
          ))}
          <div className="field checkbox-field">
            <input
              id={`${headingId}-public_counts`}
              name="public_counts"
              type="checkbox"
              checked={values.public_counts}
              onChange={(event) => setValues((current) => ({ ...current, public_counts: event.target.checked }))}
              aria-describedby={`${headingId}-public_counts-hint`}
            />
            <label htmlFor={`${headingId}-public_counts`}>Show visitor counts publicly</label>
            <p className="field-hint" id={`${headingId}-public_counts-hint`}>
              Visitors see "about N people" and how full you are on your profile and the live map. Off, they see only the level (Relaxed, Lively, Packed).
            </p>
          </div>
          <fieldset className="hours-edit">
            <legend>Opening hours (leave a day empty when closed)</legend>
            {WEEKDAYS.map((day) => {
              const problem = errors[`${day}_open`] ?? errors[`${day}_close`];
              const errorId = `${headingId}-${day}-error`;
              return (
                <div className="hours-edit-row" key={day}>
                  <span className="hours-edit-day">{weekdayLabel(day)}</span>
                  {(["open", "close"] as const).map((side) => (
                    <label key={side}>
                      <span className="visually-hidden">{weekdayLabel(day)} </span>
                      {side === "open" ? "Open" : "Close"}
                      <input
                        type="time"
                        name={`${day}_${side}`}
                        value={values[`${day}_${side}`]}
                        onChange={onChange}
                        aria-invalid={errors[`${day}_${side}`] ? true : undefined}
                        aria-describedby={problem ? errorId : undefined}
                      />
                    </label>
                  ))}
                  {problem ? <p className="field-error hours-edit-error" id={errorId}>{problem}</p> : null}
                </div>
              );
            })}
          </fieldset>
          {errors.form ? <p className="field-error">{errors.form}</p> : null}
          <div className="actions">
            <button type="submit" className="button" disabled={saving}>Update</button>
            <button type="button" className="button secondary" onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      ) : (
        <>
          <dl className="facts">
            <Fact label="Address">{place.address || MESSAGES.notAvailable}</Fact>
            {variant === "info" ? <Fact label="Type">{place.type}</Fact> : null}
            <Fact label="Website">{website}</Fact>
            <Fact label="Phone">{place.phone_number || MESSAGES.notAvailable}</Fact>
            <Fact label="Owners">{place.owners.length ? place.owners.join(", ") : MESSAGES.notAvailable}</Fact>
            <Fact label="Visitor counts">{place.public_counts ? "Shown publicly" : "Hidden from visitors"}</Fact>
          </dl>
          <HoursTable hours={place} />
          <div className="actions">
            <InviteOwner placeId={place.id} onGenerated={onInviteGenerated} />
            <button type="button" className="button secondary" onClick={startEditing}>Edit</button>
            {children}
          </div>
        </>
      )}
      {status ? (
        <p role={status.kind === "error" ? "alert" : "status"} className={status.kind === "error" ? "form-error" : "success-message"}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
