// The API's contract: /api/openapi.json documents every route of the router, /api/docs shows it,
// and the answer check every test's api() runs (expectDeclaredAnswer) refuses an answer that drifted.
// Whether the document is valid OpenAPI 3.1 is checked in openapi-document.node.test.ts.
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { api, apiRoutes, expectDeclaredAnswer } from "./helpers";

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface ApiDocument {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

/** "/api/images/:key{.+}" → "/api/images/{key}", as OpenAPI writes a path. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

async function apiDocument(): Promise<ApiDocument> {
  const response = await api("/api/openapi.json");
  expect(response.status).toBe(200);
  return response.json<ApiDocument>();
}

describe("GET /api/openapi.json", () => {
  it("documents every route of the router, each with a tag, a summary, its callers and a success answer", async () => {
    const document = await apiDocument();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${label} is missing from /api/openapi.json`).toBeDefined();
      expect(operation.tags?.length, label).toBe(1);
      expect(operation.summary, label).toBeTruthy();
      expect(operation.security, label).toBeDefined();
      // 101: a WebSocket's success (a conversation's socket).
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith("2") || status === "101");
      expect(successes, label).not.toEqual([]);
      for (const status of successes) expect(operation.responses[status].content, `${label} ${status}`).toBeDefined();
    }
  });

  it("is OpenAPI 3.1.0 with the app's version, relative servers and the four credentials", async () => {
    const document = await apiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(packageJson.version);
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["adminToken", "integrationKey", "ownerToken", "sensorKey"]);
    expect(document.paths["/api/ingest"].post.security).toEqual([{ sensorKey: [] }]);
    expect(document.paths["/api/ingest/ttn"].post.security).toEqual([{ integrationKey: [] }]);
    expect(document.paths["/api/businesses"].get.security).toEqual([{ adminToken: [] }]);
    expect(document.paths["/api/me"].get.security).toEqual([{ ownerToken: [] }, { adminToken: [] }]);
    expect(document.paths["/api/places"].get.security).toEqual([]);
  });

  const EXTENDED_422 = new Set(["/api/ingest", "/api/place/{id}/history"]);

  it("answers every error status with the one error answer", async () => {
    const document = await apiDocument();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          // Two 422s say more than the error: ingest adds the counts of what it stored, a refused
          // history file every bad line and what the file holds.
          if (Number(status) < 400 || (status === "422" && EXTENDED_422.has(path))) continue;
          expect(answer.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: "#/components/schemas/ErrorAnswer",
          });
        }
      }
    }
  });
});

describe("GET /api/docs", () => {
  it("is one HTML page naming every route, with no script or style and a strict policy of its own", async () => {
    const response = await api("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script|<link|<style|\sstyle=/i);
    for (const route of apiRoutes()) expect(html).toContain(`${route.method} ${openApiPath(route.path)}`);
    expect(html).toContain("Third Place API");
  });
});

describe("expectDeclaredAnswer()", () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const tag = { id: 1, name: "Jazz", description: "" };

  it("accepts an answer as declared", async () => {
    await expect(expectDeclaredAnswer("GET", "/api/tags", json({ tags: [tag] }))).resolves.toBeUndefined();
    await expect(expectDeclaredAnswer("GET", "/api/no-such-route", json({ error: "No API route." }, 404))).resolves.toBeUndefined();
  });

  it("refuses an answer that grew or lost a field, or a wrong type", async () => {
    await expect(expectDeclaredAnswer("GET", "/api/tags", json({ tags: [{ ...tag, colour: "red" }] }))).rejects.toThrow(/not as declared/);
    await expect(expectDeclaredAnswer("GET", "/api/tags", json({ tags: [{ id: 1, name: "Jazz" }] }))).rejects.toThrow(/not as declared/);
    await expect(expectDeclaredAnswer("GET", "/api/events/7", json({ error: 404 }, 404))).rejects.toThrow(/not as declared/);
  });

  it("refuses a status the route does not declare, and a success from no declared route", async () => {
    await expect(expectDeclaredAnswer("GET", "/api/tags", json({ error: "Gone." }, 410))).rejects.toThrow(/does not declare/);
    await expect(expectDeclaredAnswer("GET", "/api/no-such-route", json({ ok: true }))).rejects.toThrow(/declares no such route/);
  });
});
