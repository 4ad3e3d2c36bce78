import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { ADMIN_WRONG_PASSWORD_MESSAGE } from "../../../common/schemas/auth";
import { ADMIN_SESSION_ENDED_EVENT, adminSession } from "../../api/adminSession";
import { adminSignIn, endAdminSession } from "../../api/auth";

/**
 * The admin area's password gate. The server checks the password and answers an admin
 * token; the page only keeps that token (see adminSession).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => adminSession.token());
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const errorId = useId();

  // adminRequest() announces a refused token; the gate locks again.
  useEffect(() => {
    const lock = () => setToken(null);
    window.addEventListener(ADMIN_SESSION_ENDED_EVENT, lock);
    return () => window.removeEventListener(ADMIN_SESSION_ENDED_EVENT, lock);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(ADMIN_WRONG_PASSWORD_MESSAGE);
      return;
    }
    setBusy(true);
    const outcome = await adminSignIn(password);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    adminSession.store(outcome.value.access_token, remember);
    setPassword("");
    setError(null);
    setToken(outcome.value.access_token);
  };

  const signOut = () => {
    void endAdminSession();
    setToken(null);
  };

  if (token) {
    return (
      <>
        <div className="admin-session-bar">
          <p>Signed in as administrator</p>
          <button type="button" className="button secondary" onClick={signOut}>Sign out</button>
        </div>
        {children}
      </>
    );
  }

  return (
    <main className="page narrow" id="main">
      <div className="card auth-card">
        <h1>Admin</h1>
        <p className="auth-intro">Enter the admin password to manage businesses, events, tags and devices.</p>
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={passwordId}>Admin password</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              required
            />
            {error ? <p className="field-error" id={errorId} role="alert">{error}</p> : null}
          </div>
          <div className="checkbox-field">
            <input
              id={`${passwordId}-remember`}
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <label htmlFor={`${passwordId}-remember`}>Remember this browser</label>
          </div>
          <button type="submit" className="button" disabled={busy}>{busy ? "Checking..." : "Unlock"}</button>
        </form>
      </div>
    </main>
  );
}
