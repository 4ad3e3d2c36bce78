// The service worker's decisions as plain functions (docs/app.md#service-worker), shared with the
// pages that read what it answers, and unit-tested in tests/client/sw-policy.test.ts.
// No valibot here: a page imports this module's constants after load (registerServiceWorker.ts), and
// checking a push's payload is the service worker's alone (pushPayload.ts).
import type { PushPayload } from "../../common/schemas/push";

/** On a stored API answer: when the network gave it (ISO time). */
export const FETCHED_AT_HEADER = "X-Fetched-At";
/** On an API answer the service worker served from its cache because the network failed: the fetch time. */
export const FROM_CACHE_HEADER = "X-From-Cache";

/** The message a page sends the waiting worker when the visitor chose "Update available — reload". */
export const SKIP_WAITING_MESSAGE = "skip-waiting";

/**
 * Whether a request carries a token. The signed-out client sends an empty "Bearer ", which names
 * nobody (the server treats it the same way, docs/when-to-go.md#caching).
 */
export function carriesCredentials(authorization: string | null): boolean {
  if (authorization === null) return false;
  return authorization.replace(/^Bearer\s*/i, "").trim() !== "";
}

/**
 * Whether the worker handles this request as a public API read (network first, cached fallback):
 * a GET of our own /api/ without a token. Anything else goes straight to the network, untouched.
 */
export function isPublicApiRead(method: string, url: URL, origin: string, authorization: string | null): boolean {
  return (
    method === "GET" &&
    url.origin === origin &&
    isApiPath(url.pathname) &&
    !carriesCredentials(authorization)
  );
}

/** Files the worker answers at the site's root that are no page of the app (docs/embeds.md#sitemap-and-robots). */
export const SITE_FILES = ["/robots.txt", "/sitemap.xml"];

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/**
 * Whether a navigation is to a page of the app, which gets the precached shell when offline. The
 * API (the widget's page, a calendar or badge opened directly) and the site files are not pages:
 * the shell would show the app's "not found" in their place, so the worker leaves them alone.
 */
export function isAppPage(url: URL, origin: string): boolean {
  return url.origin === origin && !isApiPath(url.pathname) && !SITE_FILES.includes(url.pathname);
}

/**
 * Whether an API answer may be kept for offline use: a 200 that the server did not mark private
 * or no-store. The API answers no-store unless a route says otherwise, so only answers it
 * declared shareable are kept.
 */
export function mayKeep(status: number, cacheControl: string | null): boolean {
  return status === 200 && cacheControl !== null && !/\b(private|no-store)\b/i.test(cacheControl);
}

/** The "Stop watching" action's id on a notification. */
export const STOP_ACTION = "stop";

/** What a click on a notification does: open its page, or (the stop action) POST its stop URL. */
export function clickEffect(payload: PushPayload, action: string): { open: string } | { post: string } {
  return action === STOP_ACTION && payload.stop_url ? { post: payload.stop_url } : { open: payload.url };
}
