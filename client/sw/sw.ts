// The installable app's service worker, served as /sw.js (docs/app.md#service-worker). Built by
// scripts/service-worker-plugin.ts, which replaces PRECACHE, OFFLINE_SHELL and VERSION with the build's.
import {
  clickEffect,
  FETCHED_AT_HEADER,
  FROM_CACHE_HEADER,
  isAppPage,
  isPublicApiRead,
  mayKeep,
  SKIP_WAITING_MESSAGE,
  STOP_ACTION,
} from "./policy";
import { readPushPayload } from "./pushPayload";

declare const self: ServiceWorkerGlobalScope;
/** OFFLINE_SHELL and the hashed files the consumer pages need. */
declare const PRECACHE: string[];
/** The page kept as the app's plain HTML, with its headers (/app: never rendered by the worker). */
declare const OFFLINE_SHELL: string;
/** A hash of PRECACHE: a new build is a new worker, and its shell a new cache. */
declare const VERSION: string;

const SHELL_CACHE = `shell-${VERSION}`;
const API_CACHE = "api";
const ASSET_CACHE = "assets";

self.addEventListener("install", (event) => {
  // No skipWaiting: a new version waits until the page asks for it ("Update available — reload"),
  // so a page never runs half on the old files and half on the new.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("shell-") && name !== SHELL_CACHE) await caches.delete(name);
      }
      // Hashed files of older builds go with them; those this build still uses are in its shell.
      await caches.delete(ASSET_CACHE);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    // Pages only: the API and the site files go to the network untouched, never answered with the shell.
    if (isAppPage(url, self.location.origin)) event.respondWith(pageHtml(request));
  } else if (isPublicApiRead(request.method, url, self.location.origin, request.headers.get("authorization"))) {
    event.respondWith(publicApiRead(request));
  } else if (request.method === "GET" && url.origin === self.location.origin && /^\/(assets|icons|images)\//.test(url.pathname)) {
    event.respondWith(staticFile(request));
  }
  // Anything else (writes, signed-in reads, other origins) is not touched.
});

/** Network first; offline, the precached shell, which routes the path itself. */
async function pageHtml(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(OFFLINE_SHELL, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

/**
 * Network first. A shareable answer is kept with the time it was fetched; offline, the kept copy is
 * served marked with FROM_CACHE_HEADER, so the page shows its age and never passes it as live.
 */
async function publicApiRead(request: Request): Promise<Response> {
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (mayKeep(response.status, response.headers.get("cache-control"))) {
      const kept = new Response(await response.clone().arrayBuffer(), response);
      kept.headers.set(FETCHED_AT_HEADER, new Date().toISOString());
      await cache.put(request.url, kept);
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request.url);
    if (!kept) throw error;
    const answer = new Response(kept.body, kept);
    answer.headers.set(FROM_CACHE_HEADER, kept.headers.get(FETCHED_AT_HEADER) ?? "");
    return answer;
  }
}

/**
 * Hashed files never change: cache first; those outside the shell are kept once fetched. Vary is
 * ignored: answers vary on Origin, which a module script's request has and the install's did not.
 */
async function staticFile(request: Request): Promise<Response> {
  const hit = await caches.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await (await caches.open(ASSET_CACHE)).put(request, copy);
  }
  return response;
}

// Web Push (docs/app.md#web-push): the payload is common/schemas/push.ts's shape.
self.addEventListener("push", (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: not ours.
  }
  const payload = readPushPayload(data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icons/icon-192.png",
      data: payload,
      // Actions are in Chromium's NotificationOptions, not yet in TypeScript's.
      ...{ actions: payload.stop_url ? [{ action: STOP_ACTION, title: "Stop watching" }] : [] },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const payload = readPushPayload(event.notification.data);
  if (!payload) return;
  const effect = clickEffect(payload, event.action);
  event.waitUntil("post" in effect ? stopWatching(effect.post) : openPage(effect.open));
});

/** The stop URL is a capability: a POST without credentials stops the watch. */
async function stopWatching(stopUrl: string): Promise<void> {
  await fetch(stopUrl, { method: "POST", credentials: "omit" });
}

/** Reuses an open window of the app (navigating it) or opens one. */
async function openPage(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: false });
  for (const client of windows) {
    const navigated = await client.navigate(url).catch(() => null);
    if (navigated) {
      await navigated.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}
