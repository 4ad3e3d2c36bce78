// Whether this browser holds a session, read so that a page stays right when it changes under it: a
// lapsed session that fails to refresh on a public page turns its buttons into "Sign in to …"
// links in place (docs/accounts.md#the-two-doors).
import { useSyncExternalStore } from "react";
import { useHydrated } from "../lib/hydration";
import { session } from "./session";

const hasToken = () => session.accessToken() !== null;
// The worker renders every page signed out, and hydration must render what it rendered.
const onServer = () => false;

export function useSignedIn(): boolean {
  const hydrated = useHydrated();
  const signedIn = useSyncExternalStore(session.subscribe, hasToken, onServer);
  return hydrated && signedIn;
}
