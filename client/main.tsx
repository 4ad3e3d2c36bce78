import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { PAGE_DATA_ELEMENT_ID, PageDataContext, pageDataOf, type PageData, type PageDataIsland } from "./api/pageData";
import { session } from "./api/session";
import { captureInstallPrompt } from "./app/install";
import { HydrationState, pageSettled } from "./lib/hydration";
import { startMonitoring } from "./lib/monitoring";
import { routes } from "./routes";
import "./styles/global.css";

/**
 * Answers older than this when the page starts are read again at once (a page the edge kept for
 * its minute, docs/server-rendering.md#caching): the live level's own refresh period.
 */
const STALE_AFTER_MS = 30_000;

/** The data island of a page the worker rendered (docs/server-rendering.md); null for the app's shell. */
function serverRenderedPage(): PageData | null {
  const island = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!island?.textContent) return null;
  const data = JSON.parse(island.textContent) as PageDataIsland;
  // A signed-in visitor's answers may hold more than the public ones the page was rendered with.
  return pageDataOf(data, session.accessToken() !== null || Date.now() - data.renderedAt > STALE_AFTER_MS);
}

/**
 * The matched routes' page modules, loaded before the first render: a route still lazy renders
 * nothing at first, which would not match a rendered page's HTML (React Router's "lazy routes with
 * SSR"), and elsewhere would blank the placeholder the HTML paints, the app's frame on /app paths
 * (docs/app.md#first-paint).
 */
async function loadMatchedPages() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start() {
  const page = serverRenderedPage();
  // Without a rendered page, a module that fails here is left to the router, which asks again and shows the failure.
  await loadMatchedPages().catch((error: unknown) => {
    if (page) throw error;
  });
  const router = createBrowserRouter(routes);
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
      <PageDataContext.Provider value={page}>
        <HydrationState hydrating={page !== null}>
          <RouterProvider router={router} />
        </HydrationState>
      </PageDataContext.Provider>
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

// The installable app's service worker (docs/app.md#service-worker): registered after load, from a
// module of its own, so it costs the first view nothing. Not in development, where no /sw.js is built.
if (import.meta.env.PROD) {
  const register = () => void import("./app/registerServiceWorker").then((module) => module.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
