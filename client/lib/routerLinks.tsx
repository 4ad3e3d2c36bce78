// The router's links and location for `PageLink`, `useHere` and `useGo` (client/lib/pageLink.tsx):
// the site's layout puts them around every page, in the worker's render and in the single-page app,
// so there a link moves without a document. An island, hydrated on its own, never gets them.
import { useMemo, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PageLinksContext, type PageLinkProps, type PageLinks } from "./pageLink";

function RouterLink({ to, ...props }: PageLinkProps) {
  return <Link to={to} {...props} />;
}

export function RouterLinks({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const links = useMemo<PageLinks>(() => ({ Link: RouterLink, here: { pathname, search }, go: (to) => void navigate(to) }), [pathname, search, navigate]);
  return <PageLinksContext.Provider value={links}>{children}</PageLinksContext.Provider>;
}
