// The Post a Live Look form, loaded on demand from the profile's strip (docs/live-looks.md): text,
// an optional photo with a preview or a short video (the phone's own camera, with a poster drawn
// from its first frame), wait and vibe. It checks with the worker's own schema, and the server
// checks everything again (the file by its bytes, without its metadata once stored).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import * as v from "valibot";
import type { LiveLookAnswer } from "../../../common/schemas/answers";
import {
  IMAGE_ACCEPT,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TOO_LONG_MESSAGE,
} from "../../../common/schemas/fields";
import { liveLookSchema } from "../../../common/schemas/live-look";
import { LEVELS, LIVE_LOOK_TEXT_MAX, WAIT_LABELS, WAITS } from "../../../common/vocabulary";
import { ApiError, publicApi, writeFailure } from "../../api/endpoints";
import { fieldErrors } from "../../lib/formErrors";
import { readClip, type ClipFacts } from "../../lib/videoPoster";
import { REVIEW_FAILURE_MESSAGE } from "./reviewForm";

type Field = "text" | "wait" | "vibe" | "photo" | "video" | "form";
type Errors = Partial<Record<Field, string>>;


/** A chosen file and its preview address, revoked when replaced or when the form closes. */
function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.url)), [chosen]);
  return [chosen, (file: File | null) => setChosen(file ? { file, url: URL.createObjectURL(file) } : null)] as const;
}

/** A phone stopped at 15 s writes a little more; the server allows the same. */
const tooLong = (facts: ClipFacts | null) => facts?.seconds != null && facts.seconds > MAX_VIDEO_SECONDS + 0.5;

export default function LiveLookForm({ placeId, onPosted, onCancel }: { placeId: number; onPosted: (look: LiveLookAnswer) => void; onCancel: () => void }) {
  const ids = useId();
  const [text, setText] = useState("");
  const [wait, setWait] = useState("");
  const [vibe, setVibe] = useState("");
  const [photo, choosePhoto] = useChosenFile();
  const [video, chooseVideo] = useChosenFile();
  // The clip's length and first frame, once the browser has read them (not waited for: a post sent
  // before goes without a poster).
  const [clip, setClip] = useState<{ url: string; facts: ClipFacts } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  const photoField = useRef<HTMLInputElement>(null);
  const videoField = useRef<HTMLInputElement>(null);

  useEffect(() => textField.current?.focus(), []);

  // A post has a photo or a video, not both: choosing one clears the other.
  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The server's limit, checked here first so a visitor on a slow line does not send 6 MB for a 413.
    setErrors((current) => ({ ...current, photo: file && file.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE_MESSAGE : undefined, video: undefined }));
    choosePhoto(file);
    if (file) clearVideo();
  };
  const removePhoto = () => {
    choosePhoto(null);
    if (photoField.current) photoField.current.value = "";
    setErrors((current) => ({ ...current, photo: undefined }));
    photoField.current?.focus();
  };
  const clearVideo = () => {
    chooseVideo(null);
    setClip(null);
    if (videoField.current) videoField.current.value = "";
  };
  const onVideo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setErrors((current) => ({ ...current, video: file && file.size > MAX_VIDEO_BYTES ? VIDEO_TOO_LARGE_MESSAGE : undefined, photo: undefined }));
    chooseVideo(file);
    setClip(null);
    if (!file) return;
    choosePhoto(null);
    if (photoField.current) photoField.current.value = "";
  };
  const removeVideo = () => {
    clearVideo();
    setErrors((current) => ({ ...current, video: undefined }));
    videoField.current?.focus();
  };
  // Read the chosen clip's length and first frame; a later choice makes an earlier answer stale.
  useEffect(() => {
    if (!video) return;
    let current = true;
    void readClip(video.url).then((facts) => {
      if (!current) return;
      setClip({ url: video.url, facts });
      if (tooLong(facts)) setErrors((errors) => ({ ...errors, video: VIDEO_TOO_LONG_MESSAGE }));
    });
    return () => {
      current = false;
    };
  }, [video]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(liveLookSchema, { text, wait, vibe });
    const found: Errors = checked.success ? {} : fieldErrors<Field>(checked.issues);
    if (photo && photo.file.size > MAX_IMAGE_BYTES) found.photo = IMAGE_TOO_LARGE_MESSAGE;
    const facts = clip && clip.url === video?.url ? clip.facts : null;
    if (video && video.file.size > MAX_VIDEO_BYTES) found.video = VIDEO_TOO_LARGE_MESSAGE;
    else if (tooLong(facts)) found.video = VIDEO_TOO_LONG_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      (found.text ? textField.current : found.photo ? photoField.current : videoField.current)?.focus();
      return;
    }
    const body = new FormData();
    body.set("text", text);
    if (wait) body.set("wait", wait);
    if (vibe) body.set("vibe", vibe);
    if (photo) body.set("photo", photo.file);
    if (video) body.set("video", video.file);
    if (video && facts?.poster) body.set("poster", facts.poster, "poster.jpg");
    setBusy(true);
    try {
      onPosted(await publicApi.postLiveLook(placeId, body));
    } catch (error) {
      const details = error instanceof ApiError ? (error.answer.details ?? []) : [];
      const byField: Errors = {};
      for (const { field, message } of details) if (field === "text" || field === "photo" || field === "video") byField[field] ??= message;
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
      <p className="look-form-note">No account needed. Your photo or video is stored without its location and phone details.</p>
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
      <div className="field">
        <label htmlFor={`${ids}-video`}>Or a video (optional: up to {MAX_VIDEO_SECONDS} seconds and 25 MB)</label>
        {/* capture: phones open their camera to record a clip; the recording is sent as the phone made it. */}
        <input
          id={`${ids}-video`}
          ref={videoField}
          type="file"
          accept="video/*"
          capture="environment"
          aria-invalid={errors.video ? true : undefined}
          aria-describedby={describedBy("video")}
          onChange={onVideo}
        />
        {video ? (
          <div className="look-preview">
            <video src={video.url} muted playsInline controls width="160" height="120" aria-label="Preview of your video" />
            <button type="button" className="link-button" onClick={removeVideo}>Remove video</button>
          </div>
        ) : null}
        {video && clip?.url === video.url && clip.facts.poster ? <p className="look-count">Its first frame shows until it is played.</p> : null}
        {fieldError("video")}
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
