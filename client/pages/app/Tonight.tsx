// /app "Tonight": the consumer's home, mobile first (docs/app.md#tonight). Each section is its own
// component: saved places now, events at them, specials on or starting soon at them, suggestions
// for now or later, the inbox. Watches are each saved place's `actions` (SavedPlaces).
import { Link } from "react-router";
import { savedApi } from "../../api/savedEndpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { InstallOffer } from "../../app/InstallOffer";
import { CheckedInReminder } from "../../app/friends/CheckedInReminder";
import { SignOutButton } from "../../components/SignOutButton";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { Inbox } from "./Inbox";
import { Watching } from "./Watching";
import { SavedEvents } from "./SavedEvents";
import { SavedPlaces } from "./SavedPlaces";
import { SavedSpecials } from "./SavedSpecials";
import { Suggestions } from "./Suggestions";
import "./app.css";

export default function Tonight() {
  useDocumentTitle("Tonight");
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  // Shared with SavedPlaces (one request): the events section reads which places are saved.
  const saved = useApi(ready ? savedApi.list() : null);
  const firstName = me.data?.name.split(" ")[0];
  // One clock for the page's words; the sections' data refreshes re-render it.
  const now = Date.now();
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>{firstName ? `Good to see you, ${firstName}` : "Tonight"}</h1>
      {me.data ? <p className="hint">@{me.data.handle}</p> : null}
      {ready ? <CheckedInReminder /> : null}
      {me.data && me.data.places.length > 0 ? (
        <p>
          <Link to="/dashboard">Open your venue dashboard</Link>
        </p>
      ) : null}
      <InstallOffer onlyWhenOffered />
      {ready ? (
        <>
          <SavedPlaces now={now} />
          <SavedEvents saved={saved.data} now={now} />
          <SavedSpecials saved={saved.data} now={now} />
          {me.data ? <Suggestions me={me.data} now={now} /> : null}
          <Watching />
          <Inbox now={now} />
        </>
      ) : null}
      <nav className="app-links" aria-label="Your account">
        <Link to="/live-look">Live map</Link>
        <Link to="/app/friends">Friends</Link>
        <Link to="/app/plans">Plans</Link>
        <Link to="/app/plans/new">Make a plan</Link>
        <Link to="/app/messages">Messages</Link>
        <Link to="/app/settings">Settings</Link>
        <SignOutButton to="/signin" />
      </nav>
    </main>
  );
}
