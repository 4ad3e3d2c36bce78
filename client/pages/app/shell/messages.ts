// The app shell's words (docs/app.md#the-app-shell): the top bar, the tab bar and the skeletons'
// names for screen readers.
export const SHELL_MESSAGES = {
  appName: "Third Place",
  home: "Third Place: Near me",
  settings: "Settings",
  tabsLabel: "The app",
  loading: "Loading",
  tabs: {
    near: "Near me",
    saved: "Saved",
    friends: "Friends",
    plans: "Plans",
    inbox: "Inbox",
  },
} as const;

/** The Inbox tab's badge, and its words for a screen reader: "3 unread". */
export const unreadBadge = (count: number) => (count > 99 ? "99+" : String(count));
export const unreadLabel = (count: number) => `${count} unread`;
