import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { acceptInvite } from "../../api/auth";
import { session } from "../../api/session";
import { signInPath } from "../../api/useRequireSession";
import { useDocumentTitle } from "../../components/useDocumentTitle";

/** /invite/{token}: signed in, join the place and open it on the dashboard; otherwise sign in first. */
export default function AcceptInvite() {
  useDocumentTitle("Accept invite");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const signedIn = session.accessToken() !== null;

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    acceptInvite(token).then((outcome) => {
      if (!current) return;
      if (outcome.ok) navigate(`/dashboard?place_id=${outcome.value.place_id}`, { replace: true });
      else setError(outcome.message);
    });
    return () => {
      current = false;
    };
  }, [signedIn, token, navigate]);

  if (!signedIn) return <Navigate to={signInPath(`/invite/${token}`)} replace />;

  return (
    <main className="page narrow" id="main">
      <h1>Join a venue on Third Place</h1>
      {error ? (
        <>
          <p role="alert" className="form-error">{error}</p>
          <p>
            <Link to="/dashboard">Go to your dashboard</Link>
          </p>
        </>
      ) : (
        <p role="status">Accepting your invite…</p>
      )}
    </main>
  );
}
