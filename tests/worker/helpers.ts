import { env, exports } from "cloudflare:workers";

const origin = "https://third-place.test";

/** Sends a request through the worker's own fetch handler (real routing, D1, R2 and DOs). */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${origin}${path}`, init));
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
