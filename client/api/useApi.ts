// The one data hook, and the only place that guards against races. Components reading the same
// request (same token, method and path) share one entry: one request while it is in flight, one
// answer, one refresh timer. An answer is kept only when it belongs to the entry's newest request
// or local change, and a component that unmounted no longer listens. An entry is forgotten once
// no component reads it and no request is in flight, so a tab opened again reads fresh data.
// (Route loaders were the other choice: they would hold a navigation until every chart answered,
// and they neither poll nor share a request between the cards of one page.)
import { useCallback, useContext, useRef, useSyncExternalStore } from "react";
import { reportError } from "../lib/monitoring";
import { ApiError, type Read } from "./endpoints";
import { PageDataContext, type PageData } from "./pageData";

interface Snapshot<T> {
  data: T | null;
  /** The last failure, kept until an answer arrives: an ApiError for a refusal, else what fetch threw. */
  error: unknown;
  /** When the shown data arrived (ms since the epoch). */
  loadedAt: number | null;
  loading: boolean;
}

export interface ApiData<T> extends Snapshot<T> {
  /**
   * Sends the request again now, for every component reading it (an answer still on its way is
   * dropped); resolves to the failure, or null once the answer is in.
   */
  retry: () => Promise<unknown>;
  /** A write's answer replaces the shared data (and any answer still on its way). */
  setData: (next: T | ((current: T | null) => T)) => void;
}

interface Entry<T = unknown> {
  snapshot: Snapshot<T>;
  load: () => Promise<T>;
  listeners: Set<() => void>;
  /** Bumped by every request and local change: only the newest one's answer is kept. */
  version: number;
  inFlight: Promise<unknown> | null;
  /** The refresh periods components asked for; one timer runs at the shortest. */
  periods: number[];
  period?: number;
  timer?: ReturnType<typeof setInterval>;
}

const IDLE: Snapshot<never> = { data: null, error: null, loadedAt: null, loading: false };
const PENDING: Snapshot<never> = { ...IDLE, loading: true };
const entries = new Map<string, Entry>();
/** The answer the worker rendered the page with, as a snapshot; undefined when it read none for `key`. */
const seededSnapshot = <T>(page: PageData | null, key: string) => page?.answers.get(key) as Snapshot<T> | undefined;

/** A key names one request, so its entry holds that request's answer: the store's one cast. */
const entryOf = <T>(key: string | null) => (key === null ? undefined : (entries.get(key) as Entry<T> | undefined));

function publish<T>(entry: Entry<T>, patch: Partial<Snapshot<T>>) {
  entry.snapshot = { ...entry.snapshot, ...patch };
  for (const listener of entry.listeners) listener();
}

function forgetIfUnused(key: string, entry: Entry) {
  if (entry.listeners.size > 0 || entry.inFlight || entries.get(key) !== entry) return;
  clearInterval(entry.timer);
  entries.delete(key);
}

function send<T>(key: string, entry: Entry<T>): Promise<unknown> {
  const version = ++entry.version;
  const settle = (patch: Partial<Snapshot<T>>) => {
    const newest = entry.version === version;
    const last = entry.inFlight === request;
    if (last) entry.inFlight = null;
    if (newest || last) publish(entry, { ...(newest ? patch : {}), ...(last ? { loading: false } : {}) });
    forgetIfUnused(key, entry);
  };
  const request: Promise<unknown> = entry.load().then(
    (data) => {
      settle({ data, error: null, loadedAt: Date.now() });
      return null;
    },
    (error: unknown) => {
      console.error(error);
      // A chart or list that could not load: worth knowing about when monitoring runs.
      reportError(error, { source: "data", ...(error instanceof ApiError && { status: error.status, request_id: error.answer.request_id }) });
      settle({ error });
      return error;
    },
  );
  entry.inFlight = request;
  if (!entry.snapshot.loading) publish(entry, { loading: true });
  return request;
}

function retime(key: string, entry: Entry) {
  const period = entry.periods.length > 0 ? Math.min(...entry.periods) : undefined;
  if (period === entry.period) return;
  clearInterval(entry.timer);
  entry.period = period;
  // A hidden tab skips its refreshes, and a refresh never doubles one still in flight.
  entry.timer = period ? setInterval(() => !document.hidden && !entry.inFlight && void send(key, entry), period) : undefined;
}

function watch<T>(key: string, load: () => Promise<T>, listener: () => void, refreshMs: number | undefined, page: PageData | null) {
  let watched = entryOf<T>(key);
  if (!watched) {
    // A server-rendered answer starts the entry, so hydration sends nothing (unless it must be read again).
    const seeded = seededSnapshot<T>(page, key);
    watched = { snapshot: seeded ?? IDLE, load, listeners: new Set(), version: 0, inFlight: null, periods: [] };
    entries.set(key, watched);
    if (seeded && page?.revalidate) void send(key, watched);
  }
  watched.listeners.add(listener);
  if (refreshMs) {
    watched.periods.push(refreshMs);
    retime(key, watched);
  }
  if (watched.snapshot.data === null && !watched.inFlight) void send(key, watched);
  return () => {
    watched.listeners.delete(listener);
    if (refreshMs) {
      watched.periods.splice(watched.periods.indexOf(refreshMs), 1);
      retime(key, watched);
    }
    forgetIfUnused(key, watched);
  };
}

/**
 * The answer to `read` (nothing while it is null), shared with every other component reading it,
 * and read again every `refreshMs` when given. A failed refresh keeps the data it had.
 */
export function useApi<T>(read: Read<T> | null, { refreshMs }: { refreshMs?: number } = {}): ApiData<T> {
  const key = read?.key ?? null;
  const page = useContext(PageDataContext);
  const latest = useRef(read);
  latest.current = read;
  const subscribe = useCallback(
    (listener: () => void) => (key === null || !latest.current ? () => {} : watch(key, latest.current.load, listener, refreshMs, page)),
    [key, refreshMs, page],
  );
  // Until its entry exists, a read is about to be sent: it counts as loading, unless the server
  // rendered the page with its answer. The same on the server and while hydrating.
  const getSnapshot = () => (key === null ? IDLE : (entryOf<T>(key)?.snapshot ?? seededSnapshot<T>(page, key) ?? PENDING));
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const retry = useCallback(() => {
    const entry = entryOf<T>(key);
    return key !== null && entry ? send(key, entry) : Promise.resolve(null);
  }, [key]);
  const setData = useCallback(
    (next: T | ((current: T | null) => T)) => {
      const entry = entryOf<T>(key);
      if (!entry) return;
      entry.version++;
      publish(entry, { data: next instanceof Function ? next(entry.snapshot.data) : next, error: null });
    },
    [key],
  );
  return { ...snapshot, retry, setData };
}

/** Forgets every shared answer and timer: each client test starts from nothing. */
export function forgetApiData() {
  for (const entry of entries.values()) clearInterval(entry.timer);
  entries.clear();
}
