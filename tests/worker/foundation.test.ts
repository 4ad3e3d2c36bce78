import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("answers ok after touching D1", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("unknown API routes", () => {
  it("answer 404 JSON instead of the single-page app", async () => {
    const response = await api("/api/does-not-exist", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ error: "No API route for POST /api/does-not-exist." });
  });
});

describe("GET /api/images/:key", () => {
  it("serves a stored image with its type and a long cache lifetime", async () => {
    await env.IMAGES.put("seed/test.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const response = await api("/api/images/seed/test.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(await response.text()).toContain("<svg");
  });

  it.each(["seed/..%2F..%2Fx.png", "seed%2F..%2Fx.png", "seed/UPPER.png", "seed/x.exe", "seed/.hidden.png"])(
    "refuses the key %s without touching R2",
    async (key) => {
      const response = await api(`/api/images/${key}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "No such image." });
    },
  );
});

describe("GET /api/website/places", () => {
  it("lists partner venues with only id, name and a usable cover URL", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO places (slug, name, address, cover_image_key, phone_number) VALUES ('b-bar', 'B Bar', '1 Avenue A', 'seed/b-bar.svg', '212-555-0100')",
      ),
      env.DB.prepare("INSERT INTO places (slug, name) VALUES ('a-bar', 'A Bar')"),
    ]);
    const response = await api("/api/website/places");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual([
      { id: expect.any(Number), name: "A Bar", cover_image: null },
      { id: expect.any(Number), name: "B Bar", cover_image: "/api/images/seed/b-bar.svg" },
    ]);
  });
});
