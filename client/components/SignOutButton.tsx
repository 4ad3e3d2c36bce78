import { useState } from "react";
import { useNavigate } from "react-router";
import { signOut } from "../api/auth";

/** Ends the owner's sign-in here and on the server, then shows the sign-in page. */
export function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut();
    navigate("/auth", { replace: true, state: { signedOut: true } });
  };
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={busy}>
      {busy ? "Signing out..." : "Sign out"}
    </button>
  );
}
