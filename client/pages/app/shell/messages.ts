// The app shell's words (docs/app.md#the-app-shell): the top bar, the tab bar and the skeletons'
// names for screen readers, shared with the worker's placeholder (common/app-shell.ts).
export { SHELL_MESSAGES } from "../../../../common/app-shell";

/** The Inbox tab's badge, and its words for a screen reader: "3 unread". */
export const unreadBadge = (count: number) => (count > 99 ? "99+" : String(count));
export const unreadLabel = (count: number) => `${count} unread`;
