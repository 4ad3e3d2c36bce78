// The app's own origin, and refusing requests another website made a browser send
// (docs/architecture.md#cross-site-requests).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { forbidden } from "./errors";

/** PUBLIC_ORIGIN when set (a deployment behind a proxy), else the origin asked. */
export function publicOrigin(env: Env, requestUrl: string): string {
  // Typed as the literal in wrangler.toml; deployments set their own value.
  const configured: string = env.PUBLIC_ORIGIN;
  return configured ? configured.replace(/\/+$/, "") : new URL(requestUrl).origin;
}

/**
 * Whether a browser sent the request on behalf of another website: `Sec-Fetch-Site: cross-site`, or
 * an `Origin` that is neither PUBLIC_ORIGIN nor the origin the request was sent to (so `null`, a
 * sandboxed frame's, and a sibling subdomain's are refused too). A request with neither header is
 * not a browser made to act by another page (browsers send `Origin` with every POST), so it passes.
 */
export function isCrossSite(headers: { secFetchSite?: string; origin?: string }, ownOrigins: string[]): boolean {
  if (headers.secFetchSite?.toLowerCase() === "cross-site") return true;
  return headers.origin !== undefined && !ownOrigins.includes(headers.origin);
}

export const CROSS_SITE_MESSAGE = "Posts sent from another website are not accepted.";

/** Middleware: 403 for a cross-site request, before anything is counted or read. */
export const sameSiteOnly = createMiddleware<AppEnv>(async (c, next) => {
  const headers = { secFetchSite: c.req.header("sec-fetch-site"), origin: c.req.header("origin") };
  if (isCrossSite(headers, [publicOrigin(c.env, c.req.url), new URL(c.req.url).origin])) throw forbidden(CROSS_SITE_MESSAGE);
  await next();
});

/** A venue's public profile page, by its slug (the canonical name; ids work there too). */
export const profileUrl = (origin: string, slug: string) => `${origin}/profile/${encodeURIComponent(slug)}`;
