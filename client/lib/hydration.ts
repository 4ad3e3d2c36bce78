// What a server-rendered page shows must be what its first render in the browser shows
// (docs/server-rendering.md#the-same-render-twice). Text that depends on the clock or on this
// browser (its session, its storage) waits for these.
import { useContext, useSyncExternalStore } from "react";
import { PageDataContext } from "../api/pageData";

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true in every render after (a
 * page reached by navigating is true from its first render). What only this browser knows (signed
 * in or not, the screen's width) renders once it is true.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

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
