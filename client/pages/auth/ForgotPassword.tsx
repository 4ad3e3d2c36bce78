// /forgot-password: asks for a reset link (POST /api/auth/password-reset). The answer is the same
// whether or not the address has an account, so the page says the same (docs/accounts.md#password-reset).
import { useState, type FormEvent } from "react";
import * as v from "valibot";
import { passwordResetRequestSchema } from "../../../common/schemas/auth";
import { failureMessage } from "../../api/auth";
import { ownerApi } from "../../api/ownerEndpoints";
import { InputField } from "../../components/Field";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AuthCard } from "./AuthCard";
import { RESET } from "./resetMessages";

export default function ForgotPassword() {
  useDocumentTitle(RESET.forgotTitle);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(passwordResetRequestSchema, { email });
    if (!parsed.success) return setError(parsed.issues[0].message);
    setError(null);
    setBusy(true);
    try {
      await ownerApi.requestPasswordReset(parsed.output);
      setSent(true);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={RESET.forgotTitle}>
      {sent ? (
        <p role="status" className="success-message">{RESET.sent}</p>
      ) : (
        <>
          <p className="auth-intro">{RESET.forgotIntro}</p>
          <form onSubmit={onSubmit} noValidate>
            <InputField id="reset-email" label={RESET.emailLabel} type="email" autoComplete="email" value={email} error={error ?? undefined} onChange={(event) => setEmail(event.target.value)} />
            <button type="submit" className="button" disabled={busy}>{busy ? RESET.sending : RESET.send}</button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
