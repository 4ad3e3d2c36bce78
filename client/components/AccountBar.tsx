import { ownerApi } from "../api/ownerEndpoints";
import { useApi } from "../api/useApi";
import { SignOutButton } from "./SignOutButton";

/** "Signed in as …" and Sign out, for the owner pages. */
export function AccountBar() {
  const { data: me } = useApi(ownerApi.me());
  return (
    <div className="account-bar">
      <p>{me ? <>Signed in as <strong>{me.name}</strong> ({me.email})</> : "Signed in"}</p>
      <SignOutButton />
    </div>
  );
}
