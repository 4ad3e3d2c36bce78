// A part of a server-rendered page whose code is not in the page's first-view JavaScript
// (docs/server-rendering.md#lazy-parts-in-the-html): in the browser it is React.lazy, and hydration
// leaves the worker's HTML of it in place until its code arrives; the worker loads the code before
// rendering (the page's `preload`), so the part renders at once instead of suspending. A part
// that suspended on the server would be sent after the first flush with an inline script, which
// the CSP refuses.
import { createElement, lazy, type ComponentType } from "react";

export interface LazyPart<P> {
  /** Render inside a Suspense boundary: in the browser it suspends until `load` has answered. */
  Component: ComponentType<P>;
  /** Loads the code; the worker's renderer awaits it before rendering (never called in the browser). */
  preload: () => Promise<void>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // Set on the server only: in the browser the part stays React.lazy, so the element's type never
  // changes under it (a change would remount it and lose, say, a review being written).
  let preloaded: ComponentType<P> | undefined;
  return {
    Component: (props: P) => createElement(preloaded ?? Lazy, props),
    preload: async () => {
      preloaded = await load();
    },
  };
}
