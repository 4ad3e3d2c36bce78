import { Hono } from "hono";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi";
import { IMAGE_KEY_PATTERN } from "../lib/images";
import { IMAGE_CSP } from "../lib/security-headers";
import type { ImageFolder } from "../lib/uploads";

export const imageRoutes = new Hono<AppEnv>().get(
  "/images/:key{.+}",
  describe({
    tag: "Places",
    summary: "An uploaded or seeded image (cached for a year; a Live Look's photo 5 minutes)",
    access: "public",
    parameters: [{ in: "path", name: "key", required: true, description: "e.g. places/<uuid>.png; may contain slashes", schema: { type: "string" } }],
    answers: { 200: { media: "image/*", description: "The image's bytes, under Content-Security-Policy: sandbox." } },
    errors: [404],
  }),
  async (c) => {
    const key = c.req.param("key");
    if (!IMAGE_KEY_PATTERN.test(key)) throw notFound("No such image.");
    const object = await c.env.IMAGES.get(key);
    if (!object) throw notFound("No such image.");
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("etag", object.httpEtag);
    // Keys are never reused for other content, so the bytes behind a URL never change. A Live
    // Look's photo may be deleted by a moderator, though: browsers keep it 5 minutes, not a year.
    headers.set("cache-control", key.startsWith(`${"live-looks" satisfies ImageFolder}/`) ? "public, max-age=300" : "public, max-age=31536000, immutable");
    headers.set("x-content-type-options", "nosniff");
    // Opened on their own (an SVG cover, say) images run no script and reach nothing of ours.
    headers.set("content-security-policy", IMAGE_CSP);
    return new Response(object.body, { headers });
  },
);
