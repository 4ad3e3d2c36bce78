// /reset-password?token=…: the mailed link's page. The token leaves the address bar before
// anything else (it is a one-time secret), then the new password uses it up
// (POST /api/auth/password-reset/confirm, docs/accounts.md#password-reset).
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import * as v from "valibot";
import { passwordResetConfirmSchema } from "../../../common/schemas/auth";
import { failureMessage } from "../../api/auth";
import { ApiError } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { InputField } from "../../components/Field";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AuthCard } from "./AuthCard";
import { RESET } from "./resetMessages";

/** Reads the link's token once and takes it out of the address bar (replaced, no new history entry). */
function takeTokenFromAddress(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token") ?? "";
  if (url.searchParams.has("token")) {
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }
  return token;
}

export default function ResetPassword() {
  useDocumentTitle(RESET.resetTitle);
  const [token] = useState(takeTokenFromAddress);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(passwordResetConfirmSchema, { token, password });
    if (!parsed.success) {
      const field = v.flatten(parsed.issues).nested ?? {};
      if (field.token) setGone(true);
      return setError(field.password?.[0] ?? field.token?.[0] ?? null);
    }
    setError(null);
    setBusy(true);
    try {
      await ownerApi.confirmPasswordReset(parsed.output);
      setDone(true);
    } catch (failure) {
      setGone(failure instanceof ApiError && failure.status === 410);
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={RESET.resetTitle}>
      {done ? (
        <>
          <p role="status" className="success-message">{RESET.done}</p>
          <p><Link className="button" to="/signin">{RESET.signIn}</Link></p>
        </>
      ) : token === "" ? (
        <p role="alert" className="form-error">{RESET.noToken} <Link to="/forgot-password">{RESET.askAgain}</Link></p>
      ) : (
        <>
          <p className="auth-intro">{RESET.resetIntro}</p>
          {error && gone ? <p role="alert" className="form-error">{error} <Link to="/forgot-password">{RESET.askAgain}</Link></p> : null}
          <form onSubmit={onSubmit} noValidate>
            <InputField id="reset-password" label={RESET.passwordLabel} hint={RESET.passwordHint} type="password" autoComplete="new-password" value={password} error={gone ? undefined : (error ?? undefined)} onChange={(event) => setPassword(event.target.value)} />
            <button type="submit" className="button" disabled={busy}>{busy ? RESET.saving : RESET.save}</button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
