// Hydrates one island (docs/server-rendering.md#islands): React DOM and what an island's component
// needs around it (the page's answers, the hydration state, a router whose links are documents).
// Loaded by the islands' runtime with the first island that hydrates, never before.
import { StrictMode, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { createPath, Router, type Navigator, type To } from "react-router";
import { PageDataContext, renderedPageData } from "../api/pageData";
import { HydrationState, PageHydrated } from "../lib/hydration";

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/** Links inside an island lead to documents, as every link between public pages does. */
const documentNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => history.go(delta),
};

/** The page's answers, one set for all its islands, so a read two islands make is one request. */
const page = renderedPageData();

export function hydrateIsland(marker: HTMLElement, Component: ComponentType<object>, props: object): void {
  const { pathname, search, hash } = window.location;
  hydrateRoot(
    marker,
    <StrictMode>
      <PageDataContext.Provider value={page}>
        <HydrationState hydrating>
          <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
            <Component {...props} />
          </Router>
          <PageHydrated />
        </HydrationState>
      </PageDataContext.Provider>
    </StrictMode>,
  );
}
