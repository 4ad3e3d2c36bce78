// The owner pages' entry rule for `?token=&user_id=` links, made safe (issue 12): a link's `code` (a
// one-time hand-off code), `token` and `user_id` leave the address bar and this history entry at
// once, and nobody is signed in, or switched from their own account, without answering "Continue
// as …?". A bare `token` is only considered when no one is signed in here. Without a session the
// visitor goes to the door of the page's area (/signin for /app, /auth for owners' pages) and comes
// back here afterwards.
import { useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { HandoffPrompt, type Pickup } from "../components/HandoffPrompt";
import { session } from "./session";
import { consumerSignInPath, signInPathFor } from "./signInPaths";

const IGNORED_TOKEN_NOTE =
  "This link carried a sign-in for an account; it was ignored because you are already signed in here.";

/** Splits the session parameters off a query string; `rest` keeps everything else (e.g. place_id). */
export function takeSessionParams(search: string) {
  const params = new URLSearchParams(search);
  const token = params.get("token");
  const code = params.get("code");
  const userId = params.get("user_id");
  for (const name of ["token", "code", "user_id"]) params.delete(name);
  const rest = params.toString();
  return { token, code, userId, rest: rest ? `?${rest}` : "", found: token !== null || code !== null || userId !== null };
}

/** The sign-in address that brings the visitor back to `path` (a page that needs a session). */
export const signInPath = (path: string) => signInPathFor(path) ?? consumerSignInPath(path);

/** What a link offers: a code (the app's own hand-off) wins over a bare token. */
function pickupFrom({ token, code, userId }: ReturnType<typeof takeSessionParams>): Pickup | null {
  if (code) return { kind: "code", code, userId };
  if (token) return { kind: "token", token };
  return null;
}

/**
 * `ready` once the page may load owner data; `pickupView` is the "Continue as …?" question (or a
 * note) to show while a link's sign-in is pending.
 */
export function useRequireSession(): { ready: boolean; pickupView: ReactNode } {
  const location = useLocation();
  const navigate = useNavigate();
  const [entry] = useState(() => {
    const taken = takeSessionParams(location.search);
    // Before anything renders or loads: the router's own replace comes later, in an effect.
    if (taken.found) window.history.replaceState(window.history.state, "", location.pathname + taken.rest + location.hash);
    const pickup = pickupFrom(taken);
    if (pickup?.kind === "token" && session.accessToken() !== null) return { pickup: null, note: IGNORED_TOKEN_NOTE };
    return { pickup, note: null };
  });
  const [pickup, setPickup] = useState(entry.pickup);
  const [signedIn, setSignedIn] = useState(() => session.accessToken() !== null);
  const deciding = pickup !== null;

  useEffect(() => {
    const { found, rest } = takeSessionParams(location.search);
    if (found) {
      navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
    } else if (!deciding && !signedIn) {
      navigate(signInPath(location.pathname + location.search), { replace: true });
    }
  }, [deciding, signedIn, location.pathname, location.search, location.hash, navigate]);

  const done = () => {
    setPickup(null);
    setSignedIn(session.accessToken() !== null);
  };
  const pickupView = pickup ? (
    <HandoffPrompt pickup={pickup} onDone={done} />
  ) : entry.note ? (
    <p role="status" className="hint">{entry.note}</p>
  ) : null;
  return { ready: signedIn && !deciding, pickupView };
}
