// The consumer app's shell (docs/app.md#the-app-shell): /app and every /app/… page inside a compact
// top bar and a bottom tab bar, with no marketing header or footer (Layout leaves those out here).
// It stays mounted between tabs; a page still loading shows its skeleton in place.
import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { SHELL_MESSAGES } from "./messages";
import { useKeepScroll } from "./scrollBack";
import { PageSkeleton } from "./Skeleton";
import { TabBar } from "./TabBar";
import "./shell.css";

export default function AppShell() {
  useKeepScroll();
  return (
    <div className="app-shell">
      <header className="app-topbar">
        <Link to="/app" className="app-topbar-home" aria-label={SHELL_MESSAGES.home}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{SHELL_MESSAGES.appName}</span>
        </Link>
        <Link to="/app/settings" className="app-topbar-settings" aria-label={SHELL_MESSAGES.settings}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19.4 13a7.8 7.8 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.6 7.6 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.8 7.8 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 1.7 1l.4 2.5h4l.4-2.5a7.6 7.6 0 0 0 1.7-1l2.4 1 2-3.4z" />
          </svg>
        </Link>
      </header>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <TabBar />
    </div>
  );
}
