import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { SessionAnswer } from "../../../common/schemas/answers";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../common/schemas/auth";
import { signIn, signUp, type Outcome } from "../../api/auth";
import { passkeysSupported, signInWithPasskey, signUpWithPasskey } from "../../api/passkeys";
import { ownerApi } from "../../api/ownerEndpoints";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { RESET } from "./resetMessages";
import { homeOf, safeNext, validateAuthForm, validatePasskeySignUp, type AuthErrors, type AuthFields, type AuthMode } from "./authForm";

interface FieldProps {
  name: keyof AuthFields;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}

function Field({ name, label, type, autoComplete, value, error, hint, onChange, inputRef }: FieldProps) {
  const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint ? <p className="field-hint" id={`${name}-hint`}>{hint}</p> : null}
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        ref={inputRef}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? <p className="field-error" id={`${name}-error`}>{error}</p> : null}
    </div>
  );
}

const emptyFields: AuthFields = { name: "", email: "", password: "" };

const COPY = {
  partner: {
    signup: ["Create your partner account", "Venue owners and their co-owners use one account to see live capacity, peak hours, events and device status."],
    signin: ["Sign in to your dashboard", "Welcome back. Sign in to see how busy your venue is right now."],
  },
  consumer: {
    signup: ["Create your account", "Save places, follow the nights you like and see where it's Relaxed, Lively or Packed tonight."],
    signin: ["Sign in", "Welcome back. Venue owners use the same account: you'll land on your dashboard."],
  },
} as const;

/**
 * /auth (partners, the spec's page: on to `next` or the dashboard) and /signin, /signup (everyone:
 * without a `next`, accounts with places go to the dashboard and the rest to /app).
 */
export function AuthPage({ audience, initialMode }: { audience: keyof typeof COPY; initialMode?: AuthMode }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(initialMode ?? (params.get("mode") === "signup" ? "signup" : "signin"));
  const [fields, setFields] = useState<AuthFields>(emptyFields);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // Checked once: jsdom and old browsers have no WebAuthn, and then no passkey button shows.
  const [canUsePasskeys] = useState(passkeysSupported);
  const inputs = useRef<Partial<Record<keyof AuthFields, HTMLInputElement | null>>>({});
  const signingUp = mode === "signup";
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  // People going out are offered a passkey before the password (docs/accounts.md#the-two-doors);
  // signing up, it takes the name and email typed first, so there it comes after them as the
  // first choice.
  const passkeyFirst = audience === "consumer" && canUsePasskeys && !signingUp;
  const passkeyPreferred = audience === "consumer";
  useDocumentTitle(signingUp ? "Create account" : "Sign in");

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setErrors({});
    setServerError(null);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Shows the refused fields' messages and focuses the first; true when every field is valid. */
  const acceptFields = (found: AuthErrors) => {
    setErrors(found);
    setServerError(null);
    const firstInvalid = (["name", "email", "password"] as const).find((field) => found[field]);
    inputs.current[firstInvalid ?? "name"]?.focus();
    return firstInvalid === undefined;
  };

  const finish = async (outcome: Outcome<SessionAnswer>) => {
    if (outcome.ok) {
      const next = params.get("next");
      const places = audience === "consumer" && !next ? (await ownerApi.me().load().catch(() => null))?.places : undefined;
      navigate(places ? homeOf(places) : safeNext(next), { replace: true });
    } else {
      setServerError(outcome.message);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!acceptFields(validateAuthForm(mode, fields))) return;
    setBusy(true);
    const outcome = signingUp ? await signUp(fields) : await signIn({ email: fields.email, password: fields.password });
    setBusy(false);
    await finish(outcome);
  };

  // Signing up with a passkey takes the name and email above and no password; signing in needs neither.
  const onPasskey = async () => {
    if (signingUp && !acceptFields(validatePasskeySignUp(fields))) return;
    setErrors({});
    setServerError(null);
    setPasskeyBusy(true);
    const outcome = signingUp ? await signUpWithPasskey({ name: fields.name, email: fields.email }) : await signInWithPasskey();
    setPasskeyBusy(false);
    await finish(outcome);
  };

  const fieldProps = (name: keyof AuthFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
  });

  const passkeyOption = canUsePasskeys ? (
    <div className={passkeyFirst ? "passkey-option passkey-first" : "passkey-option"}>
      {passkeyFirst ? null : <p className="auth-or" aria-hidden="true">or</p>}
      <button type="button" className={passkeyPreferred ? "button" : "button secondary"} onClick={onPasskey} disabled={busy || passkeyBusy} aria-describedby="passkey-hint">
        {passkeyBusy ? "Waiting for your passkey..." : signingUp ? "Sign up with a passkey" : "Sign in with a passkey"}
      </button>
      <p className="field-hint" id="passkey-hint">
        {signingUp
          ? "Uses your name and email above and no password: your phone or computer unlocks the passkey with your face, fingerprint or PIN."
          : "No email or password needed. Made your account with a passkey? It has no password: sign in here."}
      </p>
      {passkeyFirst ? <p className="auth-or" aria-hidden="true">or</p> : null}
    </div>
  ) : null;

  return (
    <main className="page narrow" id="main">
      <div className="card auth-card">
        <h1>{COPY[audience][mode][0]}</h1>
        <p className="auth-intro">{COPY[audience][mode][1]}</p>
        {signedOut ? <p role="status" className="success-message">You have signed out.</p> : null}
        {serverError ? <p role="alert" className="form-error">{serverError}</p> : null}
        {passkeyFirst ? passkeyOption : null}
        <form onSubmit={onSubmit} noValidate>
          {signingUp ? <Field {...fieldProps("name")} label="Your name" type="text" autoComplete="name" /> : null}
          <Field {...fieldProps("email")} label="Email" type="email" autoComplete="email" />
          <Field
            {...fieldProps("password")}
            label="Password"
            type="password"
            autoComplete={signingUp ? "new-password" : "current-password"}
            hint={signingUp ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` : undefined}
          />
          {signingUp ? null : (
            <p className="auth-forgot">
              <Link to="/forgot-password">{RESET.forgotLink}</Link>
            </p>
          )}
          <button type="submit" className="button" disabled={busy || passkeyBusy}>
            {signingUp ? (busy ? "Creating account..." : "Create account") : busy ? "Signing in..." : "Sign in"}
          </button>
        </form>
        {passkeyFirst ? null : passkeyOption}
        <p className="auth-switch">
          {signingUp ? "Already have an account? " : "New to Third Place? "}
          <button type="button" className="link-button" onClick={() => switchMode(signingUp ? "signin" : "signup")}>
            {signingUp ? "Sign in instead" : "Create an account"}
          </button>
        </p>
      </div>
    </main>
  );
}

export default function SignIn() {
  return <AuthPage audience="partner" />;
}
