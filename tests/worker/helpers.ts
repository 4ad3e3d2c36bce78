import { Validator, type Schema } from "@cfworker/json-schema";
import { env, exports } from "cloudflare:workers";
import { app } from "../../worker/app";
import { placeCachePaths } from "../../worker/lib/public-cache";

const origin = "https://third-place.test";

// Rate-limit counters may outlive one test file, so each file starts at a random point.
let clientCounter = Math.floor(Math.random() * 0x20000);

/** A client address no other request nearby uses (198.18.0.0/15 is reserved for testing). */
export function freshClientIp(): string {
  clientCounter = (clientCounter + 1) % 0x20000;
  return `198.${18 + (clientCounter >> 16)}.${(clientCounter >> 8) & 0xff}.${clientCounter & 0xff}`;
}

/**
 * Sends a request through the worker's own fetch handler (real routing, D1, R2 and DOs). Like
 * Cloudflare, it sets cf-connecting-ip: each call is a new client unless the caller names one, so
 * only tests about rate limits meet them. Every JSON answer must be what /api/openapi.json declares
 * for its route and status (expectDeclaredAnswer), so no test passes on an answer that drifted.
 */
export async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`${origin}${path}`, init);
  if (!request.headers.has("cf-connecting-ip")) request.headers.set("cf-connecting-ip", freshClientIp());
  const { method, url } = request;
  const response = await exports.default.fetch(request);
  await expectDeclaredAnswer(method, new URL(url).pathname, response);
  return response;
}

interface DeclaredResponse {
  content?: Record<string, { schema?: Schema }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DeclaredResponse> }>>;
  components: { schemas: Record<string, Schema> };
}

let contract: Promise<ApiDocument> | undefined;
/** The document as the worker serves it, read once per test file. */
function apiContract(): Promise<ApiDocument> {
  contract ??= exports.default.fetch(new Request(`${origin}/api/openapi.json`)).then((response) => response.json<ApiDocument>());
  return contract;
}

/** The declared path of a request: literal segments before parameters, as the router prefers them. */
function declaredPath(document: ApiDocument, method: string, pathname: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((template) => {
    if (!document.paths[template][method.toLowerCase()]) return false;
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  const parameters = (template: string) => (template.match(/\{/g) ?? []).length;
  return candidates.sort((a, b) => parameters(a) - parameters(b))[0];
}

const validators = new Map<string, Validator>();
function validatorFor(document: ApiDocument, key: string, schema: Schema): Validator {
  let validator = validators.get(key);
  if (!validator) {
    // The components ride along so that "#/components/schemas/…" resolves.
    validator = new Validator({ ...schema, components: document.components }, "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

/**
 * Fails (throws) unless a JSON answer matches the schema its route declares for its status. An
 * error from no declared route (an unknown path) must still be the error answer.
 */
export async function expectDeclaredAnswer(method: string, pathname: string, response: Response): Promise<void> {
  if (!/^application\/json\b/.test(response.headers.get("content-type") ?? "")) return;
  const document = await apiContract();
  const path = declaredPath(document, method, pathname);
  const where = `${method} ${pathname} answered ${response.status}`;
  let schema: Schema | undefined;
  if (path) {
    const declared = document.paths[path][method.toLowerCase()].responses[String(response.status)];
    if (!declared) throw new Error(`${where}, a status ${method} ${path} does not declare in /api/openapi.json.`);
    schema = declared.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${where} with JSON, which ${method} ${path} does not declare for that status.`);
  } else if (response.status >= 400) {
    schema = { $ref: "#/components/schemas/ErrorAnswer" };
  } else {
    throw new Error(`${where}, but /api/openapi.json declares no such route.`);
  }
  const body: unknown = await response.clone().json();
  const result = validatorFor(document, `${method} ${path ?? "(none)"} ${response.status}`, schema).validate(body);
  if (!result.valid) {
    const problems = result.errors.map((error) => `${error.instanceLocation}: ${error.error}`).join("\n");
    throw new Error(`${where} not as declared in /api/openapi.json:\n${problems}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Every /api route of the router, once per method and path, so a new route is covered the day it is added. */
export function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => ({ method: route.method, path: route.path }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/**
 * D1 is isolated per test file, not per test: tests that count rows start from empty tables.
 * Children before parents, so foreign keys never block a delete.
 */
export async function clearTables(...tables: string[]) {
  await env.DB.batch(tables.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
}

/**
 * Drops the cached public answers of places (worker/lib/public-cache.ts), for tests that change
 * their rows directly in D1, which no purge sees, and read them again.
 */
export async function forgetCachedPlaces(...places: { id: number; slug?: string | null }[]) {
  await Promise.all(places.flatMap(placeCachePaths).map((path) => caches.default.delete(`${origin}${path}`)));
}

/** The `name=value` of the refresh cookie a response sets, ready to send back as a Cookie header. */
export function refreshCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("tp_refresh="));
  return header ? header.slice(0, header.indexOf(";")) : null;
}

let accountCounter = 0;

/** Signs up a fresh owner through the API; returns its id, access token and refresh cookie. */
export async function signUpOwner(overrides: { email?: string; password?: string; name?: string } = {}) {
  accountCounter += 1;
  const body = {
    name: overrides.name ?? `Owner ${accountCounter}`,
    email: overrides.email ?? `owner-${accountCounter}-${crypto.randomUUID()}@example.com`,
    password: overrides.password ?? "a long enough password",
  };
  const response = await postJson("/api/auth/signup", body);
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  const answer = await response.json<{ access_token: string; user_id: number }>();
  return { ...body, userId: answer.user_id, accessToken: answer.access_token, cookie: refreshCookieOf(response)! };
}

/**
 * Miniflare's rate-limit counters restart on each wall-clock minute: a burst (a second or two) must
 * not straddle one, so close to the turn of the minute a test waits for it. Needs real timers.
 */
export async function startBurstWithinOneWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
