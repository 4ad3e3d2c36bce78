// /app/messages: my conversations, plans' and friends', the most recently active first, with the
// newest message and how many I have not read (docs/friends.md#messages).
import { Link } from "react-router";
import { readFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { useApi } from "../../../api/useApi";
import { useRequireSession } from "../../../api/useRequireSession";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import "../app.css";

export default function Messages() {
  useDocumentTitle("Messages");
  const { ready, pickupView } = useRequireSession();
  const list = useApi(ready ? socialApi.conversations() : null, { refreshMs: 30_000 });
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <h1>Messages</h1>
      {list.error ? <p className="field-error">{readFailure(list.error, "Your messages could not be loaded.", "Your messages could not be loaded: check your connection.")}</p> : null}
      {list.data && list.data.conversations.length === 0 ? <p>No conversations yet. A plan's chat, or a friend's, shows up here.</p> : null}
      <ul className="conversation-list">
        {list.data?.conversations.map((conversation) => (
          <li key={conversation.id} className="card app-section">
            <Link to={conversation.kind === "plan" ? `/app/plans/${conversation.plan_id}` : `/app/messages/${conversation.id}`}>
              <strong>{conversation.title}</strong>
              {conversation.unread > 0 ? <span className="badge"> {conversation.unread} unread</span> : null}
            </Link>
            {conversation.last_message ? (
              <p className="hint">
                {conversation.last_message.sender?.name ?? "Deleted account"}: {conversation.last_message.text}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </main>
  );
}
