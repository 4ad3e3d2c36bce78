// Live Look videos from R2 (docs/live-looks.md#videos): with range requests, which a <video>
// element makes to read a clip's index and to seek (Safari plays nothing from a server that does not
// answer them), under the same sandbox policy as images.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../lib/errors";
import { VIDEO_KEY_PATTERN } from "../lib/images";
import { describe } from "../lib/openapi";
import { IMAGE_CSP } from "../lib/security-headers";

/**
 * The bytes one `Range: bytes=…` asks of an object of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-`
 * or `-n`; null when absent, malformed or several ranges (answered whole, as the RFC allows);
 * "unsatisfiable" when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): { offset: number; length: number } | "unsatisfiable" | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? "unsatisfiable" : { offset: size - suffix, length: suffix };
  }
  const first = Number(match[1]);
  const last = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== "" && Number(match[2]) < first) return null;
  if (first >= size) return "unsatisfiable";
  return { offset: first, length: last - first + 1 };
}

export const videoRoutes = new Hono<AppEnv>().get(
  "/videos/:key{.+}",
  describe({
    tag: "Live Looks",
    summary: "A Live Look's video, with range requests (cached 5 minutes)",
    access: "public",
    parameters: [
      { in: "path", name: "key", required: true, description: "e.g. live-looks/<uuid>.mp4; may contain slashes", schema: { type: "string" } },
      { in: "header", name: "range", required: false, description: "bytes=start-end, bytes=start- or bytes=-suffix", schema: { type: "string" } },
    ],
    answers: {
      200: { media: "video/*", description: "The video's bytes, under Content-Security-Policy: sandbox." },
      206: { media: "video/*", description: "The bytes the Range header asked for, with Content-Range." },
    },
    errors: [404, 416],
  }),
  async (c) => {
    const key = c.req.param("key");
    if (!VIDEO_KEY_PATTERN.test(key)) throw notFound("No such video.");
    // A ranged request needs the size first: to answer a range past the end, and to name the total.
    const asked = c.req.header("range");
    let range: ReturnType<typeof byteRange> = null;
    if (asked !== undefined) {
      const head = await c.env.IMAGES.head(key);
      if (!head) throw notFound("No such video.");
      range = byteRange(asked, head.size);
      if (range === "unsatisfiable") throw new ApiError(416, "The range is outside the video.", { headers: { "content-range": `bytes */${head.size}` } });
    }
    const object = await c.env.IMAGES.get(key, range ? { range } : undefined);
    if (!object) throw notFound("No such video.");
    const headers = new Headers();
    // The type was proved from the bytes when the video was stored (video/mp4, video/quicktime, video/webm).
    object.writeHttpMetadata(headers);
    headers.set("etag", object.httpEtag);
    headers.set("accept-ranges", "bytes");
    // A moderator may delete a post: browsers keep its video 5 minutes, like its photo.
    headers.set("cache-control", "public, max-age=300");
    headers.set("x-content-type-options", "nosniff");
    headers.set("content-security-policy", IMAGE_CSP);
    if (range) {
      headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
      headers.set("content-length", String(range.length));
      return new Response(object.body, { status: 206, headers });
    }
    headers.set("content-length", String(object.size));
    return new Response(object.body, { headers });
  },
);
