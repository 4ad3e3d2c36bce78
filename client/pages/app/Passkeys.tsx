// /app/settings, Passkeys: the account's passkeys, adding one on this device, renaming and
// removing them (docs/accounts.md#passkeys), adding and removing after "Confirm it's you"
// (docs/accounts.md#fresh-proof). The last way to sign in has no Remove button.
import { useState, type FormEvent } from "react";
import { PASSKEY_NAME_MAX_LENGTH, type PasskeyAnswer, type PasskeysAnswer } from "../../../common/schemas/passkeys";
import { failureMessage } from "../../api/auth";
import { addPasskey, passkeysSupported } from "../../api/passkeys";
import { ownerApi } from "../../api/ownerEndpoints";
import { InputField } from "../../components/Field";
import { ConfirmIdentity, useFreshProof } from "./ConfirmIdentity";
import { isOnlyWayIn } from "./settingsForm";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

const day = (iso: string) => formatInstant(Date.parse(iso), SITE_LOCALE, { day: "numeric", month: "short", year: "numeric" });

type Status = { ok: boolean; text: string } | null;

export function PasskeysSection({ passkeys, onChange }: { passkeys: PasskeysAnswer; onChange: (next: PasskeysAnswer) => void }) {
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [canAdd] = useState(passkeysSupported);
  const proof = useFreshProof();

  const add = async () => {
    setStatus(null);
    setBusy(true);
    const outcome = await addPasskey();
    setBusy(false);
    if (!outcome.ok) return setStatus({ ok: false, text: outcome.message });
    onChange({ ...passkeys, passkeys: [...passkeys.passkeys, outcome.value] });
    setStatus({ ok: true, text: `Added “${outcome.value.name}”.` });
  };

  const replace = (next: PasskeyAnswer) => onChange({ ...passkeys, passkeys: passkeys.passkeys.map((p) => (p.id === next.id ? next : p)) });
  const onAdd = () => {
    setStatus(null);
    proof.run(add);
  };
  const remove = (id: number) => onChange({ ...passkeys, passkeys: passkeys.passkeys.filter((p) => p.id !== id) });

  return (
    <section className="card settings-form" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>Sign in with your face, fingerprint or screen lock instead of a password. Your phone or computer keeps the passkey; we never see it.</p>
      {status ? <p role={status.ok ? "status" : "alert"} className={status.ok ? "success-message" : "form-error"}>{status.text}</p> : null}
      {passkeys.passkeys.length === 0 ? <p>No passkeys yet.</p> : null}
      <ul className="passkey-list">
        {passkeys.passkeys.map((passkey) => (
          <PasskeyItem key={passkey.id} passkey={passkey} only={isOnlyWayIn(passkeys)} withProof={proof.run} onRenamed={replace} onRemoved={remove} onStatus={setStatus} />
        ))}
      </ul>
      {proof.pending ? (
        <ConfirmIdentity hasPassword={passkeys.has_password} hasPasskeys={passkeys.passkeys.length > 0} onProved={proof.proved} onCancel={proof.cancel} />
      ) : null}
      {canAdd ? (
        <button type="button" className="button secondary" onClick={onAdd} disabled={busy}>
          {busy ? "Waiting for your passkey..." : "Add a passkey"}
        </button>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
    </section>
  );
}

function PasskeyItem(props: {
  passkey: PasskeyAnswer;
  only: boolean;
  withProof: (action: () => Promise<void>) => void;
  onRenamed: (next: PasskeyAnswer) => void;
  onRemoved: (id: number) => void;
  onStatus: (status: Status) => void;
}) {
  const { passkey, only } = props;
  const [mode, setMode] = useState<"view" | "rename" | "remove">("view");
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const nameId = `passkey-name-${passkey.id}`;

  const act = async (work: () => Promise<void>) => {
    props.onStatus(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      props.onStatus({ ok: false, text: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      props.onRenamed(await ownerApi.renamePasskey(passkey.id, { name }));
      setMode("view");
      props.onStatus({ ok: true, text: "Renamed." });
    });
  };

  const onRemove = () =>
    props.withProof(() => act(async () => {
      await ownerApi.removePasskey(passkey.id);
      props.onRemoved(passkey.id);
      props.onStatus({ ok: true, text: `Removed “${passkey.name}”.` });
    }));

  return (
    <li className="passkey-item">
      <p className="passkey-name">{passkey.name}</p>
      <p className="field-hint">
        Added {day(passkey.created_at)} · {passkey.last_used_at ? `last used ${day(passkey.last_used_at)}` : "not used to sign in yet"}
      </p>
      {mode === "rename" ? (
        <form onSubmit={onRename} noValidate>
          <InputField id={nameId} label="Name for this passkey" maxLength={PASSKEY_NAME_MAX_LENGTH} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
          <div className="app-links">
            <button type="submit" className="button" disabled={busy || name.trim() === ""}>Save name</button>
            <button type="button" className="link-button" onClick={() => setMode("view")}>Cancel</button>
          </div>
        </form>
      ) : mode === "remove" ? (
        <div className="app-links" role="group" aria-label={`Remove ${passkey.name}?`}>
          <span>Remove this passkey?</span>
          <button type="button" className="button danger" onClick={onRemove} disabled={busy} autoFocus>Remove</button>
          <button type="button" className="link-button" onClick={() => setMode("view")}>Keep it</button>
        </div>
      ) : (
        <div className="app-links">
          <button type="button" className="link-button" onClick={() => setMode("rename")} aria-label={`Rename ${passkey.name}`}>Rename</button>
          {only ? (
            <span className="field-hint">Your only way to sign in: add another passkey before removing this one.</span>
          ) : (
            <button type="button" className="link-button" onClick={() => setMode("remove")} aria-label={`Remove ${passkey.name}`}>Remove</button>
          )}
        </div>
      )}
    </li>
  );
}
