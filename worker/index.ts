import { app } from "./app";
import { htmlSecurityHeaders, withHeaders } from "./lib/security-headers";

export { PlaceOccupancy } from "./occupancy/place-occupancy";

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return app.fetch(request, env, ctx);
    // Page navigations (see run_worker_first in wrangler.toml): the static single-page app with
    // the security headers that static asset serving cannot compute (the tile host is configurable).
    const response = await env.ASSETS.fetch(request);
    const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    return isHtml ? withHeaders(response, htmlSecurityHeaders(env.MAP_TILE_URL)) : response;
  },
} satisfies ExportedHandler<Env>;
