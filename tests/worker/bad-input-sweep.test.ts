// Every /api route of the app, enumerated from the router so a new route is covered the day it is
// added, gets hostile input: bad ids, malformed and mistyped bodies, huge strings, injection
// strings, wrong content types, no token, a forged token and a real admin token. Every answer must
// be JSON without internals, never a 5xx, a 4xx wherever the input is certainly bad, and D1 must be
// exactly as it was.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { issueAccessToken } from "../../worker/auth/tokens";
import { sha256Hex } from "../../worker/lib/crypto";
import { api, apiRoutes } from "./helpers";

const HUGE = "x".repeat(100 * 1024);
const SQL_INJECTION = "1' OR '1'='1'; DROP TABLE places; --";
const BAD_IDS = ["-1", "0", "abc", "99999999999999999999", "1.5", encodeURIComponent(SQL_INJECTION)];
// Encoded so the URL parser keeps them inside /api/images/ and they reach the route.
const TRAVERSAL = ["..%2F..%2Fwrangler.toml", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "seed/..%2F..%2F.dev.vars"];

/** Routes that by design read no body: a bad body cannot make them fail. Add one only with a reason. */
const IGNORES_BODY = new Set<string>([
  // A POST only because the spec's client calls it so; it reads a flag and never looks at the body.
  "POST /api/feature-flags/:name",
]);

const unsignedAdminToken = () => {
  const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, "");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: "admin", role: "admin", aud: "third-place-api", iss: "third-place", exp: 4102444800, iat: 1 })}.`;
};

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)(\{[^}]*\})?/g)].map((match) => match[1]);
const isIdParam = (name: string) => /id$/i.test(name);
const fill = (path: string, value: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, value);

type BodyVariant = { label: string; headers: Record<string, string>; body?: BodyInit };

function bodyVariants(): BodyVariant[] {
  const json = { "content-type": "application/json" };
  const wrongTypes = {
    name: 12, email: ["a"], password: { a: 1 }, place_id: "abc", user_id: "x", start_time: 5, count: "many",
    readings: "no", max_devices: -3, rating: 9, businessName: false, address: null, token: 7, tags: "[oops",
  };
  const huge = Object.fromEntries(
    ["name", "email", "password", "address", "businessName", "comment", "username", "description", "token"].map(
      (key) => [key, HUGE],
    ),
  );
  const form = new FormData();
  form.set("name", HUGE);
  form.set("place_id", SQL_INJECTION);
  form.set("is_recurring", "maybe");
  form.set("repeating_days", "{not json");
  form.set("cover_image", new File(["MZ\x90\x00 not an image"], "cover.png", { type: "image/png" }));
  return [
    { label: "malformed JSON", headers: json, body: '{"name": "x",' },
    { label: "a JSON array", headers: json, body: "[1,2,3]" },
    { label: "wrong types", headers: json, body: JSON.stringify(wrongTypes) },
    { label: "100 KB strings", headers: json, body: JSON.stringify(huge) },
    { label: "text/plain", headers: { "content-type": "text/plain" }, body: "name=x" },
    { label: "hostile multipart", headers: {}, body: form },
    { label: "broken multipart", headers: { "content-type": "multipart/form-data; boundary=zzz" }, body: "--zzz\r\nbroken" },
  ];
}

/**
 * Tables only derived from others, which a valid read may fill: usual_histories keeps what
 * occupancy_15m says (docs/when-to-go.md#kept-history), like the Cache API keeps answers.
 */
const DERIVED_TABLES = ["usual_histories"];

/** A fingerprint of every row of every table but the derived ones, to prove that nothing was written. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'
     AND name NOT IN (SELECT value FROM json_each(?)) ORDER BY name`,
  )
    .bind(JSON.stringify(DERIVED_TABLES))
    .all<{ name: string }>();
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all();
    fingerprint[name] = `${results.length}:${await sha256Hex(JSON.stringify(results))}`;
  }
  return fingerprint;
}

async function seedFixtures() {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, name, password_hash) VALUES (1, 'owner@example.com', 'Owner', 'x')"),
    env.DB.prepare("INSERT INTO places (id, slug, name, address) VALUES (1, 'sweep-bar', 'Sweep Bar', '1 Avenue A')"),
    env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (1, 1)"),
    env.DB.prepare("INSERT INTO tags (id, name) VALUES (1, 'Jazz')"),
    env.DB.prepare("INSERT INTO event_categories (id, name) VALUES (1, 'Live Music')"),
    env.DB.prepare(
      "INSERT INTO events (id, place_id, name, start_time, category_id) VALUES (1, 1, 'Jazz Night', '2026-12-01T01:00:00.000Z', 1)",
    ),
    env.DB.prepare("INSERT INTO feature_flags (name, enabled) VALUES ('enable_new_dashboard', 1)"),
  ]);
}

async function expectSafeAnswer(response: Response, label: string, mustBeClientError: boolean) {
  const text = await response.text();
  const where = `${label} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, where).toBeLessThan(500);
  if (mustBeClientError) expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(text, where).not.toMatch(/\n\s+at |D1_ERROR|SQLITE_|TypeError|ReferenceError/);
  if (response.status >= 400) {
    expect(response.headers.get("content-type"), where).toMatch(/application\/json/);
    expect(typeof (JSON.parse(text) as { error?: unknown }).error, where).toBe("string");
  }
}

describe("bad-input sweep over every /api route", () => {
  const routes = apiRoutes();
  let adminToken: string;
  let ownerToken: string;

  beforeAll(async () => {
    await seedFixtures();
    adminToken = await issueAccessToken(env.JWT_SECRET, { userId: null, role: "admin" });
    ownerToken = await issueAccessToken(env.JWT_SECRET, { userId: 1, role: "owner" });
  });

  it("finds the app's routes", () => {
    expect(routes.length).toBeGreaterThan(3);
    expect(routes).toContainEqual({ method: "POST", path: "/api/submit-business" });
  });

  for (const route of routes) {
    const label = `${route.method} ${route.path}`;
    it(`${label} answers hostile input safely and writes nothing`, async () => {
      const before = await databaseFingerprint();
      const params = paramsOf(route.path);
      const hasIdParam = params.some(isIdParam);
      const hasBody = ["POST", "PUT", "PATCH"].includes(route.method);
      const tokens = { none: undefined, forged: unsignedAdminToken(), owner: ownerToken, admin: adminToken };

      // Bad path parameters, with every kind of caller.
      const badValues = params.length === 0 ? [] : params.some((p) => p === "key") ? TRAVERSAL : BAD_IDS;
      for (const value of badValues) {
        for (const [who, token] of Object.entries(tokens)) {
          const response = await api(`${fill(route.path, value)}?place_id=${encodeURIComponent(SQL_INJECTION)}`, {
            method: route.method,
            headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: hasBody ? "{}" : undefined,
          });
          await expectSafeAnswer(response, `${label} with ${value} as ${who}`, hasIdParam || params.includes("key"));
        }
      }

      // Hostile bodies against a real id (1 exists for every resource), from every kind of caller.
      if (hasBody) {
        for (const variant of bodyVariants()) {
          for (const [who, token] of Object.entries(tokens)) {
            const response = await api(fill(route.path, "1"), {
              method: route.method,
              headers: { ...variant.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
              body: variant.body,
            });
            await expectSafeAnswer(response, `${label} with ${variant.label} as ${who}`, !IGNORES_BODY.has(label));
          }
        }
      }

      // Hostile query strings on reads.
      if (route.method === "GET") {
        const query = `?place_id=${encodeURIComponent(SQL_INJECTION)}&date=2026-13-45&device_name=${"y".repeat(5000)}`;
        for (const token of Object.values(tokens)) {
          const response = await api(`${fill(route.path, "1")}${query}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          await expectSafeAnswer(response, `${label} with a hostile query`, false);
        }
      }

      expect(await databaseFingerprint()).toEqual(before);
    });
  }
});
