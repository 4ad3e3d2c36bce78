// The public pages, which the worker renders (docs/server-rendering.md) from the same modules, in
// the same layout, as the browser, and the layout's route tree both build. The worker imports this
// module and not routes.tsx, so none of the signed-in pages' code is in its bundle.
import type { RouteObject } from "react-router";
import type { Preload } from "./api/pageData";
import { Layout } from "./components/Layout";
import { ErrorPage } from "./pages/ErrorPage";


export interface PageModule {
  default: React.ComponentType;
  /** Only on pages the worker renders that read the API. */
  preload?: Preload;
}

export interface PageRoute {
  /** Absent for the index route. */
  path?: string;
  load: () => Promise<PageModule>;
}

/** Rendered by the worker as documents and hydrated in the browser. */
export const PUBLIC_PAGES: PageRoute[] = [
  { load: () => import("./pages/marketing/Home") },
  { path: "about", load: () => import("./pages/marketing/About") },
  { path: "bars", load: () => import("./pages/marketing/ForBusinesses") },
  { path: "consumers", load: () => import("./pages/marketing/ForConsumers") },
  { path: "faq", load: () => import("./pages/marketing/Faq") },
  { path: "submit-business", load: () => import("./pages/SubmitBusiness") },
  { path: "profile/:barId", load: () => import("./pages/live/BarProfile") },
  { path: "live-look", load: () => import("./pages/live/LiveMap") },
];

/** Pages as routes inside the site's layout; `lazyPage` turns a page's import into the route's `lazy`. */
export function layoutRoutes(pages: PageRoute[], lazyPage: (load: PageRoute["load"]) => RouteObject["lazy"]): RouteObject[] {
  return [
    {
      path: "/",
      Component: Layout,
      ErrorBoundary: ErrorPage,
      children: [
        {
          // Errors inside a page keep the header and footer around the fallback.
          ErrorBoundary: ErrorPage,
          children: pages.map(({ path, load }) => (path === undefined ? { index: true, lazy: lazyPage(load) } : { path, lazy: lazyPage(load) })),
        },
      ],
    },
  ];
}

