// /app/inbox, the Inbox tab (docs/app.md#inbox): what the account watches, then its notifications.
import { useRequireSession } from "../../api/useRequireSession";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { Inbox } from "./Inbox";
import { Watching } from "./Watching";
import { SHELL_MESSAGES } from "./shell/messages";
import "./app.css";

export default function InboxPage() {
  useDocumentTitle(SHELL_MESSAGES.tabs.inbox);
  const { ready, pickupView } = useRequireSession();
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>{SHELL_MESSAGES.tabs.inbox}</h1>
      {ready ? (
        <>
          <Watching />
          <Inbox now={Date.now()} />
        </>
      ) : null}
    </main>
  );
}
