import { useState } from "react";
import { useNavigate } from "react-router";
import { signOut } from "../api/auth";

/** Ends the sign-in here and on the server, then shows a sign-in page (the partners' by default). */
export function SignOutButton({ to = "/auth" }: { to?: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut();
    navigate(to, { replace: true, state: { signedOut: true } });
  };
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={busy}>
      {busy ? "Signing out..." : "Sign out"}
    </button>
  );
}
