// Plain islands (docs/server-rendering.md#islands): code without React that works on the server's
// HTML inside its marker, mounted by the islands' runtime at the marker's moment, or by
// <PlainIsland> when the single-page app renders the page. Types only here: the registry lists them.

/** What a plain island may ask of the runtime. */
export interface IslandRuntime {
  /** Renders the React island `name` (client/islands/registry.ts) into an element the plain island made; the answer unmounts it. */
  render(element: HTMLElement, name: string, props: object): Promise<() => void>;
}

/** Mounts a plain island on its marker; the answer undoes it (the single-page app leaving the page). */
export type PlainMount = (marker: HTMLElement, runtime: IslandRuntime) => () => void;
