// "Confirm it's you" (docs/accounts.md#fresh-proof): the password or one of the account's
// passkeys, sent to POST /api/me/reauth before adding or removing a passkey or setting the password.
import { useState, type FormEvent } from "react";
import { failureMessage } from "../../api/auth";
import { ownerApi } from "../../api/ownerEndpoints";
import { passkeysSupported, proveWithPasskey } from "../../api/passkeys";
import { InputField } from "../../components/Field";
import { PROOF_TRUSTED_MS, SECURITY } from "./securityMessages";

export function ConfirmIdentity(props: { hasPassword: boolean; hasPasskeys: boolean; onProved: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withPasskey = props.hasPasskeys && passkeysSupported();

  const finish = async (proof: () => Promise<{ ok: boolean; message?: string }>) => {
    setError(null);
    setBusy(true);
    const outcome = await proof();
    setBusy(false);
    if (outcome.ok) props.onProved();
    else setError(outcome.message ?? null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void finish(async () => {
      try {
        await ownerApi.reauth({ password });
        return { ok: true };
      } catch (failure) {
        return { ok: false, message: failureMessage(failure) };
      }
    });
  };

  return (
    <form className="confirm-identity" onSubmit={onSubmit} noValidate aria-label={SECURITY.confirmHeading}>
      <p><strong>{SECURITY.confirmHeading}</strong></p>
      <p className="field-hint">{SECURITY.confirmIntro}</p>
      {error ? <p role="alert" className="form-error">{error}</p> : null}
      {props.hasPassword ? (
        <InputField id="confirm-password" label={SECURITY.confirmPasswordLabel} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
      ) : null}
      <div className="app-links">
        {props.hasPassword ? (
          <button type="submit" className="button" disabled={busy || password === ""}>{busy ? SECURITY.confirming : SECURITY.confirmWithPassword}</button>
        ) : null}
        {withPasskey ? (
          <button type="button" className={props.hasPassword ? "button secondary" : "button"} disabled={busy} onClick={() => void finish(proveWithPasskey)}>
            {SECURITY.confirmWithPasskey}
          </button>
        ) : null}
        <button type="button" className="link-button" onClick={props.onCancel}>{SECURITY.cancel}</button>
      </div>
    </form>
  );
}

/** Runs actions that need a fresh proof: at once while the page's last proof is fresh, else after "Confirm it's you". */
export function useFreshProof() {
  const [provenAt, setProvenAt] = useState<number | null>(null);
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);
  const run = (action: () => Promise<void>) => {
    if (provenAt !== null && Date.now() - provenAt < PROOF_TRUSTED_MS) void action();
    else setPending(() => action);
  };
  const proved = () => {
    setProvenAt(Date.now());
    const action = pending;
    setPending(null);
    if (action) void action();
  };
  return { run, pending: pending !== null, proved, cancel: () => setPending(null) };
}
