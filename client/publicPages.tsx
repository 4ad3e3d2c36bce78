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
  /** Pages drawn inside this one's `<Outlet />` (the consumer app's shell, docs/app.md#the-app-shell). */
  children?: PageRoute[];
}

export interface RenderedPageRoute extends PageRoute {
  /**
   * The page module's file name, which the build names its chunk after: the app's HTML tags each
   * public page's stylesheet with the pages that need it (vite.config.ts), and the worker keeps
   * only the rendered page's (docs/server-rendering.md#the-pages-css).
   */
  name: string;
  /**
   * Only the page's islands hydrate, from the islands' entry (client/islands.tsx); without it the
   * whole page hydrates from the app's entry (docs/server-rendering.md#islands).
   */
  islands?: true;
}

/** Rendered by the worker as documents and hydrated in the browser. */
export const PUBLIC_PAGES: RenderedPageRoute[] = [
  { name: "Home", load: () => import("./pages/marketing/Home"), islands: true },
  { name: "About", path: "about", load: () => import("./pages/marketing/About"), islands: true },
  { name: "ForBusinesses", path: "bars", load: () => import("./pages/marketing/ForBusinesses"), islands: true },
  { name: "ForConsumers", path: "consumers", load: () => import("./pages/marketing/ForConsumers"), islands: true },
  { name: "PartnerLogin", path: "businesses", load: () => import("./pages/marketing/PartnerLogin"), islands: true },
  { name: "Faq", path: "faq", load: () => import("./pages/marketing/Faq"), islands: true },
  { name: "SubmitBusiness", path: "submit-business", load: () => import("./pages/SubmitBusiness"), islands: true },
  { name: "BarProfile", path: "profile/:barId", load: () => import("./pages/live/BarProfile"), islands: true },
  { name: "LiveMap", path: "live-look", load: () => import("./pages/live/LiveMap"), islands: true },
  // One city's live map (docs/cities.md): the same page, for the city in its address.
  { name: "LiveMap", path: "city/:slug", load: () => import("./pages/live/LiveMap"), islands: true },
];

/** Pages as routes inside the site's layout; `lazyPage` turns a page's import into the route's `lazy`. */
export function layoutRoutes(pages: PageRoute[], lazyPage: (load: PageRoute["load"]) => RouteObject["lazy"]): RouteObject[] {
  const route = ({ path, load, children }: PageRoute): RouteObject =>
    path === undefined
      ? { index: true, lazy: lazyPage(load) }
      : { path, lazy: lazyPage(load), ...(children ? { children: children.map(route) } : {}) };
  return [
    {
      path: "/",
      Component: Layout,
      ErrorBoundary: ErrorPage,
      children: [
        {
          // Errors inside a page keep the header and footer around the fallback.
          ErrorBoundary: ErrorPage,
          children: pages.map(route),
        },
      ],
    },
  ];
}

