// /app/saved, the Saved tab (docs/app.md#saved): the saved places with their level now, then events
// and specials coming up at them.
import { savedApi } from "../../api/savedEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { SavedEvents } from "./SavedEvents";
import { SavedPlaces } from "./SavedPlaces";
import { SavedSpecials } from "./SavedSpecials";
import { SHELL_MESSAGES } from "./shell/messages";
import "./app.css";

export default function Saved() {
  useDocumentTitle(SHELL_MESSAGES.tabs.saved);
  const { ready, pickupView } = useRequireSession();
  // Shared with SavedPlaces (one request): the events and specials read which places are saved.
  const saved = useApi(ready ? savedApi.list() : null);
  // One clock for the page's words; the sections' data refreshes re-render it.
  const now = Date.now();
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>{SHELL_MESSAGES.tabs.saved}</h1>
      {ready ? (
        <>
          <SavedPlaces now={now} />
          <SavedEvents saved={saved.data} now={now} />
          <SavedSpecials saved={saved.data} now={now} />
        </>
      ) : null}
    </main>
  );
}
