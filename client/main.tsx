import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { languageBase, pathLanguage, visitorLocale } from "../common/languages";
import { PageDataContext, renderedPageData } from "./api/pageData";
import { captureInstallPrompt } from "./app/install";
import { registerServiceWorkerAfterLoad } from "./app/serviceWorkerAfterLoad";
import { HydrationState, pageSettled } from "./lib/hydration";
import { loadCatalogue } from "./lib/catalogue";
import { MessagesContext, type PageMessages } from "./lib/i18n";
import { startMonitoring } from "./lib/monitoring";
import { routes } from "./routes";
import "./styles/global.css";

/**
 * The matched routes' page modules, loaded before the first render: a route still lazy renders
 * nothing at first, which would not match a rendered page's HTML (React Router's "lazy routes with
 * SSR"), and elsewhere would blank the placeholder the HTML paints, the app's frame on /app paths
 * (docs/app.md#first-paint).
 */
async function loadMatchedPages(basename: string) {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start() {
  const page = renderedPageData();
  // The path's language (docs/languages.md): "/es/…" pages route under the basename "/es" and
  // speak the language's whole catalogue, a file of its own, loaded beside the page's code.
  const { language } = pathLanguage(window.location.pathname);
  const basename = languageBase(language);
  const catalogue = loadCatalogue(language);
  // Without a rendered page, a module that fails here is left to the router, which asks again and shows the failure.
  await loadMatchedPages(basename).catch((error: unknown) => {
    if (page) throw error;
  });
  const messages: PageMessages = {
    language,
    // A rendered page keeps the locale the worker rendered it in, so hydration matches.
    locale: page?.messages.locale ?? visitorLocale(language, navigator.languages.join(",")),
    messages: await catalogue,
  };
  const router = createBrowserRouter(routes, { basename: basename || undefined });
  if (page) {
    // The first page's answers are for the first page only; a page navigated to reads its own.
    const first = router.state.location.key;
    const stop = router.subscribe((state) => {
      if (state.location.key === first) return;
      page.answers.clear();
      stop();
    });
  }
  const app = (
    <StrictMode>
      <MessagesContext.Provider value={messages}>
        <PageDataContext.Provider value={page}>
          <HydrationState hydrating={page !== null}>
            <RouterProvider router={router} />
          </HydrationState>
        </PageDataContext.Provider>
      </MessagesContext.Provider>
    </StrictMode>
  );
  const root = document.getElementById("root")!;
  // Hydrating in a transition lets React yield to the browser every few milliseconds, as React
  // Router's own entry does (docs/server-rendering.md#hydration-in-slices).
  if (page) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  void startMonitoring(router, page ? pageSettled : Promise.resolve());
}

void start();
captureInstallPrompt();

registerServiceWorkerAfterLoad();
