// /robots.txt and /sitemap.xml, served by the worker beside the app's pages (docs/embeds.md#sitemap-and-robots):
// built from the configured origin and the venues in D1 (worker/lib/site-files.ts), and kept at the
// edge for an hour, so crawlers cost D1 one read an hour whatever they fetch.
import { allCities } from "./db/cities";
import { getDb } from "./db/client";
import { sitemapPlaces } from "./db/places";
import { publicOrigin } from "./lib/origin";
import { strictTransportSecurity } from "./lib/security-headers";
import { robotsTxt, sitemapXml } from "./lib/site-files";

/** An hour: a new venue, or a change to one, is in the sitemap within it. */
export const SITE_FILE_CACHE_SECONDS = 3600;

const FILES: Record<string, { type: string; build: (env: Env, origin: string) => Promise<string> }> = {
  "/robots.txt": { type: "text/plain; charset=utf-8", build: async (_env, origin) => robotsTxt(origin) },
  "/sitemap.xml": {
    type: "application/xml; charset=utf-8",
    build: async (env, origin) => {
      const db = getDb(env);
      const [venues, cities] = await Promise.all([sitemapPlaces(db), allCities(db)]);
      return sitemapXml(origin, venues, cities.map((city) => city.slug));
    },
  },
};

/** Whether the worker serves this path as a site file rather than as a page of the app. */
export const isSiteFile = (pathname: string) => Object.hasOwn(FILES, pathname);

/** The file at the request's path (isSiteFile), from the edge cache or built; the query string is ignored. */
export async function siteFile(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  const headers = { "x-content-type-options": "nosniff", ...strictTransportSecurity(url) };
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed.", { status: 405, headers: { ...headers, allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const key = new Request(new URL(url.pathname, url).toString());
  const hit = await caches.default.match(key);
  if (hit) return new Response(hit.body, hit);
  const file = FILES[url.pathname];
  const response = new Response(await file.build(env, publicOrigin(env, request.url)), {
    headers: { ...headers, "content-type": file.type, "cache-control": `public, max-age=${SITE_FILE_CACHE_SECONDS}, s-maxage=${SITE_FILE_CACHE_SECONDS}` },
  });
  ctx.waitUntil(caches.default.put(key, response.clone()));
  return response;
}
