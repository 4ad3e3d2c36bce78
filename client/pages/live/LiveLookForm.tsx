// The Post a Live Look form, loaded on demand from the profile's strip (docs/live-looks.md): text,
// an optional photo with a preview, wait and vibe. It checks with the worker's own schema, and the
// server checks everything again (the photo by its bytes, without its metadata once stored).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import * as v from "valibot";
import type { LiveLookAnswer } from "../../../common/schemas/answers";
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "../../../common/schemas/fields";
import { liveLookSchema } from "../../../common/schemas/live-look";
import { LEVELS, LIVE_LOOK_TEXT_MAX, WAIT_LABELS, WAITS } from "../../../common/vocabulary";
import { ApiError, publicApi, writeFailure } from "../../api/endpoints";
import { fieldErrors } from "../../lib/formErrors";
import { REVIEW_FAILURE_MESSAGE } from "./reviewForm";

type Field = "text" | "wait" | "vibe" | "photo" | "form";
type Errors = Partial<Record<Field, string>>;


/** The chosen photo and its preview address, revoked when replaced or when the form closes. */
function usePhoto() {
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.url)), [photo]);
  return [photo, (file: File | null) => setPhoto(file ? { file, url: URL.createObjectURL(file) } : null)] as const;
}

export default function LiveLookForm({ placeId, onPosted, onCancel }: { placeId: number; onPosted: (look: LiveLookAnswer) => void; onCancel: () => void }) {
  const ids = useId();
  const [text, setText] = useState("");
  const [wait, setWait] = useState("");
  const [vibe, setVibe] = useState("");
  const [photo, choosePhoto] = usePhoto();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  const photoField = useRef<HTMLInputElement>(null);

  useEffect(() => textField.current?.focus(), []);

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The server's limit, checked here first so a visitor on a slow line does not send 6 MB for a 413.
    setErrors((current) => ({ ...current, photo: file && file.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE_MESSAGE : undefined }));
    choosePhoto(file);
  };
  const removePhoto = () => {
    choosePhoto(null);
    if (photoField.current) photoField.current.value = "";
    setErrors((current) => ({ ...current, photo: undefined }));
    photoField.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(liveLookSchema, { text, wait, vibe });
    const found: Errors = checked.success ? {} : fieldErrors<Field>(checked.issues);
    if (photo && photo.file.size > MAX_IMAGE_BYTES) found.photo = IMAGE_TOO_LARGE_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      (found.text ? textField.current : photoField.current)?.focus();
      return;
    }
    const body = new FormData();
    body.set("text", text);
    if (wait) body.set("wait", wait);
    if (vibe) body.set("vibe", vibe);
    if (photo) body.set("photo", photo.file);
    setBusy(true);
    try {
      onPosted(await publicApi.postLiveLook(placeId, body));
    } catch (error) {
      const details = error instanceof ApiError ? (error.answer.details ?? []) : [];
      const byField: Errors = {};
      for (const { field, message } of details) if (field === "text" || field === "photo") byField[field] ??= message;
      setErrors({ ...byField, form: writeFailure(error, REVIEW_FAILURE_MESSAGE, REVIEW_FAILURE_MESSAGE) });
      setBusy(false);
    }
  };

  const describedBy = (field: Field, ...more: string[]) => [...more, errors[field] ? `${ids}-${field}-error` : ""].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: Field) => (errors[field] ? <p className="field-error" id={`${ids}-${field}-error`}>{errors[field]}</p> : null);

  return (
    // Escape closes the form like Cancel, and focus goes back to the button that opened it.
    <form
      className="look-form card"
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      noValidate
      aria-labelledby={`${ids}-heading`}
    >
      <h3 id={`${ids}-heading`}>Post a Live Look</h3>
      <p className="look-form-note">No account needed. Your photo is stored without its location and camera details.</p>
      <div className="field">
        <label htmlFor={`${ids}-text`}>What's it like right now?<span aria-hidden="true"> *</span></label>
        <textarea
          id={`${ids}-text`}
          ref={textField}
          rows={3}
          maxLength={LIVE_LOOK_TEXT_MAX}
          required
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy("text", `${ids}-count`)}
          onChange={(event) => {
            setText(event.target.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
        />
        <p className="look-count" id={`${ids}-count`}>
          {text.length} of {LIVE_LOOK_TEXT_MAX} characters
        </p>
        {fieldError("text")}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-photo`}>Photo (optional: JPEG, PNG or WebP, up to 5 MB)</label>
        <input
          id={`${ids}-photo`}
          ref={photoField}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={describedBy("photo")}
          onChange={onPhoto}
        />
        {photo ? (
          <div className="look-preview">
            <img src={photo.url} alt="Preview of your photo" width="160" height="120" />
            <button type="button" className="link-button" onClick={removePhoto}>Remove photo</button>
          </div>
        ) : null}
        {fieldError("photo")}
      </div>
      <fieldset className="look-choices">
        <legend>Wait (optional)</legend>
        {WAITS.map((choice) => (
          <label key={choice}>
            <input type="radio" name="wait" value={choice} checked={wait === choice} onChange={() => setWait(choice)} /> {WAIT_LABELS[choice]}
          </label>
        ))}
        {wait ? <button type="button" className="link-button" onClick={() => setWait("")}>Clear wait</button> : null}
      </fieldset>
      <fieldset className="look-choices">
        <legend>Vibe (optional)</legend>
        {LEVELS.map((choice) => (
          <label key={choice}>
            <input type="radio" name="vibe" value={choice} checked={vibe === choice} onChange={() => setVibe(choice)} /> {choice}
          </label>
        ))}
        {vibe ? <button type="button" className="link-button" onClick={() => setVibe("")}>Clear vibe</button> : null}
      </fieldset>
      {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
      <div className="review-action-buttons">
        <button type="submit" className="button" disabled={busy}>{busy ? "Posting..." : "Post Live Look"}</button>
        <button type="button" className="button secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
