// What a server-rendered page shows must be what its first render in the browser shows
// (docs/server-rendering.md#the-same-render-twice). Text that depends on the clock or on this
// browser (its session, its storage) waits for these.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { PageDataContext } from "../api/pageData";

/**
 * `true` once hydrated; until then, the function that turns it true (HydrationState's setter), so
 * one context carries both. `true` without a provider (a page the browser renders from the start).
 */
const HydratedContext = createContext<true | ((hydrated: true) => void)>(true);

/**
 * Holds whether the page is hydrated: not yet from the start when `hydrating` (on the server, and
 * in the browser over the server's HTML). It turns true in a transition once the page has hydrated
 * (PageHydrated), so what depends on it renders again in slices the browser can answer input
 * between; a hook on an external store would re-render all of it in one synchronous task
 * (docs/server-rendering.md#hydration-in-slices).
 */
export function HydrationState({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  return <HydratedContext.Provider value={hydrated || setHydrated}>{children}</HydratedContext.Provider>;
}

let markSettled: () => void;
/**
 * Settles once the first page has hydrated and rendered again with what only this browser knows:
 * work the visitor does not wait for (session monitoring's start) waits for it, so it does not
 * land between hydration's slices (docs/monitoring.md#off-the-first-views-critical-path).
 */
export const pageSettled = new Promise<void>((resolve) => (markSettled = resolve));

/**
 * Rendered after the page, inside its Suspense boundary: its effect runs once the page has
 * hydrated, and again once the render that follows has committed.
 */
export function PageHydrated() {
  const hydrated = useContext(HydratedContext);
  useEffect(() => {
    if (hydrated !== true) startTransition(() => hydrated(true));
    else markSettled();
  }, [hydrated]);
  return null;
}

/**
 * False on the server and while React hydrates the server's HTML, true in every render after (a
 * page reached by navigating is true from its first render). What only this browser knows (signed
 * in or not, the screen's width) renders once it is true.
 */
export const useHydrated = () => useContext(HydratedContext) === true;

/**
 * "Now" for text that depends on the time: the instant the worker rendered the page with, on the
 * server and while hydrating, so both renders agree; the clock in every render after.
 */
export function useNow(): number {
  const page = useContext(PageDataContext);
  const hydrated = useHydrated();
  return hydrated || !page ? Date.now() : page.renderedAt;
}

/** The page's origin, for absolute addresses (the server has no window): the request's, which is the window's. */
export function useOrigin(): string {
  const page = useContext(PageDataContext);
  return page ? page.origin : window.location.origin;
}
