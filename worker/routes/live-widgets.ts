// A venue's live level for its own website (docs/embeds.md#badge-and-widget): an SVG badge and an
// HTML widget for an iframe, public, cached a minute (never past the moment the level turns stale)
// and purged with the venue's other public answers by its writes.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { getDb } from "../db/client";
import { livePlaceRow, toLivePlace } from "../db/occupancy";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { badgeSvg, WIDGET_STYLE, widgetHtml, type WidgetPlace } from "../lib/live-widgets";
import { describe } from "../lib/openapi";
import { profileUrl, publicOrigin } from "../lib/origin";
import { badgePath, cacheKey, embedPath, servedFromCache, sharedFor } from "../lib/public-cache";
import { IMAGE_CSP, styleSource, widgetSecurityPolicy } from "../lib/security-headers";
import { LIVE_WINDOW_MS } from "../occupancy/aggregate";
import { placeKeySchema } from "../../common/schemas/place";

/** How long a badge or widget may be kept: a minute, as the live map's level. */
export const WIDGET_CACHE_SECONDS = 60;

const tag = "Embeds";
const keyParameter = [
  { in: "path" as const, name: "id", required: true, schema: { type: "string" as const, description: "a numeric id, or a slug such as the-night-owl" } },
];

let widgetStyleSource: Promise<string> | undefined;

/**
 * Serves the validated place's answer from caches.default under its canonical path, or reads its
 * live row and builds it, cacheable for a minute but never past the moment its level turns stale.
 */
function served(c: Context<AppEnv>, pathOf: (key: number | string) => string, build: (place: WidgetPlace, slug: string, seconds: number) => Promise<Response>) {
  const key = v.safeParse(placeKeySchema, c.req.param("id"));
  if (!key.success) throw notFound("No such place.");
  return servedFromCache(c, cacheKey(c.req.url, pathOf(key.output)), async () => {
    const now = Date.now();
    const row = await livePlaceRow(getDb(c.env), key.output);
    if (!row) throw notFound("No such place.");
    const place = toLivePlace(row, now);
    const stale = place.level === null || place.updated_at === null ? Infinity : Date.parse(place.updated_at) + LIVE_WINDOW_MS - now;
    return build(place, row.slug, Math.min(WIDGET_CACHE_SECONDS, Math.floor(stale / 1000)));
  });
}

export const liveWidgetRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/badge.svg",
    describe({
      tag,
      summary: "A venue's live level as a small SVG badge for its website (cached up to 60 s)",
      description:
        "For an `<img>`: \"Right now | Lively · about 45 people\", the level's words on its colour, with the sentence as the image's accessible name. Where the owners hide counts it shows the level only; a closed venue says Closed, a silent sensor No live data.",
      access: "public",
      parameters: keyParameter,
      answers: { 200: { media: "image/svg+xml", description: "The badge, under the images' sandboxing Content-Security-Policy." } },
      errors: [404],
    }),
    (c) =>
      served(c, badgePath, async (place, _slug, seconds) =>
        c.body(badgeSvg(place, Date.now()), 200, {
          "content-type": "image/svg+xml; charset=utf-8",
          "cache-control": sharedFor(seconds),
          "content-security-policy": IMAGE_CSP,
        }),
      ),
  )
  .get(
    "/places/:id/embed",
    describe({
      tag,
      summary: "A venue's live level as a small HTML page for an iframe on its website (cached up to 60 s)",
      description:
        "No script; any site may frame it (`frame-ancestors *`), the only page of ours that allows it. Links open the profile in a new tab. What it says follows the badge.",
      access: "public",
      parameters: keyParameter,
      answers: { 200: { media: "text/html", description: "The widget's page." } },
      errors: [404],
    }),
    (c) =>
      served(c, embedPath, async (place, slug, seconds) => {
        widgetStyleSource ??= styleSource(WIDGET_STYLE);
        return c.html(widgetHtml(place, profileUrl(publicOrigin(c.env, c.req.url), slug), Date.now()), 200, {
          "cache-control": sharedFor(seconds),
          "content-security-policy": widgetSecurityPolicy(await widgetStyleSource),
        });
      }),
  );
