import { env, exports } from "cloudflare:workers";

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
 * only tests about rate limits meet them.
 */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`${origin}${path}`, init);
  if (!request.headers.has("cf-connecting-ip")) request.headers.set("cf-connecting-ip", freshClientIp());
  return exports.default.fetch(request);
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * D1 is isolated per test file, not per test: tests that count rows start from empty tables.
 * Children before parents, so foreign keys never block a delete.
 */
export async function clearTables(...tables: string[]) {
  await env.DB.batch(tables.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
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
