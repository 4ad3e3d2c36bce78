import { Suspense } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { isConsumerAppPath } from "../api/signInPaths";
import { PageHydrated } from "../lib/hydration";
import { RouterLinks } from "../lib/routerLinks";
import { pagePrivacy, PRIVACY_ATTRIBUTE_VALUE } from "../lib/pagePrivacy";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { Island } from "../islands/Island";
import { useT } from "../lib/i18n";

export function Layout() {
  const { pathname } = useLocation();
  const t = useT();
  // The page's replay privacy rides on its own root, so it changes in the same commit as the page.
  const privacy = PRIVACY_ATTRIBUTE_VALUE[pagePrivacy(pathname)];
  // The consumer app draws its own top bar and tab bar (docs/app.md#the-app-shell).
  const site = !isConsumerAppPath(pathname);
  return (
    <RouterLinks>
      <a className="skip-link" href="#main">{t("layout.skip")}</a>
      {/* On a public page, its menu and dropdown hydrate at the first touch (docs/server-rendering.md#islands). */}
      {site ? <Island name="header" when="interaction" component={Header} props={{}} /> : null}
      <div className="page-root" data-dd-privacy={privacy}>
        {/* A page the worker rendered hydrates after the header and footer, in slices the browser
            can answer input between (docs/server-rendering.md#hydration-in-slices). */}
        <Suspense>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </div>
      {site ? <Footer /> : null}
      <ScrollRestoration />
    </RouterLinks>
  );
}
