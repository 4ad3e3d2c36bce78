// A conversation's messages and a box to write one (docs/friends.md#messages). It opens the
// conversation's socket with partysocket, which reconnects by itself and asks for a fresh ticket
// each time; on every (re)connection it catches up with `after`. A message goes over the socket
// while it is open, else (or with no answer) by POST with the same client id (docs/chat.md#the-app). Masked entirely in session replays
// (data-dd-privacy="mask"): messages are personal.
import { useCallback, useEffect, useRef, useState } from "react";
import ReconnectingWebSocket from "partysocket/ws";
import { MESSAGE_MAX, type Message, type SocketFrame } from "../../../../common/schemas/conversations";
import { writeFailure } from "../../../api/endpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { mergeMessages, messageTime, newClientId, newestId } from "./chatState";
import { SocketSends } from "./socketSend";
import "./chat.css";

interface Props {
  conversationId: number;
  myId: number | null;
  writable: boolean;
  /** The heading's text, for the log's accessible name. */
  label: string;
}

export function ChatPanel({ conversationId, myId, writable, label }: Props) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [olderLeft, setOlderLeft] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const pending = useRef<{ text: string; clientId: string } | null>(null);
  const newest = useRef(0);
  const readSent = useRef(0);
  const listEnd = useRef<HTMLLIElement>(null);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const sends = useRef(new SocketSends());

  const add = useCallback((incoming: readonly Message[]) => {
    setMessages((current) => {
      const merged = mergeMessages(current, incoming);
      newest.current = newestId(merged);
      return merged;
    });
  }, []);

  // The newest page first, then the socket; each (re)connection catches up from the newest known.
  useEffect(() => {
    let stopped = false;
    setMessages([]);
    newest.current = 0;
    const catchUp = async () => {
      try {
        let page = await socialApi.messages(conversationId, newest.current ? { after: newest.current } : {});
        if (stopped) return;
        if (!newest.current) setOlderLeft(page.has_more);
        add(page.messages);
        while (page.has_more && newest.current && !stopped) {
          page = await socialApi.messages(conversationId, { after: newest.current });
          add(page.messages);
        }
        setLoadError(null);
      } catch {
        if (!stopped) setLoadError("Messages could not be loaded. They will appear once the connection is back.");
      }
    };
    void catchUp();
    const socket = new ReconnectingWebSocket(() => socialApi.socketUrl(conversationId), undefined, { maxReconnectionDelay: 10_000 });
    socket.addEventListener("open", () => {
      setLive(true);
      if (newest.current) void catchUp();
    });
    socket.addEventListener("close", () => {
      setLive(false);
      sends.current.dropAll();
    });
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as SocketFrame;
      if (frame.type === "message") add([frame.message]);
      else sends.current.receive(frame);
    });
    socketRef.current = socket;
    return () => {
      stopped = true;
      socketRef.current = null;
      sends.current.dropAll();
      socket.close();
    };
  }, [conversationId, add]);

  // Scrolls to the newest and marks it read while the page is visible.
  const newestShown = newestId(messages);
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: "end" });
    if (newestShown > readSent.current && document.visibilityState === "visible") {
      readSent.current = newestShown;
      socialApi.markRead(conversationId, newestShown).catch(() => {
        readSent.current = 0;
      });
    }
  }, [newestShown, conversationId]);

  const loadOlder = async () => {
    const page = await socialApi.messages(conversationId, { before: messages[0]?.id });
    setOlderLeft(page.has_more);
    add(page.messages);
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    // A retry of the same text keeps its client id, so a send that did arrive is not stored twice.
    if (pending.current?.text !== body) pending.current = { text: body, clientId: newClientId() };
    setSending(true);
    setSendError(null);
    const { clientId } = pending.current;
    try {
      const socket = socketRef.current;
      const outcome = socket?.readyState === WebSocket.OPEN ? await sends.current.send(socket, body, clientId) : null;
      if (outcome && "refused" in outcome) {
        setSendError(outcome.refused);
        return;
      }
      add([outcome ? outcome.message : (await socialApi.send(conversationId, { text: body, client_id: clientId })).message]);
      pending.current = null;
      setText("");
    } catch (error) {
      setSendError(writeFailure(error, "The message was not sent.", "The message was not sent: check your connection and send it again."));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="chat card" aria-label={`Messages: ${label}`} data-dd-privacy="mask">
      <p className="chat-status" role="status">{live ? "" : "Connecting…"}</p>
      {olderLeft ? (
        <button type="button" className="chat-older" onClick={() => void loadOlder()}>Show earlier messages</button>
      ) : null}
      {loadError ? <p className="field-error">{loadError}</p> : null}
      {/* The log wraps the list: a list with role="log" would no longer be a list to its items. */}
      <div role="log" aria-live="polite" aria-label={`Messages in ${label}`}>
      <ol className="chat-log">
        {messages.length === 0 && !loadError ? <li className="hint">No messages yet.</li> : null}
        {messages.map((message) => (
          <li key={message.id} className={message.sender?.id === myId ? "chat-message mine" : "chat-message"}>
            <span className="chat-meta">
              {message.sender?.id === myId ? "You" : (message.sender?.name ?? "Deleted account")} · <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
            </span>
            <span className="chat-text">{message.text}</span>
          </li>
        ))}
        <li ref={listEnd} aria-hidden="true" className="chat-end" />
      </ol>
      </div>
      {writable ? (
        <form className="chat-form" onSubmit={(event) => void submit(event)}>
          <label htmlFor={`chat-input-${conversationId}`} className="visually-hidden">Message</label>
          <textarea
            id={`chat-input-${conversationId}`}
            value={text}
            maxLength={MESSAGE_MAX}
            rows={2}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) void submit(event);
            }}
            aria-describedby={sendError ? `chat-error-${conversationId}` : undefined}
            placeholder="Write a message"
          />
          <button type="submit" disabled={sending || !text.trim()}>Send</button>
          {sendError ? <p className="field-error" id={`chat-error-${conversationId}`} role="alert">{sendError}</p> : null}
        </form>
      ) : (
        <p className="hint">This conversation is closed: you can read it but not write to it.</p>
      )}
    </section>
  );
}
