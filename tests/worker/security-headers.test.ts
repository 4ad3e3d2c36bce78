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
    expect(csp).toContain("frame-ancestors 'none'");
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
