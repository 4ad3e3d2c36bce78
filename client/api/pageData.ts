// The answers a server-rendered page was rendered with (docs/server-rendering.md): the worker reads
// them once, renders the page from them and hands them to the browser in the page's data island,
// so hydration renders the same thing without asking the API again.
import { createContext } from "react";
import type { Params } from "react-router";
import type { PageLanguage } from "../../common/languages";
import type { Messages, PageMessages } from "../lib/i18n";
import type { Read } from "./endpoints";
import { session } from "./session";

/** The id of the page's data island: `<script type="application/json" id="page-data">`. */
export const PAGE_DATA_ELEMENT_ID = "page-data";

/** The island's JSON. */
export interface PageDataIsland {
  /** When the worker read the answers and rendered (ms since the epoch): time-dependent text renders from it until hydrated. */
  renderedAt: number;
  /** The page's origin, for absolute addresses the page shows (calendar links). */
  origin: string;
  /** Answers by the key of their read (`Read.key`). */
  answers: Record<string, unknown>;
  /** The page's route pattern ("/profile/:barId"), which names monitoring's view on a page of islands. */
  route?: string;
  /** The page's language, the visitor's locale, and the messages of the namespaces the page's render used (docs/languages.md). */
  language: PageLanguage;
  locale: string;
  messages: Messages;
}

/** An answer as the data hook's snapshot of it (useApi), read when the worker rendered. */
export interface RenderedAnswer {
  data: unknown;
  error: null;
  loadedAt: number;
  loading: false;
}

export interface PageData {
  renderedAt: number;
  origin: string;
  /**
   * By the key of their read, one object per answer for the page's lifetime (useSyncExternalStore
   * compares snapshots by identity). Emptied at the first navigation: the answers are the first
   * page's, and a later page reads its own.
   */
  answers: Map<string, RenderedAnswer>;
  /** Send the seeded reads again once mounted: a signed-in visitor may get more (an owner's fields), or the answers are old. */
  revalidate: boolean;
  route?: string;
  /** What the page's islands say things with (client/lib/i18n.tsx). */
  messages: PageMessages;
  /**
   * The worker's render only: the keys of the answers the page's islands read, noted while they
   * render (`islandPageData`, and a plain island's `reads`). A page of islands ships only those
   * (docs/server-rendering.md#only-what-the-islands-read).
   */
  islandReads?: Set<string>;
}

/** Null on pages the worker did not render (the app's shell) and in tests. */
export const PageDataContext = createContext<PageData | null>(null);

export const pageDataOf = (island: PageDataIsland, revalidate: boolean): PageData => ({
  renderedAt: island.renderedAt,
  origin: island.origin,
  answers: new Map(Object.entries(island.answers).map(([key, data]) => [key, { data, error: null, loadedAt: island.renderedAt, loading: false }])),
  revalidate,
  route: island.route,
  messages: { language: island.language, locale: island.locale, messages: island.messages },
});

/** A page's answers that note the key of each one read (`get`, as useApi reads them) in `reads`. */
class NotedAnswers extends Map<string, RenderedAnswer> {
  readonly #reads: Set<string>;
  constructor(answers: Map<string, RenderedAnswer>, reads: Set<string>) {
    super(answers);
    this.#reads = reads;
  }
  override get(key: string) {
    this.#reads.add(key);
    return super.get(key);
  }
}

/**
 * The page's data as an island's subtree reads it in the worker's render: every answer it reads
 * is noted in `islandReads`. Elsewhere (the browser) the page's data as it is.
 */
export function islandPageData(page: PageData | null): PageData | null {
  return page?.islandReads ? { ...page, answers: new NotedAnswers(page.answers, page.islandReads) } : page;
}

/** The answers of `island` a page of islands ships: those its islands read (`islandReads`). */
export const answersRead = (answers: Record<string, unknown>, reads: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(answers).filter(([key]) => reads.has(key)));

/**
 * Answers older than this when the page starts are read again at once (a page the edge kept for
 * its minute, docs/server-rendering.md#caching): the live level's own refresh period.
 */
const STALE_AFTER_MS = 30_000;

/** The data island of a page the worker rendered (docs/server-rendering.md); null for the app's shell. */
export function renderedPageData(): PageData | null {
  const island = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!island?.textContent) return null;
  const data = JSON.parse(island.textContent) as PageDataIsland;
  // A signed-in visitor's answers may hold more than the public ones the page was rendered with.
  return pageDataOf(data, session.accessToken() !== null || Date.now() - data.renderedAt > STALE_AFTER_MS);
}

/**
 * Reads what the page shows, through `load` (the worker's read of the API), before the worker
 * renders it. A read `load` refuses fails the page's preload only when the page cannot be shown
 * without it (the profile's venue); the others render as they would while loading.
 */
export type Preload = (params: Params, load: <T>(read: Read<T>) => Promise<T>) => Promise<unknown>;
