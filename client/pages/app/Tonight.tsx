// /app: the consumer's home, mobile first. For now a greeting, the way to the live map and the
// saved places (filled by the saved-places work; docs/accounts.md#the-consumer-app).
import { Link } from "react-router";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { SignOutButton } from "../../components/SignOutButton";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "./app.css";

export default function Tonight() {
  useDocumentTitle("Tonight");
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  const firstName = me.data?.name.split(" ")[0];
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>{firstName ? `Good to see you, ${firstName}` : "Tonight"}</h1>
      {me.data ? <p className="hint">@{me.data.handle}</p> : null}
      {me.data && me.data.places.length > 0 ? (
        <p><Link to="/dashboard">Open your venue dashboard</Link></p>
      ) : null}
      <section className="card app-section" aria-labelledby="tonight-map">
        <h2 id="tonight-map">Where to go</h2>
        <p>See how busy places are right now: Relaxed, Lively or Packed.</p>
        <Link className="button" to="/live-look">Open the live map</Link>
      </section>
      <section className="card app-section" aria-labelledby="saved-places">
        <h2 id="saved-places">Saved places</h2>
        <p>Nothing saved yet. Open a place from the live map and save it to see it here.</p>
      </section>
      <nav className="app-links" aria-label="Your account">
        <Link to="/app/plans">Plans</Link>
        <Link to="/app/messages">Messages</Link>
        <Link to="/app/settings">Settings</Link>
        <SignOutButton to="/signin" />
      </nav>
    </main>
  );
}
