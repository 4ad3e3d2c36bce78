// Hydrates one island (docs/server-rendering.md#islands): React DOM and what an island's component
// needs around it (the page's answers, the hydration state, links that are documents). No React
// Router: its 27 KB would come with the first island (client/lib/pageLink.tsx).
// Loaded by the islands' runtime with the first island that hydrates, never before.
import { StrictMode, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { languageBase, pathLanguage } from "../../common/languages";
import { PageDataContext, renderedPageData } from "../api/pageData";
import { HydrationState, PageHydrated } from "../lib/hydration";
import { MessagesContext } from "../lib/i18n";
import { documentLinks, PageLinksContext } from "../lib/pageLink";

/**
 * Links inside an island lead to documents, as every link between public pages does, in the
 * page's language: "/about" is "/es/about" on a Spanish page (docs/languages.md).
 */
const { language, path } = pathLanguage(window.location.pathname);
const links = documentLinks({ pathname: path, search: window.location.search }, languageBase(language));

/**
 * The page's answers, one set for all its islands, so a read two islands make is one request; and
 * its messages, the namespaces the worker's render used, in the page's language (docs/languages.md).
 */
const page = renderedPageData();

/** An island's component with what it needs around it; `hydrating` over the server's HTML. */
function islandTree(Component: ComponentType<object>, props: object, hydrating: boolean) {
  return (
    <StrictMode>
      <MessagesContext.Provider value={page?.messages ?? null}>
        <PageDataContext.Provider value={page}>
          <HydrationState hydrating={hydrating}>
            <PageLinksContext.Provider value={links}>
              <Component {...props} />
            </PageLinksContext.Provider>
            <PageHydrated />
          </HydrationState>
        </PageDataContext.Provider>
      </MessagesContext.Provider>
    </StrictMode>
  );
}

export function hydrateIsland(marker: HTMLElement, Component: ComponentType<object>, props: object): void {
  hydrateRoot(marker, islandTree(Component, props, true));
}

/** Renders an island into an element a plain island made (no server HTML there); the answer unmounts it. */
export function renderIsland(element: HTMLElement, Component: ComponentType<object>, props: object): () => void {
  const root = createRoot(element);
  root.render(islandTree(Component, props, false));
  return () => root.unmount();
}
