// The app's bottom tab bar (docs/app.md#the-app-shell): five links, the current one marked with
// aria-current, the Inbox with its unread count (the inbox's own shared request, so marking read
// there updates the badge at once).
import { Link, useLocation } from "react-router";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { useSignedIn } from "../../../api/useSignedIn";
import { INBOX_REFRESH_MS } from "../Inbox";
import { SHELL_MESSAGES, unreadBadge, unreadLabel } from "./messages";
import { activeTab, TABS, type TabId } from "./tabs";

/** 24 px outline icons, decorative: each tab's name is its text. */
const ICONS: Record<TabId, string> = {
  near: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  saved: "M6 3h12v18l-6-4.5L6 21z",
  friends: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-3.5 3.2-6 6.5-6s6 2.5 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.5c2 .8 3.2 2.8 3.5 5.5",
  plans: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
  inbox: "M4 4h16v16H4zM4 14h5l1 2h4l1-2h5",
};

export function TabBar() {
  const current = activeTab(useLocation().pathname);
  const signedIn = useSignedIn();
  const inbox = useApi(signedIn ? ownerApi.inbox() : null, { refreshMs: INBOX_REFRESH_MS });
  const unread = inbox.data?.unread ?? 0;
  return (
    <nav className="tab-bar" aria-label={SHELL_MESSAGES.tabsLabel}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link to={tab.to} aria-current={current === tab.id ? "page" : undefined}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={ICONS[tab.id]} />
              </svg>
              <span className="tab-name">{SHELL_MESSAGES.tabs[tab.id]}</span>
              {tab.id === "inbox" && unread > 0 ? (
                <span className="tab-badge">
                  <span aria-hidden="true">{unreadBadge(unread)}</span>
                  <span className="visually-hidden">, {unreadLabel(unread)}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
