// Settings' "Signing in": the password (set or changed after "Confirm it's you") and "Sign out
// everywhere" (docs/accounts.md#fresh-proof, #signing-out-everywhere).
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { PasskeysAnswer } from "../../../common/schemas/passkeys";
import { failureMessage } from "../../api/auth";
import { ownerApi } from "../../api/ownerEndpoints";
import { session } from "../../api/session";
import { InputField } from "../../components/Field";
import { ConfirmIdentity, useFreshProof } from "./ConfirmIdentity";
import { SECURITY } from "./securityMessages";

export function SignInSecurity({ passkeys, onPasswordSet }: { passkeys: PasskeysAnswer; onPasswordSet: () => void }) {
  const navigate = useNavigate();
  const proof = useFreshProof();
  const [password, setPassword] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [askingEverywhere, setAskingEverywhere] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await ownerApi.setPassword({ password });
      setPassword("");
      setStatus({ ok: true, text: SECURITY.passwordSaved });
      onPasswordSet();
    } catch (error) {
      setStatus({ ok: false, text: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    proof.run(save);
  };

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await ownerApi.signOutEverywhere();
      session.clear();
      navigate("/signin", { replace: true });
    } catch (error) {
      setStatus({ ok: false, text: failureMessage(error) });
      setBusy(false);
    }
  };

  return (
    <section className="card settings-form" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{SECURITY.heading}</h2>
      {status ? <p role={status.ok ? "status" : "alert"} className={status.ok ? "success-message" : "form-error"}>{status.text}</p> : null}
      <form onSubmit={onSubmit} noValidate aria-label={passkeys.has_password ? SECURITY.changePassword : SECURITY.setPassword}>
        <InputField id="new-password" label={SECURITY.newPasswordLabel} hint={SECURITY.newPasswordHint} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <button type="submit" className="button secondary" disabled={busy || password === ""}>{passkeys.has_password ? SECURITY.changePassword : SECURITY.setPassword}</button>
      </form>
      {proof.pending ? (
        <ConfirmIdentity hasPassword={passkeys.has_password} hasPasskeys={passkeys.passkeys.length > 0} onProved={proof.proved} onCancel={proof.cancel} />
      ) : null}
      <p>{SECURITY.signOutEverywhereIntro}</p>
      {askingEverywhere ? (
        <div className="app-links" role="group" aria-label={SECURITY.signOutEverywhereConfirm}>
          <span>{SECURITY.signOutEverywhereConfirm}</span>
          <button type="button" className="button danger" onClick={() => void signOutEverywhere()} disabled={busy} autoFocus>{SECURITY.signOutEverywhereYes}</button>
          <button type="button" className="link-button" onClick={() => setAskingEverywhere(false)}>{SECURITY.cancel}</button>
        </div>
      ) : (
        <button type="button" className="button secondary" onClick={() => setAskingEverywhere(true)}>{SECURITY.signOutEverywhere}</button>
      )}
    </section>
  );
}
