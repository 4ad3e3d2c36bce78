// The account's notifications on /app (docs/push.md): newest first, unread ones marked, the unread
// count in the heading, and marking one or all read (opening one marks it read too).
import { useState } from "react";
import { Link } from "react-router";
import type { ConsumerNotificationsAnswer } from "../../../common/schemas/push";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { ageText } from "../../app/lastKnown";
import { AppSection } from "./AppSection";
import { Skeleton } from "./shell/Skeleton";

/** The inbox is read again this often while /app is open. */
export const INBOX_REFRESH_MS = 60_000;

/** The answer after `ids` (or all) were marked read, with the server's new unread count. */
export function markedRead(answer: ConsumerNotificationsAnswer, ids: number[] | "all", unread: number): ConsumerNotificationsAnswer {
  return {
    ...answer,
    unread,
    notifications: answer.notifications.map((item) => (ids === "all" || ids.includes(item.id) ? { ...item, read: true } : item)),
  };
}

export function Inbox({ now }: { now: number }) {
  const inbox = useApi(ownerApi.inbox(), { refreshMs: INBOX_REFRESH_MS });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unread = inbox.data?.unread ?? 0;

  const mark = async (ids: number[] | "all") => {
    setBusy(true);
    setError(null);
    try {
      const result = await ownerApi.markInboxRead(ids === "all" ? { all: true } : { ids });
      inbox.setData((current) => markedRead(current ?? { notifications: [], unread: 0, next_before: null }, ids, result.unread));
    } catch (failure) {
      setError(writeFailure(failure, "Could not mark that read.", "Something went wrong. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppSection
      id="inbox"
      title={
        <>
          Notifications{" "}
          {unread > 0 ? <span className="unread-count">{unread} unread</span> : null}
        </>
      }
    >
      {error ? <p role="alert">{error}</p> : null}
      {!inbox.data ? (
        inbox.error ? <p role="status">Notifications are unavailable at the moment.</p> : <Skeleton rows={3} tall />
      ) : inbox.data.notifications.length === 0 ? (
        <p>No notifications yet. Watch a saved place to hear when it goes quiet.</p>
      ) : (
        <>
          {unread > 0 ? (
            <button type="button" className="link-button" disabled={busy} onClick={() => void mark("all")}>
              Mark all read
            </button>
          ) : null}
          <ul className="inbox">
            {inbox.data.notifications.map((item) => (
              <li key={item.id} className={item.read ? "inbox-item" : "inbox-item unread"}>
                <p className="inbox-title">
                  {item.read ? null : <span className="visually-hidden">Unread: </span>}
                  {/* Opening it reads it: an announcement read here counts as opened for its place (docs/announcements.md#reach). */}
                  <Link to={item.url} onClick={() => (item.read ? undefined : void mark([item.id]))}>
                    {item.title}
                  </Link>
                </p>
                <p>{item.body}</p>
                <p className="hint">
                  <time dateTime={item.created_at}>{ageText(now - Date.parse(item.created_at))}</time>
                  {item.read ? null : (
                    <>
                      {" · "}
                      <button type="button" className="link-button" disabled={busy} onClick={() => void mark([item.id])}>
                        Mark read <span className="visually-hidden">{item.title}</span>
                      </button>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </AppSection>
  );
}
