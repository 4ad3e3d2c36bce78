// The contract between the worker and the client's server renderer (client/server.tsx), in common/
// so the worker can be type-checked without the browser's types (docs/server-rendering.md).

/** A public page the worker rendered from the client's components. */
export interface RenderedPage {
  /** The page's name, which tags its stylesheets in the app's HTML (client/publicPages.tsx). */
  page: string;
  /** Only its islands hydrate, from the islands' entry, not the whole page from the app's (docs/server-rendering.md#islands). */
  islands: boolean;
  /** The root element's content, as React renders it. */
  body: ReadableStream<Uint8Array>;
  /** Settles once everything is rendered: crawlers get the page after it. */
  allReady: Promise<void>;
  /**
   * The data island's JSON, safe inside a script element; asked for once the body is rendered,
   * since it carries the messages of the namespaces the render used (docs/languages.md) and, for
   * a page of islands, only the answers its islands read. `whole`: the page hydrates whole (the
   * app's entry), and gets every answer its render read
   * (docs/server-rendering.md#only-what-the-islands-read).
   */
  data: (whole: boolean) => string;
}

/**
 * Renders the page at `url`, reading its answers through `fetchApi` (a GET of an API path on the
 * same origin, without credentials). Null when the page is not one the worker renders, or cannot
 * be rendered (a venue that does not exist): the browser renders it from the app's shell. The page's
 * language is its path's (`/es/…`); `acceptLanguage` (the request's header) gives the locale its
 * region (common/languages.ts).
 */
export type RenderPage = (url: string, fetchApi: (path: string) => Promise<Response>, acceptLanguage: string | null) => Promise<RenderedPage | null>;

/**
 * The name of the `<meta>` in the app's HTML whose content is the islands' entry's address: the
 * build writes it (vite.config.ts), the worker puts that address in a page of islands' script.
 */
export const ISLANDS_ENTRY_META = "tp-islands-entry";
