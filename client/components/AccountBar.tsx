import { useEffect, useState } from "react";
import type { MeAnswer } from "../../common/schemas/answers";
import { currentAccount } from "../api/auth";
import { SignOutButton } from "./SignOutButton";

/** "Signed in as …" and Sign out, for the owner pages. */
export function AccountBar() {
  const [me, setMe] = useState<MeAnswer | null>(null);
  useEffect(() => {
    let current = true;
    currentAccount().then((outcome) => current && setMe(outcome.ok ? outcome.value : null));
    return () => {
      current = false;
    };
  }, []);
  return (
    <div className="account-bar">
      <p>{me ? <>Signed in as <strong>{me.name}</strong> ({me.email})</> : "Signed in"}</p>
      <SignOutButton />
    </div>
  );
}
