import { useEffect, useState } from "react";
import type { MeAnswer } from "../../worker/schemas/answers";
import { request } from "../api/request";
import { SignOutButton } from "./SignOutButton";

/** "Signed in as …" and Sign out, for the owner pages. */
export function AccountBar() {
  const [me, setMe] = useState<MeAnswer | null>(null);
  useEffect(() => {
    let current = true;
    request("GET", "/api/me")
      .then((response) => (response.ok ? (response.json() as Promise<MeAnswer>) : null))
      .then((answer) => current && setMe(answer))
      .catch((error) => console.error("Failed to load the signed-in account", error));
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
