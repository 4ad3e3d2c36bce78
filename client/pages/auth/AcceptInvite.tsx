import { useEffect } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { failureMessage } from "../../api/auth";
import { ownerApi } from "../../api/ownerEndpoints";
import { session } from "../../api/session";
import { useApi } from "../../api/useApi";
import { signInPath } from "../../api/useRequireSession";
import { useDocumentTitle } from "../../components/useDocumentTitle";

/** /invite/{token}: signed in, join the place and open it on the dashboard; otherwise sign in first. */
export default function AcceptInvite() {
  useDocumentTitle("Accept invite");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const signedIn = session.accessToken() !== null;
  const accepted = useApi(signedIn ? ownerApi.acceptInvite({ token }) : null);
  const placeId = accepted.data?.place_id;
  const error = accepted.error === null ? null : failureMessage(accepted.error);

  useEffect(() => {
    if (placeId !== undefined) navigate(`/dashboard?place_id=${placeId}`, { replace: true });
  }, [placeId, navigate]);

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
