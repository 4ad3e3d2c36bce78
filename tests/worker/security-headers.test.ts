import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, tileSource } from "../../worker/lib/security-headers";
import { api, postJson } from "./helpers";

describe("tileSource()", () => {
  it.each([
    ["https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png", "https://*.basemaps.cartocdn.com"],
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"],
    ["http://localhost:8080/tiles/{z}/{x}/{y}.png", "http://localhost:8080"],
    ["javascript:alert(1)", null],
    ["not a url", null],
  ])("%s → %s", (url, expected) => {
    expect(tileSource(url)).toBe(expected);
  });
});

describe("contentSecurityPolicy()", () => {
  it("allows only our scripts and the tile host's images, and no framing", () => {
    const csp = contentSecurityPolicy("https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("img-src 'self' data: blob: https://*.basemaps.cartocdn.com");
    // Our videos, and the clip a visitor chose, previewed from a blob: URL; nothing from elsewhere.
    expect(csp).toContain("media-src 'self' blob:;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("lets the installable app's service worker and manifest load from our origin (docs/app.md)", () => {
    const csp = contentSecurityPolicy("https://tiles.example.com/{z}/{x}/{y}.png");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("manifest-src 'self';");
  });
});

describe("API answer headers", () => {
  it("are not cacheable and not sniffable, errors included", async () => {
    for (const response of [
      await api("/api/health"),
      await api("/api/no-such-route"),
      await postJson("/api/submit-business", "{"),
    ]) {
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on API answers over HTTPS, errors included, and never over plain HTTP", async () => {
    for (const response of [await api("/api/health"), await api("/api/no-such-route")]) {
      expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    }
    const plain = await exports.default.fetch(new Request("http://localhost:8787/api/health"));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("GET /api/images/*", () => {
  it("answers with a sandboxing CSP, so an image opened on its own (an SVG cover) runs no script", async () => {
    const key = `places/${crypto.randomUUID()}.svg`;
    await env.IMAGES.put(key, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const response = await api(`/api/images/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
  });
});
