// The push and inbox routes (docs/push.md): the public key, subscribing (the endpoint allow-list,
// keys that are a real P-256 point, 10 per account, an endpoint never moving between accounts) and unsubscribing, the inbox with its unread
// count, pages and marking read; and that no caller reaches another account's subscriptions or
// inbox (no token: 401; the admin password: 403; another account: nothing).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverToAccount } from "../../worker/push/deliver";
import type { ConsumerNotificationsAnswer } from "../../common/schemas/push";
import { api, postJson } from "./helpers";
import { bearer, count, createUser, type TestUser } from "./fixtures";
import { asAdmin, errorOf, useFixedClock } from "./occupancy-fixtures";
import { browserKeys } from "./push-fixtures";

const T = Date.UTC(2031, 4, 13, 12, 0);
useFixedClock(T);

const sendJson = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const fcm = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;

async function subscribe(user: TestUser, endpoint = fcm()) {
  const keys = await browserKeys();
  return postJson("/api/me/push-subscriptions", { endpoint, expirationTime: null, keys: keys.json }, bearer(user.token));
}

const inbox = async (user: TestUser, query = "") =>
  (await api(`/api/me/notifications${query}`, { headers: bearer(user.token) })).json<ConsumerNotificationsAnswer>();

/** Three notifications in the account's inbox (no subscriptions, so no queue); their ids, oldest first. */
async function threeNotifications(user: TestUser): Promise<number[]> {
  const ids = [];
  for (const name of ["The Crown", "The Anchor", "The Swan"]) {
    const result = await deliverToAccount(env, user.id, { kind: "quiet_now", title: `${name} is quiet now`, body: "", url: "/place/x", tag: name }, T);
    ids.push(result.notificationId!);
  }
  return ids;
}

describe("GET /api/push/public-key", () => {
  it("answers the VAPID public key to anyone", async () => {
    const response = await api("/api/push/public-key");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
  });
});

describe("POST/DELETE /api/me/push-subscriptions", () => {
  it("stores a subscription, updates it when the browser subscribes again, and removes it", async () => {
    const user = await createUser();
    const endpoint = fcm();
    const response = await subscribe(user, endpoint);
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: number }>();
    // The same browser again (new keys): still one row, the same id.
    expect(await (await subscribe(user, endpoint)).json()).toEqual({ id });
    expect(await count("push_subscriptions", "user_id = ?", user.id)).toBe(1);

    expect((await sendJson("DELETE", "/api/me/push-subscriptions", { endpoint }, bearer(user.token))).status).toBe(200);
    expect(await count("push_subscriptions", "user_id = ?", user.id)).toBe(0);
    expect((await sendJson("DELETE", "/api/me/push-subscriptions", { endpoint }, bearer(user.token))).status).toBe(404);
  });

  it("allows http://localhost and http://127.0.0.1 here (ALLOW_LOCAL_WEBHOOKS=1, as locally)", async () => {
    const user = await createUser();
    expect((await subscribe(user, "http://localhost:8788/push/a")).status).toBe(201);
    expect((await subscribe(user, "http://127.0.0.1:9999/push/b")).status).toBe(201);
  });

  it.each<[{ endpoint: string; keys?: unknown }, string]>([
    [{ endpoint: "https://hooks.example.com/push", keys: "valid" }, "endpoint must be an https address of a known push service"],
    [{ endpoint: "https://169.254.169.254/latest", keys: "valid" }, "endpoint must be an https address of a known push service"],
    [{ endpoint: fcm(), keys: { p256dh: `B${"A".repeat(86)}`, auth: "BTBZMqHH6r4Tts7J_aSIgg" } }, "keys.p256dh must be a P-256 public key"],
    [{ endpoint: fcm(), keys: { p256dh: "short", auth: "BTBZMqHH6r4Tts7J_aSIgg" } }, "keys.p256dh must be 65 bytes as base64url."],
    [{ endpoint: fcm(), keys: "auth" }, "keys.auth must be 16 bytes as base64url."],
    [{ endpoint: fcm() }, "Send a JSON object { endpoint, keys: { p256dh, auth } }."],
  ])("refuses %o: 400, nothing stored", async (body, message) => {
    const user = await createUser();
    const valid = (await browserKeys()).json;
    const keys = body.keys === "valid" ? valid : body.keys === "auth" ? { ...valid, auth: "abc" } : body.keys;
    const response = await postJson("/api/me/push-subscriptions", { ...body, keys }, bearer(user.token));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(message);
    expect(await count("push_subscriptions", "user_id = ?", user.id)).toBe(0);
  });

  it("keeps 10 per account: the 11th replaces the oldest", async () => {
    const user = await createUser();
    const endpoints = Array.from({ length: 11 }, fcm);
    for (const [i, endpoint] of endpoints.entries()) {
      // created_at is SQLite's clock: moved into the past, a millisecond apart, so the order is certain.
      expect((await subscribe(user, endpoint)).status).toBe(201);
      await env.DB.prepare("UPDATE push_subscriptions SET created_at = ? WHERE endpoint = ?").bind(i + 1, endpoint).run();
    }
    expect(await count("push_subscriptions", "user_id = ?", user.id)).toBe(10);
    expect(await count("push_subscriptions", "endpoint = ?", endpoints[0])).toBe(0);
    expect(await count("push_subscriptions", "endpoint = ?", endpoints[10])).toBe(1);
  });

  it("an endpoint held by another account does not move: 409, its row, keys and account unchanged (issue 37)", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const endpoint = fcm();
    expect((await subscribe(owner, endpoint)).status).toBe(201);
    const before = await env.DB.prepare("SELECT id, user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).first();
    const taken = await subscribe(other, endpoint);
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe("This browser's subscription belongs to another account. Unsubscribe it in the browser and subscribe again.");
    expect(await env.DB.prepare("SELECT id, user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).first()).toEqual(before);
    expect(await count("push_subscriptions", "user_id = ?", other.id)).toBe(0);
    // The browser's fresh subscription (a new endpoint) is the other account's.
    expect((await subscribe(other)).status).toBe(201);
  });

  it("another account cannot remove a subscription", async () => {
    const [owner, stranger] = [await createUser(), await createUser()];
    const endpoint = fcm();
    await subscribe(owner, endpoint);
    expect((await sendJson("DELETE", "/api/me/push-subscriptions", { endpoint }, bearer(stranger.token))).status).toBe(404);
    expect(await count("push_subscriptions", "user_id = ? AND endpoint = ?", owner.id, endpoint)).toBe(1);
  });
});

describe("GET /api/me/notifications, POST /api/me/notifications/read", () => {
  it("lists the inbox newest first with the unread count, a page at a time", async () => {
    const user = await createUser();
    const [first, second, third] = await threeNotifications(user);
    const all = await inbox(user);
    expect(all.notifications.map((n) => n.id)).toEqual([third, second, first]);
    expect(all.unread).toBe(3);
    expect(all.next_before).toBeNull();
    expect(all.notifications[0]).toEqual({
      id: third,
      kind: "quiet_now",
      title: "The Swan is quiet now",
      body: "",
      url: "/place/x",
      place_id: null,
      read: false,
      created_at: new Date(T).toISOString(),
    });
    const page = await inbox(user, "?limit=2");
    expect(page.notifications.map((n) => n.id)).toEqual([third, second]);
    expect(page.next_before).toBe(second);
    const rest = await inbox(user, `?limit=2&before=${page.next_before}`);
    expect(rest.notifications.map((n) => n.id)).toEqual([first]);
    expect(rest.next_before).toBeNull();
    expect((await api("/api/me/notifications?limit=51", { headers: bearer(user.token) })).status).toBe(400);
  });

  it("marks some or all read; another account's ids are ignored", async () => {
    const [user, stranger] = [await createUser(), await createUser()];
    const [first] = await threeNotifications(user);
    const read = (who: TestUser, body: unknown) => postJson("/api/me/notifications/read", body, bearer(who.token));
    expect(await (await read(stranger, { ids: [first] })).json()).toEqual({ marked: 0, unread: 0 });
    expect(await (await read(user, { ids: [first] })).json()).toEqual({ marked: 1, unread: 2 });
    expect((await inbox(user)).notifications.find((n) => n.id === first)?.read).toBe(true);
    expect(await (await read(user, { all: true })).json()).toEqual({ marked: 2, unread: 0 });
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["x"] }]) expect((await read(user, body)).status).toBe(400);
  });

  it("shows nobody else's notifications", async () => {
    const [user, stranger] = [await createUser(), await createUser()];
    await threeNotifications(user);
    expect(await inbox(stranger)).toEqual({ notifications: [], unread: 0, next_before: null });
  });
});

describe("who may call", () => {
  const endpoint = "https://fcm.googleapis.com/fcm/send/who";
  const routes: [string, string, unknown][] = [
    ["GET", "/api/me/notifications", undefined],
    ["POST", "/api/me/notifications/read", { all: true }],
    ["POST", "/api/me/push-subscriptions", { endpoint, keys: { p256dh: `B${"A".repeat(86)}`, auth: "BTBZMqHH6r4Tts7J_aSIgg" } }],
    ["DELETE", "/api/me/push-subscriptions", { endpoint }],
  ];
  it.each(routes)("%s %s: 401 without a token, 403 with the admin password's token", async (method, path, body) => {
    const init = (headers: Record<string, string>): RequestInit =>
      body === undefined ? { method, headers } : { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
    expect((await api(path, init({}))).status).toBe(401);
    expect((await api(path, init(await asAdmin()))).status).toBe(403);
  });
});
