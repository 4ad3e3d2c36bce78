// The app's tabs (docs/app.md#the-app-shell) and which one a path belongs to: a plan's page is in
// Plans, a conversation with a friend in Friends, Settings in none.
import { SHELL_MESSAGES } from "./messages";

export type TabId = keyof typeof SHELL_MESSAGES.tabs;

export const TABS: readonly { id: TabId; to: string }[] = [
  { id: "near", to: "/app" },
  { id: "saved", to: "/app/saved" },
  { id: "friends", to: "/app/friends" },
  { id: "plans", to: "/app/plans" },
  { id: "inbox", to: "/app/inbox" },
];

/** The tab `pathname` is in, or null (Settings, an unknown path). Case and repeated slashes as the router reads them. */
export function activeTab(pathname: string): TabId | null {
  const parts = pathname.toLowerCase().split("/").filter(Boolean);
  if (parts[0] !== "app") return null;
  switch (parts[1]) {
    case undefined:
      return "near";
    case "saved":
      return "saved";
    case "friends":
    case "messages":
      return "friends";
    case "plans":
      return "plans";
    case "inbox":
      return "inbox";
    default:
      return null;
  }
}
