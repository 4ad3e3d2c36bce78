// Back and forward return to where a page was scrolled even when its list arrives after the page
// (docs/app.md#scroll). React Router's ScrollRestoration restores as the page mounts, when a list
// still loading is shorter than it was, and the browser clamps the position; the shell notes each
// history entry's position as the person scrolls, and a page puts it back once its content is in.
import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

const positions = new Map<string, number>();
let current: string | null = null;
/** The entry whose page is still loading after back or forward: the browser's clamp is not its position. */
let waiting: string | null = null;

/**
 * The shell: records the scroll position of the history entry on screen. The entry changes in a
 * layout effect, before the scroll events of the page change (the reset to the top, a shorter page's
 * clamp) arrive, so those count for the new entry and never overwrite the old one's.
 */
export function useKeepScroll() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    current = key;
  }, [key]);
  useEffect(() => {
    const note = () => current !== null && current !== waiting && positions.set(current, window.scrollY);
    window.addEventListener("scroll", note, { passive: true });
    return () => window.removeEventListener("scroll", note);
  }, []);
}

/** A page whose content loads after it mounts: on back or forward, scrolls to where it was once `loaded`. */
export function useScrollBack(loaded: boolean) {
  const { key } = useLocation();
  const pop = useNavigationType() === "POP";
  // Before the layout's ScrollRestoration restores (a child's layout effects run first).
  useLayoutEffect(() => {
    if (pop && !loaded) waiting = key;
  }, [pop, loaded, key]);
  useEffect(() => {
    if (!loaded || waiting !== key) return;
    waiting = null;
    const position = positions.get(key);
    if (position !== undefined) window.scrollTo(0, position);
  }, [loaded, key]);
}
