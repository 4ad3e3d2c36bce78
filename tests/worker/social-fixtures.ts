// Accounts and relations for the plans and messages tests: friendships and blocks are inserted as
// rows (the friends routes are tested on their own), tokens minted with the worker's issuer.
import { env } from "cloudflare:workers";
import { adminToken, bearer, createUser, type TestUser } from "./fixtures";
import { api } from "./helpers";

export interface Person extends TestUser {
  name: string;
  headers: Record<string, string>;
}

let people = 0;

/** A fresh account named `name` (and a unique handle), with its bearer header. */
export async function person(name: string): Promise<Person> {
  const user = await createUser(name);
  people += 1;
  await env.DB.prepare("UPDATE users SET handle = ? WHERE id = ?").bind(`${name.toLowerCase().replace(/[^a-z]/g, "")}${people}_${user.id}`.slice(0, 20), user.id).run();
  return { ...user, name, headers: bearer(user.token) };
}

export async function befriend(a: TestUser, b: TestUser) {
  await env.DB.prepare("INSERT INTO friendships (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(a.id, b.id, b.id, a.id).run();
}

export async function unfriend(a: TestUser, b: TestUser) {
  await env.DB.prepare("DELETE FROM friendships WHERE (user_id = ? AND friend_id = ?) OR (user_id = ? AND friend_id = ?)").bind(a.id, b.id, b.id, a.id).run();
}

export async function block(blocker: TestUser, blocked: TestUser) {
  await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(blocker.id, blocked.id).run();
}

export async function adminHeaders(): Promise<Record<string, string>> {
  return bearer(await adminToken());
}

/** Sends JSON (or no body) with the caller's headers. */
export function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return api(path, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
