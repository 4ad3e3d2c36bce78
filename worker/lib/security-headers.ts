// Headers for the HTML of the single-page app and for API answers (issue 9).
import type { MonitoringConfig } from "../../common/schemas/answers";
import { monitoringOrigin } from "./monitoring";

/** "https://{s}.tile.example.com/{z}/{x}/{y}.png" → "https://*.tile.example.com"; null if unusable. */
export function tileSource(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, "a"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const host = tileUrl.includes("{s}.") ? url.host.replace(/^a\./, "*.") : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

/**
 * Only our own scripts (no inline script) and images from us plus the configured tile host. The
 * installable app's service worker (/sw.js) and manifest come from us (docs/app.md): worker-src
 * names 'self' explicitly, since a worker-src without it would block the service worker. With
 * session monitoring configured (docs/monitoring.md), requests may also go to its intake (or
 * proxy) origin, and the SDK's compression worker, which it starts from a blob: URL, may run.
 */
export function contentSecurityPolicy(tileUrl: string, monitoring: MonitoringConfig | null = null): string {
  const tiles = tileSource(tileUrl);
  const intake = monitoring ? monitoringOrigin(monitoring) : null;
  return [
    "default-src 'self'",
    "script-src 'self'",
    `worker-src 'self'${monitoring ? " blob:" : ""}`,
    "manifest-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ""}`,
    // A Live Look's chosen clip is previewed, and its poster drawn, from a blob: URL (docs/live-looks.md#videos).
    "media-src 'self' blob:",
    `connect-src 'self'${intake ? ` ${intake}` : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Images served on their own (uploads, seeded covers, the live badge): an SVG opened directly runs
 * no script and reaches nothing of ours.
 */
export const IMAGE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/**
 * The embeddable widget (docs/embeds.md#badge-and-widget), the one page any site may frame: nothing
 * but its own style (by hash) and no script, form or plugin; sandboxed, yet its links may open a
 * new tab that is not sandboxed. Every other page and answer keeps refusing frames.
 */
export function widgetSecurityPolicy(styleHash: string): string {
  return [
    "default-src 'none'",
    `style-src '${styleHash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
    "sandbox allow-popups allow-popups-to-escape-sandbox",
  ].join("; ");
}

/** The CSP source of a style element's text: 'sha256-…'. */
export async function styleSource(style: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

export function htmlSecurityHeaders(tileUrl: string, monitoring: MonitoringConfig | null): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(tileUrl, monitoring),
    "X-Content-Type-Options": "nosniff",
    // Tile servers need a referrer; strict-origin sends only our origin, and only over HTTPS.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}

/**
 * HSTS for answers served over HTTPS (never over plain HTTP, where browsers ignore it and a local
 * server must stay reachable). Two years, subdomains included, as hstspreload.org asks.
 */
export function strictTransportSecurity(url: Pick<URL, "protocol">): Record<string, string> {
  return url.protocol === "https:" ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {};
}

/** Copies `response` with extra headers (responses from fetch have immutable headers). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}
