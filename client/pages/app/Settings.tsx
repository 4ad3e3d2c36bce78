// /app/settings: the profile (PATCH /api/me), passkeys (Passkeys.tsx) and deleting the account
// (DELETE /api/me with the password or a passkey). Rules in docs/accounts.md#profile.
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { MeAnswer } from "../../../common/schemas/answers";
import type { PasskeysAnswer } from "../../../common/schemas/passkeys";
import { PLACE_CATEGORIES } from "../../../common/schemas/place";
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, NEIGHBOURHOOD_MAX } from "../../../common/schemas/profile";
import { LEVELS } from "../../../common/vocabulary";
import { browserTimeZone, deleteAccount, failureMessage } from "../../api/auth";
import { publicApi } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { deleteAccountWithPasskey, passkeysSupported } from "../../api/passkeys";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { InputField, SelectField } from "../../components/Field";
import { SignOutButton } from "../../components/SignOutButton";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PasskeysSection } from "./Passkeys";
import { SignInSecurity } from "./SignInSecurity";
import { Skeleton } from "./shell/Skeleton";
import { HomeAreaPicker } from "./HomeAreaPicker";
import { fieldsOf, settingsPatch, supportedTimeZones, tagChoices, timeZoneGroups, toggleTag, type SettingsErrors, type SettingsFields } from "./settingsForm";
import { SETTINGS } from "./settingsMessages";
import "./app.css";
import { PushPrompt } from "../../app/PushPrompt";

export default function Settings() {
  useDocumentTitle(SETTINGS.title);
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  const passkeys = useApi(ready ? ownerApi.passkeys() : null);
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>{SETTINGS.title}</h1>
      {me.error ? <p role="alert" className="form-error">{failureMessage(me.error)}</p> : null}
      {me.data ? <ProfileForm me={me.data} onSaved={me.setData} /> : ready && !me.error ? <Skeleton rows={4} tall /> : null}
      {passkeys.data ? <PasskeysSection passkeys={passkeys.data} onChange={passkeys.setData} /> : null}
      {passkeys.data ? <SignInSecurity passkeys={passkeys.data} onPasswordSet={() => passkeys.setData({ ...passkeys.data!, has_password: true })} /> : null}
      {/* Signing out lives here now that the app's home is a map (docs/app.md#the-app-shell). */}
      {ready ? <p className="app-links"><SignOutButton to="/signin" /></p> : null}
      {me.data && passkeys.data ? <DeleteAccount passkeys={passkeys.data} /> : null}
    </main>
  );
}

export function ProfileForm({ me, onSaved }: { me: MeAnswer; onSaved: (me: MeAnswer) => void }) {
  const [fields, setFields] = useState<SettingsFields>(() => fieldsOf(me, browserTimeZone()));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const knownTags = useApi(publicApi.tags());
  const tags = tagChoices(knownTags.data?.tags.map((tag) => tag.name) ?? [], fields.tags);
  const zones = useMemo(() => timeZoneGroups(supportedTimeZones(), fields.timeZone, SETTINGS.otherZones), [fields.timeZone]);
  const set = (patch: Partial<SettingsFields>) => setFields((current) => ({ ...current, ...patch }));
  const text = (key: "name" | "handle" | "level" | "neighbourhood" | "timeZone" | "quietFrom" | "quietTo") => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value }),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const result = settingsPatch(fields);
    if ("errors" in result) {
      setErrors(result.errors);
      setStatus({ ok: false, text: SETTINGS.checkFields });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await ownerApi.updateMe(result.patch);
      onSaved(saved);
      setFields(fieldsOf(saved, browserTimeZone()));
      setStatus({ ok: true, text: SETTINGS.saved });
    } catch (error) {
      setStatus({ ok: false, text: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label={SETTINGS.formLabel}>
      {status ? <p role={status.ok ? "status" : "alert"} className={status.ok ? "success-message" : "form-error"}>{status.text}</p> : null}
      <InputField id="settings-name" label={SETTINGS.name} autoComplete="name" error={errors.name} {...text("name")} />
      <InputField
        id="settings-handle"
        label={SETTINGS.handle}
        autoComplete="username"
        hint={SETTINGS.handleHint(HANDLE_MIN_LENGTH, HANDLE_MAX_LENGTH)}
        error={errors.handle}
        {...text("handle")}
      />
      <HomeAreaPicker home={fields.home} error={errors.home} onChange={(home) => set({ home })} />
      <fieldset>
        <legend>{SETTINGS.likesLegend}</legend>
        <p className="settings-label">{SETTINGS.categoriesLabel}</p>
        <div className="checkbox-grid">
          {PLACE_CATEGORIES.map((category) => (
            <label key={category} className="check-row">
              <input
                type="checkbox"
                checked={fields.categories.includes(category)}
                onChange={(event) =>
                  set({ categories: event.target.checked ? [...fields.categories, category] : fields.categories.filter((c) => c !== category) })
                }
              />
              <span>{category.replace(/-/g, " ")}</span>
            </label>
          ))}
        </div>
        {tags.length > 0 ? (
          <>
            <p className="settings-label" id="settings-tags">{SETTINGS.tagsLabel}</p>
            <p className="field-hint" id="settings-tags-hint">{SETTINGS.tagsHint}</p>
            <div className="chips wrap" role="group" aria-labelledby="settings-tags" aria-describedby="settings-tags-hint">
              {tags.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  className="chip"
                  aria-pressed={fields.tags.some((chosen) => chosen.toLowerCase() === tag.toLowerCase())}
                  onClick={() => set({ tags: toggleTag(fields.tags, tag) })}
                >
                  {tag}
                </button>
              ))}
            </div>
          </>
        ) : null}
        <SelectField id="settings-level" label={SETTINGS.level} {...text("level")}>
          <option value="">{SETTINGS.anyLevel}</option>
          {LEVELS.map((level) => <option key={level} value={level}>{level}</option>)}
        </SelectField>
        {errors.preferences ? <p className="field-error">{errors.preferences}</p> : null}
        <InputField
          id="settings-neighbourhood"
          label={SETTINGS.neighbourhood}
          hint={SETTINGS.neighbourhoodHint}
          autoComplete="off"
          maxLength={NEIGHBOURHOOD_MAX}
          error={errors.neighbourhood}
          {...text("neighbourhood")}
        />
        <label className="check-row">
          <input type="checkbox" checked={fields.shareLikes} onChange={(event) => set({ shareLikes: event.target.checked })} />
          <span>{SETTINGS.shareLikes}</span>
        </label>
        <p className="field-hint">{SETTINGS.shareLikesHint}</p>
      </fieldset>
      <fieldset>
        <legend>{SETTINGS.notificationsLegend}</legend>
        <PushPrompt mode="settings" />
        <SelectField id="settings-time-zone" label={SETTINGS.timeZone} hint={SETTINGS.timeZoneHint} error={errors.time_zone} {...text("timeZone")}>
          {zones.map((group) => (
            <optgroup key={group.region} label={group.region}>
              {group.zones.map((zone) => <option key={zone.value} value={zone.value}>{zone.label}</option>)}
            </optgroup>
          ))}
        </SelectField>
        <label className="check-row">
          <input type="checkbox" checked={fields.quietOn} onChange={(event) => set({ quietOn: event.target.checked })} />
          <span>{SETTINGS.quietOn}</span>
        </label>
        {fields.quietOn ? (
          <div className="pair">
            <InputField id="settings-quiet-from" label={SETTINGS.quietFrom} type="time" {...text("quietFrom")} />
            <InputField id="settings-quiet-to" label={SETTINGS.quietTo} type="time" {...text("quietTo")} />
          </div>
        ) : null}
        {errors.quiet_hours ? <p className="field-error">{errors.quiet_hours}</p> : null}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>{busy ? SETTINGS.saving : SETTINGS.save}</button>
    </form>
  );
}

function DeleteAccount({ passkeys }: { passkeys: PasskeysAnswer }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A passkey confirms as well as the password; an account without a password has only that.
  const withPasskey = passkeys.passkeys.length > 0 && passkeysSupported();

  const run = async (deletion: () => Promise<{ ok: boolean; message?: string }>) => {
    setBusy(true);
    const outcome = await deletion();
    setBusy(false);
    if (outcome.ok) navigate("/signin", { replace: true, state: { deleted: true } });
    else setError(outcome.message ?? null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => deleteAccount(password));
  };

  return (
    <section className="card danger-zone settings-form" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete my account</h2>
      <p>Your profile, saved places, follows, passkeys and sign-ins go for good. Reviews and Live Looks stay, without your name.</p>
      {open ? (
        <form onSubmit={onSubmit} noValidate>
          {error ? <p role="alert" className="form-error">{error}</p> : null}
          {passkeys.has_password ? (
            <InputField
              id="delete-password"
              label="Your password, to confirm"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
          <div className="app-links">
            {passkeys.has_password ? (
              <button type="submit" className="button danger" disabled={busy || password === ""}>
                {busy ? "Deleting..." : "Delete my account for good"}
              </button>
            ) : null}
            {withPasskey ? (
              <button type="button" className={passkeys.has_password ? "button secondary" : "button danger"} disabled={busy} onClick={() => void run(deleteAccountWithPasskey)}>
                {busy ? "Deleting..." : "Confirm with a passkey and delete"}
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={() => setOpen(false)}>Keep my account</button>
          </div>
          {!passkeys.has_password && !withPasskey ? <p>This browser cannot use passkeys: delete your account from one that can.</p> : null}
        </form>
      ) : (
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>Delete my account…</button>
      )}
    </section>
  );
}
