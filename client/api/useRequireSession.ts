// The owner pages' entry rule (spec §2, owner dashboard): `token` and `user_id` query parameters are
// stored (a sign-in link from elsewhere) and removed from the address bar; without a stored token the
// visitor goes to /auth and comes back here afterwards.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { session } from "./session";

/** Splits the session parameters off a query string; `rest` keeps everything else (e.g. place_id). */
export function takeSessionParams(search: string) {
  const params = new URLSearchParams(search);
  const token = params.get("token");
  const userId = params.get("user_id");
  params.delete("token");
  params.delete("user_id");
  const rest = params.toString();
  return { token, userId, rest: rest ? `?${rest}` : "" };
}

/** The /auth address that brings the visitor back to `path` after signing in. */
export const signInPath = (path: string) => `/auth?next=${encodeURIComponent(path)}`;

/** True once the page may load owner data; otherwise the visitor is on the way to /auth. */
export function useRequireSession(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [signedIn] = useState(() => {
    const { token, userId } = takeSessionParams(location.search);
    if (token) session.store(token, userId ?? undefined);
    return session.accessToken() !== null;
  });

  useEffect(() => {
    const { token, userId, rest } = takeSessionParams(location.search);
    if (token !== null || userId !== null) {
      navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
    } else if (!signedIn) {
      navigate(signInPath(location.pathname + location.search), { replace: true });
    }
  }, [signedIn, location.pathname, location.search, location.hash, navigate]);

  return signedIn;
}
