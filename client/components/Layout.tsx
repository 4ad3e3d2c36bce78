import { Suspense } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { PageHydrated } from "../lib/hydration";
import { pagePrivacy, PRIVACY_ATTRIBUTE_VALUE } from "../lib/pagePrivacy";
import { Footer } from "./Footer";
import { Header } from "./Header";

export function Layout() {
  // The page's replay privacy rides on its own root, so it changes in the same commit as the page.
  const privacy = PRIVACY_ATTRIBUTE_VALUE[pagePrivacy(useLocation().pathname)];
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <div className="page-root" data-dd-privacy={privacy}>
        {/* A page the worker rendered hydrates after the header and footer, in slices the browser
            can answer input between (docs/server-rendering.md#hydration-in-slices). */}
        <Suspense>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </div>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
