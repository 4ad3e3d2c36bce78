// The public pages as documents (docs/server-rendering.md): the worker renders them with the
// client's own components ("#client-render", client/server.tsx) into the root element of the app's
// HTML, with the answers they were rendered from in a JSON data island the browser hydrates from.
// People get React's stream as it renders; crawlers (isbot) get the whole document at once. A
// profile is kept at the edge like its API answers and purged with them. Every other page, and a
// page that cannot be rendered, is the app's shell as before.
import { isbot } from "isbot";
import { renderPage } from "#client-render";
import { localizedPath, pathLanguage } from "../../common/languages";
import { ISLANDS_ENTRY_META } from "../../common/page-render";
import { app } from "../app";
import { cacheKey, edgeOnly, PROFILE_CACHE_SECONDS, profilePagePath } from "../lib/public-cache";

const ROOT_OPEN = '<div id="root">';
const ROOT_CLOSE = "</div>";

/**
 * The app's HTML around its root element: what comes before the root's content and after it. The
 * root is the body's first element and its last `</div>` closes it (index.html); null if not.
 */
export function splitAtRoot(html: string): { before: string; after: string } | null {
  const open = html.indexOf(ROOT_OPEN);
  const close = html.lastIndexOf(ROOT_CLOSE, html.lastIndexOf("</body>"));
  if (open < 0 || close < open) return null;
  return { before: html.slice(0, open + ROOT_OPEN.length), after: html.slice(close) };
}

/**
 * The app's HTML for `page`: the stylesheets the build linked for the public pages (tagged
 * `data-pages` with the pages that import them, vite.config.ts) kept for `page` only, and its
 * entry script fetched at low priority, after what paints the page (docs/server-rendering.md#the-pages-css).
 * A page of `islands` gets the islands' entry instead of the app's, from the address the build
 * wrote in the head, and none of the app's entry's preloads (docs/server-rendering.md#islands). `page` null, a page the browser renders,
 * keeps no such stylesheet and its script as it is: that script loads what the page needs and draws it.
 * Once the answer is read, `hydration.whole` says whether the page hydrates whole (the app's entry):
 * not a page of islands, or an HTML without the islands' entry.
 */
export function withPageAssets(html: Response, page: string | null, islands = false, hydration: { whole: boolean } = { whole: true }): Response {
  let islandsEntry: string | null = null;
  return new HTMLRewriter()
    .on("link[data-pages]", {
      element(link) {
        const pages = link.getAttribute("data-pages")?.split(" ") ?? [];
        if (page === null || !pages.includes(page)) link.remove();
      },
    })
    .on('link[rel="modulepreload"]', {
      element(link) {
        // The app's entry's files, which a page of islands never loads.
        if (islands) link.remove();
      },
    })
    .on(`meta[name="${ISLANDS_ENTRY_META}"]`, {
      element(meta) {
        islandsEntry = meta.getAttribute("content");
        meta.remove();
      },
    })
    // The app's entry; not Vite's own client in development (/@vite/client).
    .on('script[type="module"][src]:not([src^="/@"])', {
      element(script) {
        if (page === null) return;
        script.setAttribute("fetchpriority", "low");
        if (islands && islandsEntry) script.setAttribute("src", islandsEntry);
        hydration.whole = !(islands && islandsEntry);
      },
    })
    .transform(html);
}

/** The data island after the root element, where the client's entry reads it (client/main.tsx). */
const island = (data: string) => `<script type="application/json" id="page-data">${data}</script>`;

/**
 * The profile's edge cache key, from its name as the address spells it and the path's language
 * (docs/languages.md#the-edge-cache); null for a name that is no name.
 */
function profileCacheKey(request: Request): Request | null {
  const { language, path } = pathLanguage(new URL(request.url).pathname);
  const match = /^\/profile\/([^/]+)$/.exec(path);
  if (!match) return null;
  try {
    return cacheKey(request.url, localizedPath(language, profilePagePath(decodeURIComponent(match[1]))));
  } catch {
    return null;
  }
}

/**
 * The rendered profile the edge kept for the request's address, exactly as it was kept: its headers
 * and its body's stream untouched, and nothing computed or read for it (docs/server-rendering.md#caching-and-purging).
 * Undefined for any other request.
 */
export async function keptPage(request: Request): Promise<Response | undefined> {
  if (request.method !== "GET") return undefined;
  const key = profileCacheKey(request);
  return key ? caches.default.match(key) : undefined;
}

/**
 * The page at the request's address rendered into the app's HTML (`shell`), with `headers` (the
 * HTML's security headers and Cache-Control: no-cache, which a profile replaces with its edge
 * caching, and keeps: the caller answers a kept one first, keptPage); null for pages the browser
 * renders from the shell.
 */
export async function serverRenderedPage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  shell: () => Promise<Response>,
  headers: Record<string, string>,
): Promise<Response | null> {
  if (request.method !== "GET") return null;
  const key = profileCacheKey(request);

  // The page's answers come from the API's own routes, through their edge cache, as the
  // browser's reads would: the same JSON, and no more D1 reads than the API answers cost. They are
  // read while the shell and its head are (docs/server-rendering.md#where-the-html-is-assembled).
  // With the visitor's request.cf, so the visitor's city (GET /api/cities/here, docs/cities.md) is theirs.
  const fetchApi = async (path: string) => app.fetch(new Request(new URL(path, request.url), { cf: request.cf }), env, ctx);
  // A profile the edge keeps is one page per language, in the language's usual region: the
  // visitor's own region would split it by every Accept-Language (docs/languages.md#the-edge-cache).
  const rendering = renderPage(request.url, fetchApi, key ? null : request.headers.get("accept-language")).catch((error: unknown) => {
    console.error("server rendering failed", new URL(request.url).pathname, error);
    return null;
  });
  const html = await shell();
  const rendered = await rendering;
  const hydration = { whole: true };
  const parts =
    rendered && html.headers.get("content-type")?.startsWith("text/html")
      ? splitAtRoot(await withPageAssets(html.clone(), rendered.page, rendered.islands, hydration).text())
      : null;
  if (!rendered || !parts) {
    await rendered?.body.cancel();
    return null;
  }

  const encoder = new TextEncoder();
  // After the body: the island carries the messages its render used, and the answers its islands
  // read (all of them for a page that hydrates whole).
  const after = () => `${ROOT_CLOSE}${island(rendered.data(hydration.whole))}${parts.after.slice(ROOT_CLOSE.length)}`;
  const init = {
    headers: { ...headers, "content-type": "text/html; charset=utf-8", ...(key && { "Cache-Control": edgeOnly(PROFILE_CACHE_SECONDS) }) },
  };
  let response: Response;
  if (isbot(request.headers.get("user-agent"))) {
    // Crawlers read the whole document in one answer.
    await rendered.allReady;
    response = new Response(`${parts.before}${await new Response(rendered.body).text()}${after()}`, init);
  } else {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const write = async () => {
      const writer = writable.getWriter();
      await writer.write(encoder.encode(parts.before));
      writer.releaseLock();
      await rendered.body.pipeTo(writable, { preventClose: true });
      const end = writable.getWriter();
      await end.write(encoder.encode(after()));
      await end.close();
    };
    ctx.waitUntil(write());
    response = new Response(readable, init);
  }
  if (key) ctx.waitUntil(caches.default.put(key, response.clone()));
  return response;
}
