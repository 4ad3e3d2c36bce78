// The worker's renderer of the public pages (docs/server-rendering.md): the same page modules,
// layout and router as the browser, rendered with React's renderToReadableStream from the answers
// the page's `preload` read. The worker imports this module (worker/site/render.ts) and nothing
// else of client/.
import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from "react-router";
import { languageBase, pathLanguage, visitorLocale, type PageLanguage } from "../common/languages";
import { compiledCatalogue } from "../common/messages/compile";
import type { RenderPage } from "../common/page-render";
import { answerOf, type Read } from "./api/endpoints";
import { answersRead, PageDataContext, pageDataOf, type PageDataIsland } from "./api/pageData";
import { HydrationState } from "./lib/hydration";
import { MessagesContext, messagesIn } from "./lib/i18n";
import { layoutRoutes, PUBLIC_PAGES } from "./publicPages";

const routes = layoutRoutes(PUBLIC_PAGES, (load) => async () => ({ Component: (await load()).default }));
/** One handler per language: its basename ("/es") prefixes every link the page renders (docs/languages.md). */
const handlers = new Map<PageLanguage, ReturnType<typeof createStaticHandler>>();
const handlerFor = (language: PageLanguage) => {
  let handler = handlers.get(language);
  if (!handler) {
    handler = createStaticHandler(routes, { basename: languageBase(language) || undefined });
    handlers.set(language, handler);
  }
  return handler;
};

/** JSON inside a script element: no "</script>" or "<!--" can end or change it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export const renderPage: RenderPage = async (url, fetchApi, acceptLanguage) => {
  const { pathname, origin } = new URL(url);
  const { language, path } = pathLanguage(pathname);
  const page = PUBLIC_PAGES.map((entry) => ({ entry, match: matchPath(`/${entry.path ?? ""}`, path) })).find(({ match }) => match);
  if (!page?.match) return null;

  const answers: Record<string, unknown> = {};
  const load = async <T,>(read: Read<T>): Promise<T> => {
    if (read.path === undefined) throw new Error(`${read.key} is not one request`);
    const answer = await answerOf<T>(await fetchApi(read.path));
    answers[read.key] = answer;
    return answer;
  };
  const module = await page.entry.load();
  try {
    await module.preload?.(page.match.params, load);
  } catch {
    // The page cannot be shown without this answer (no such venue): the browser renders it.
    return null;
  }

  const handler = handlerFor(language);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const locale = visitorLocale(language, acceptLanguage);
  // The namespaces the render used: the browser's islands get their messages and no others.
  const used = new Set<string>();
  const island: PageDataIsland = { renderedAt: Date.now(), origin, answers, route: `/${page.entry.path ?? ""}`, language, locale, messages: {} };
  // Compiled (docs/languages.md#no-icu-parser-in-the-browser): the islands get text and ASTs, never ICU to parse.
  const catalogue = compiledCatalogue(language);
  // The answers the islands read while they render, and what plain islands say they read.
  const islandReads = new Set<string>();
  const messages = { language, locale, messages: catalogue, onUse: (namespace: string) => used.add(namespace) };
  const body = await renderToReadableStream(
    <StrictMode>
      <MessagesContext.Provider value={messages}>
        <PageDataContext.Provider value={{ ...pageDataOf(island, false), islandReads }}>
          <HydrationState hydrating>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          </HydrationState>
        </PageDataContext.Provider>
      </MessagesContext.Provider>
    </StrictMode>,
    {
      // A part that failed to render is rendered by the browser instead; the error names no visitor.
      onError: (error) => console.error("server rendering failed", pathname, error),
      // React sends a finished Suspense boundary of more than 500 bytes after the first 12.8 KB of
      // a page out of place, moved in by an inline script, which the CSP refuses: the profile's
      // reviews would stay hidden. Nothing here suspends past the first flush
      // (docs/server-rendering.md#streaming-and-crawlers), so every boundary is sent in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  return {
    page: page.entry.name,
    islands: page.entry.islands === true,
    body,
    allReady: body.allReady,
    data: (whole) =>
      scriptSafeJson({ ...island, answers: whole ? answers : answersRead(answers, islandReads), messages: messagesIn(catalogue, used) }),
  };
};
