// Every admin endpoint, enumerated from the router, refuses a caller without a token (401) and a
// signed-in owner (403) — even the owner of the place the path names — and lets the admin through.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { issueAccessToken } from "../../worker/auth/tokens";
import { api } from "./helpers";

/**
 * Admin-only routes outside /api/admin/*. Routes an owner may also use for their own places
 * (place updates, events, device lists) are not here: their owner rules have their own tests.
 */
const ADMIN_ONLY_ELSEWHERE = [
  "POST /api/place/create",
  "GET /api/businesses",
  "PUT /api/businesses/:id/max-devices",
  "POST /api/tags",
  "PUT /api/tags/:id",
  "DELETE /api/tags/:id",
  "POST /api/place/:id/devices",
  "DELETE /api/place/:id/devices/:deviceId",
  "POST /api/integrations/ttn",
  "GET /api/integrations/ttn",
  "GET /api/integrations/ttn/unregistered",
  "DELETE /api/integrations/ttn/:id",
];

/** The one public route under /api/admin: the password gate itself. */
const PUBLIC_UNDER_ADMIN = ["POST /api/admin/login"];

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function adminOnlyRoutes() {
  const seen = new Set<string>();
  return app.routes
    .filter((route) => route.method !== "ALL")
    .filter((route) => {
      const name = key(route);
      if (seen.has(name)) return false;
      seen.add(name);
      const underAdmin = route.path.startsWith("/api/admin/") && !PUBLIC_UNDER_ADMIN.includes(name);
      return underAdmin || ADMIN_ONLY_ELSEWHERE.includes(name);
    });
}

const fill = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "1");

describe("admin-only endpoints", () => {
  let ownerToken: string;

  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email, name, password_hash) VALUES (1, 'owner@example.com', 'Owner', 'x')"),
      env.DB.prepare("INSERT INTO places (id, slug, name, address) VALUES (1, 'owned-bar', 'Owned Bar', '1 Avenue A')"),
      env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (1, 1)"),
      env.DB.prepare("INSERT INTO business_submissions (id, business_name, address) VALUES (1, 'Sub', '1 St')"),
    ]);
    ownerToken = await issueAccessToken(env.JWT_SECRET, { userId: 1, role: "owner" });
  });

  it("are all found in the router, so this list cannot silently go stale", () => {
    const found = adminOnlyRoutes().map(key);
    for (const name of ADMIN_ONLY_ELSEWHERE) expect(found).toContain(name);
    expect(found).toContain("GET /api/admin/submissions");
    expect(found).toContain("PATCH /api/admin/submissions/:id");
  });

  for (const route of adminOnlyRoutes()) {
    it(`${key(route)} refuses no token with 401 and an owner with 403, and admits the admin`, async () => {
      const send = (token?: string) =>
        api(fill(route.path), {
          method: route.method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: ["POST", "PUT", "PATCH"].includes(route.method) ? "{}" : undefined,
        });
      const anonymous = await send();
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toHaveProperty("error");
      const owner = await send(ownerToken);
      expect(owner.status).toBe(403);
      expect(await owner.json()).toHaveProperty("error");
      // A token of its own: POST /api/admin/logout ends the token it is sent with.
      expect([401, 403]).not.toContain((await send(await issueAccessToken(env.JWT_SECRET, { userId: null, role: "admin" }))).status);
    });
  }
});
