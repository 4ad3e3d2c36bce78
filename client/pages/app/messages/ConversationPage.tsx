// /app/messages/:conversationId: a conversation with a friend (a plan's opens on its plan's page).
import { Link, useParams } from "react-router";
import { ownerApi } from "../../../api/ownerEndpoints";
import { readFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { useApi } from "../../../api/useApi";
import { useRequireSession } from "../../../api/useRequireSession";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { ChatPanel } from "../chat/ChatPanel";
import "../app.css";

export default function ConversationPage() {
  const conversationId = Number(useParams().conversationId);
  const { ready, pickupView } = useRequireSession();
  const me = useApi(ready ? ownerApi.me() : null);
  const list = useApi(ready ? socialApi.conversations() : null);
  const conversation = list.data?.conversations.find((entry) => entry.id === conversationId);
  useDocumentTitle(conversation?.title ?? "Messages");
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <p><Link to="/app/messages">All messages</Link></p>
      {list.error ? <p className="field-error">{readFailure(list.error, "This conversation was not found.", "This conversation could not be loaded: check your connection.")}</p> : null}
      {list.data && !conversation ? <p className="field-error">This conversation was not found.</p> : null}
      {conversation ? (
        <>
          <h1>{conversation.title}</h1>
          <ChatPanel conversationId={conversation.id} myId={me.data?.id ?? null} writable={conversation.writable} label={conversation.title} />
        </>
      ) : null}
    </main>
  );
}
