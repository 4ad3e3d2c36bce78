// /app/friends/invite/{token}: an invite link opened. Signed in, it makes you friends with its maker
// and says so; signed out, sign in first and come back (docs/friends.md#invite-links).
import { Link, Navigate, useParams } from "react-router";
import { failureMessage } from "../../api/auth";
import { friendsApi } from "../../api/friendsEndpoints";
import { session } from "../../api/session";
import { useApi } from "../../api/useApi";
import { signInPath } from "../../api/useRequireSession";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "./app.css";

export default function AcceptFriendInvite() {
  useDocumentTitle("Friend invite");
  const { token = "" } = useParams();
  const signedIn = session.accessToken() !== null;
  // A read keyed by the token: opening the page twice (strict mode, a refresh) sends one accept.
  const accepted = useApi(signedIn ? { key: `friend-invite ${token}`, load: () => friendsApi.acceptInvite(token) } : null);
  if (!signedIn) return <Navigate to={signInPath(`/app/friends/invite/${token}`)} replace />;
  return (
    <main className="page app-page" id="main">
      <h1>Friend invite</h1>
      {accepted.data ? (
        <p role="status">
          You and {accepted.data.friend.name || `@${accepted.data.friend.handle}`} are friends now.
        </p>
      ) : accepted.error ? (
        <p role="alert" className="form-error">{failureMessage(accepted.error)}</p>
      ) : (
        <p role="status">Accepting the invite…</p>
      )}
      <p><Link to="/app/friends">Go to your friends</Link></p>
    </main>
  );
}
