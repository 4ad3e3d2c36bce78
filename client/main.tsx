import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { PageDataContext, renderedPageData } from "./api/pageData";
import { captureInstallPrompt } from "./app/install";
import { registerServiceWorkerAfterLoad } from "./app/serviceWorkerAfterLoad";
import { HydrationState, pageSettled } from "./lib/hydration";
import { startMonitoring } from "./lib/monitoring";
import { routes } from "./routes";
import "./styles/global.css";

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
  const page = renderedPageData();
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

registerServiceWorkerAfterLoad();
