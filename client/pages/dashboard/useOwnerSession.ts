// Owner pages need an access token (spec §2 Owner dashboard): `token` and `user_id` in the query
// are stored (a sign-in link hands them over) and the token leaves the address bar; without a
// token the owner is sent to /auth and comes back here after signing in.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { session } from "../../api/session";

/** True once a token is stored; until then the page shows its loading state. */
export function useOwnerSession(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get("token");
    if (token) {
      session.store(token, params.get("user_id") ?? undefined);
      params.delete("token");
      params.delete("user_id");
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
      return;
    }
    if (!session.accessToken()) {
      navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
      return;
    }
    setReady(true);
  }, [location.pathname, location.search, navigate]);

  return ready;
}
