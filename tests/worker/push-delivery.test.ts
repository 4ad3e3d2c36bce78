// Web Push delivery (docs/push.md): the RFC 8291 example decrypted by the test's browser half, then
// what the worker really sends (encrypted by @block65/webcrypto-web-push, signed with VAPID)
// decrypted with the subscription's private key; deliverToAccount's inbox row, cap and quiet hours;
// the queue consumer's 410 (subscription deleted), 500 (retried, then dropped) and Retry-After (waited). A fixed clock;
// the queue is a recorder and the push service a stub, everything else is the worker's D1.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { deliverToAccount, deliverToAccounts, topicOf, type AccountNotification } from "../../worker/push/deliver";
import { attemptPush, consumePushes, PUSH_ATTEMPTS, type PushMessage } from "../../worker/push/send";
import { dropOldInboxRows, savePushSubscription } from "../../worker/db/push";
import { getDb } from "../../worker/db/client";
import { fromBase64Url } from "../../worker/lib/crypto";
import { count, countingDb, createUser } from "./fixtures";
import { api } from "./helpers";
import { useFixedClock } from "./occupancy-fixtures";
import { browserKeys, browserKeysFrom, decryptPush, pushService, verifyVapid } from "./push-fixtures";

// Tuesday 2031-05-13 12:00 UTC: outside the default quiet hours (00:00–09:00 UTC).
const T = Date.UTC(2031, 4, 13, 12, 0);
const hour = 3_600_000;

useFixedClock(T);

/** A signed-in account with one browser subscribed at `endpoint`; the browser's keys. */
async function subscribedAccount(endpoint = `http://127.0.0.1:8788/push/${crypto.randomUUID()}`) {
  const user = await createUser();
  const keys = await browserKeys();
  const subscriptionId = (await savePushSubscription(getDb(env), user.id, { endpoint, ...keys.json }))!;
  return { user, keys, endpoint, subscriptionId };
}

const patchMe = (token: string, body: unknown) =>
  api("/api/me", { method: "PATCH", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

/** A queue that records what is sent to it. */
function recordingQueue() {
  const sent: PushMessage[] = [];
  const queue = {
    send: async (body: PushMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<PushMessage>>) => void sent.push(...[...messages].map((message) => message.body)),
  } as unknown as Queue;
  return { sent, env: { DB: env.DB, PUSH_QUEUE: queue } };
}

const quietNow: AccountNotification = {
  kind: "quiet_now",
  title: "The Crown is quiet now",
  body: "About 20% full.",
  url: "/place/the-crown",
  tag: "watch-17",
  stopUrl: "/api/me/watches/17/stop",
};

describe("RFC 8291 encryption", () => {
  it("the test's decryption reads Appendix A's example message", async () => {
    const ua = await browserKeysFrom(
      "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
      "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
      "BTBZMqHH6r4Tts7J_aSIgg",
    );
    const body = fromBase64Url(
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
    expect(await decryptPush(body, ua)).toBe("When I grow up, I want to be a watermelon");
    // One flipped bit of the ciphertext and the authentication tag refuses it.
    body[body.length - 1] ^= 1;
    await expect(decryptPush(body, ua)).rejects.toThrow();
  });

  it("what the worker sends decrypts with the subscription's private key, with TTL, Urgency, Topic and a VAPID JWT", async () => {
    const { user, keys, endpoint } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    expect(await deliverToAccount(queued, user.id, quietNow, T)).toMatchObject({ push: "push", queued: 1 });
    const { received, fetcher } = pushService(201);
    expect(await attemptPush(env, sent[0], 1, T, fetcher)).toBe("sent");

    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push.url).toBe(endpoint);
    expect(JSON.parse(await decryptPush(push.body, keys))).toEqual({
      title: "The Crown is quiet now",
      body: "About 20% full.",
      url: "/place/the-crown",
      tag: "watch-17",
      stop_url: "/api/me/watches/17/stop",
    });
    // Padded to one full 4096-byte record, so its length tells nothing about the message.
    expect(push.body.length).toBe(4096);
    expect(push.headers.get("content-encoding")).toBe("aes128gcm");
    expect(push.headers.get("content-type")).toBe("application/octet-stream");
    expect(push.headers.get("ttl")).toBe("3600");
    expect(push.headers.get("urgency")).toBe("normal");
    expect(push.headers.get("topic")).toBe(await topicOf("watch-17"));
    expect(push.headers.get("topic")).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const claims = await verifyVapid(push.headers.get("authorization"), "http://127.0.0.1:8788", T);
    expect(claims.aud).toBe("http://127.0.0.1:8788");
    expect(claims.sub).toBe(env.VAPID_SUBJECT);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(claims.exp! * 1000).toBeGreaterThan(T);
    expect(claims.exp! * 1000 - T).toBeLessThanOrEqual(24 * hour);
  });

  it("signs for a real push service's origin", async () => {
    const { user, keys } = await subscribedAccount(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`);
    const { sent, env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, { ...quietNow, urgency: "high", ttl: 600 }, T);
    const { received, fetcher } = pushService(201);
    expect(await attemptPush(env, sent[0], 1, T, fetcher)).toBe("sent");
    expect((await verifyVapid(received[0].headers.get("authorization"), "https://fcm.googleapis.com", T)).aud).toBe("https://fcm.googleapis.com");
    expect(received[0].headers.get("urgency")).toBe("high");
    expect(received[0].headers.get("ttl")).toBe("600");
    expect(JSON.parse(await decryptPush(received[0].body, keys)).title).toBe("The Crown is quiet now");
  });
});

describe("the push queue's consumer", () => {
  it("deletes the subscription when the push service answers 410 or 404", async () => {
    for (const status of [410, 404]) {
      const { user, subscriptionId } = await subscribedAccount();
      const { sent, env: queued } = recordingQueue();
      await deliverToAccount(queued, user.id, quietNow, T);
      expect(await attemptPush(env, sent[0], 1, T, pushService(status).fetcher)).toBe("gone");
      expect(await count("push_subscriptions", "id = ?", subscriptionId)).toBe(0);
      // The inbox keeps the notification.
      expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(1);
    }
  });

  it("retries a 500 through the queue with growing delays, then drops it and keeps the subscription", async () => {
    const { user, subscriptionId } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, quietNow, T);
    const { received, fetcher } = pushService(500);
    const batch = createMessageBatch<PushMessage>("third-place-push", [
      { id: "first", timestamp: new Date(T), attempts: 1, body: sent[0] },
      { id: "last", timestamp: new Date(T), attempts: PUSH_ATTEMPTS, body: sent[0] },
    ]);
    const ctx = createExecutionContext();
    await consumePushes(batch, env, fetcher);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([{ msgId: "first" }]);
    expect(result.explicitAcks).toEqual(["last"]);
    expect(received).toHaveLength(2);
    expect(await attemptPush(env, sent[0], 3, T, fetcher)).toEqual({ retryAfterSeconds: 120 });
    expect(await count("push_subscriptions", "id = ?", subscriptionId)).toBe(1);
  });

  it("waits at least what a 429 or 503 asks in Retry-After (seconds or a date), and drops a push the wait would outlive", async () => {
    const { user, subscriptionId } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, quietNow, T);
    // More than the first backoff (30 s): the service's wait.
    expect(await attemptPush(env, sent[0], 1, T, pushService(429, { "retry-after": "120" }).fetcher)).toEqual({ retryAfterSeconds: 120 });
    expect(await attemptPush(env, sent[0], 1, T, pushService(503, { "retry-after": new Date(T + 300_000).toUTCString() }).fetcher)).toEqual({
      retryAfterSeconds: 300,
    });
    // Less than the backoff, or unreadable: the backoff.
    expect(await attemptPush(env, sent[0], 3, T, pushService(429, { "retry-after": "5" }).fetcher)).toEqual({ retryAfterSeconds: 120 });
    expect(await attemptPush(env, sent[0], 1, T, pushService(429, { "retry-after": "soon" }).fetcher)).toEqual({ retryAfterSeconds: 30 });
    // Longer than the push's TTL (an hour by default): it would arrive worthless.
    expect(await attemptPush(env, sent[0], 1, T, pushService(429, { "retry-after": "7200" }).fetcher)).toBe("dropped");
    expect(await count("push_subscriptions", "id = ?", subscriptionId)).toBe(1);
  });

  it("sends a batch's pushes side by side: a push service that answers only once all of them are in flight gets them all", async () => {
    const subscribed = [await subscribedAccount(), await subscribedAccount(), await subscribedAccount()];
    const { sent, env: queued } = recordingQueue();
    for (const { user } of subscribed) await deliverToAccount(queued, user.id, quietNow, T);
    const { received, fetcher: answer } = pushService(201);
    let allInFlight!: () => void;
    const inFlight = new Promise<void>((resolve) => (allInFlight = resolve));
    // One by one, the first push would wait for the others forever (and the test time out).
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answer(input, init);
      if (received.length === sent.length) allInFlight();
      await inFlight;
      return response;
    }) as typeof fetch;
    const batch = createMessageBatch<PushMessage>(
      "third-place-push",
      sent.map((body, i) => ({ id: `push-${i}`, timestamp: new Date(T), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await consumePushes(batch, env, fetcher);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["push-0", "push-1", "push-2"]);
    expect(received.map((push) => push.url).sort()).toEqual(subscribed.map((account) => account.endpoint).sort());
  });

  it("drops a message whose subscription was removed since", async () => {
    const { user, subscriptionId } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, quietNow, T);
    await env.DB.prepare("DELETE FROM push_subscriptions WHERE id = ?").bind(subscriptionId).run();
    const { received, fetcher } = pushService(201);
    expect(await attemptPush(env, sent[0], 1, T, fetcher)).toBe("dropped");
    expect(received).toEqual([]);
  });

  it("never sends to an endpoint the allow-list refuses now (stored while ALLOW_LOCAL_WEBHOOKS was on)", async () => {
    const { user, subscriptionId } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, quietNow, T);
    const { received, fetcher } = pushService(201);
    expect(await attemptPush({ ...env, ALLOW_LOCAL_WEBHOOKS: "" }, sent[0], 1, T, fetcher)).toBe("gone");
    expect(received).toEqual([]);
    expect(await count("push_subscriptions", "id = ?", subscriptionId)).toBe(0);
  });
});

describe("deliverToAccount", () => {
  it("writes the inbox row and queues one push per subscription", async () => {
    const { user } = await subscribedAccount();
    const second = await browserKeys();
    const secondId = await savePushSubscription(getDb(env), user.id, { endpoint: "https://web.push.apple.com/QGh1", ...second.json });
    const { sent, env: queued } = recordingQueue();
    const result = await deliverToAccount(queued, user.id, { ...quietNow, placeId: null }, T);
    expect(result).toEqual({ notificationId: expect.any(Number), push: "push", queued: 2 });
    expect(sent.map((message) => message.subscription_id)).toContain(secondId);
    const row = await env.DB.prepare("SELECT * FROM consumer_notifications WHERE id = ?").bind(result.notificationId).first();
    expect(row).toMatchObject({ user_id: user.id, kind: "quiet_now", title: quietNow.title, body: quietNow.body, url: quietNow.url, read_at: null, created_at: T });
  });

  it("holds the push back past 6 in 24 hours; the inbox still gets every one", async () => {
    const { user } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await deliverToAccount(queued, user.id, quietNow, T + i * hour));
    expect(results.map((result) => result.push)).toEqual(["push", "push", "push", "push", "push", "push", "daily_cap"]);
    expect(sent).toHaveLength(6);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(7);
    // 24 hours after the first, one more is let through.
    expect((await deliverToAccount(queued, user.id, quietNow, T + 24 * hour)).push).toBe("push");
  });

  it("holds the push back in the default quiet hours (00:00–09:00 UTC); the inbox still gets it", async () => {
    const { user } = await subscribedAccount();
    const { sent, env: queued } = recordingQueue();
    expect((await deliverToAccount(queued, user.id, quietNow, Date.UTC(2031, 4, 14, 8, 59))).push).toBe("quiet_hours");
    expect(sent).toEqual([]);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(1);
    expect((await deliverToAccount(queued, user.id, quietNow, Date.UTC(2031, 4, 14, 9, 0))).push).toBe("push");
  });

  it("follows the time zone and quiet hours the account set with PATCH /api/me", async () => {
    const { user } = await subscribedAccount();
    const { env: queued } = recordingQueue();
    // 22:00–07:00 in Tokyo (UTC+9): 2031-05-13 13:30 UTC is 22:30 there, 23:30 UTC is 08:30.
    const patched = await patchMe(user.token, { time_zone: "Asia/Tokyo", quiet_hours: { from: "22:00", to: "07:00" } });
    expect(patched.status).toBe(200);
    expect((await deliverToAccount(queued, user.id, quietNow, Date.UTC(2031, 4, 13, 13, 30))).push).toBe("quiet_hours");
    expect((await deliverToAccount(queued, user.id, quietNow, Date.UTC(2031, 4, 13, 23, 30))).push).toBe("push");
    // None at all: 03:00 UTC, inside the default hours, is pushed.
    expect((await patchMe(user.token, { time_zone: "UTC", quiet_hours: null })).status).toBe(200);
    expect((await deliverToAccount(queued, user.id, quietNow, Date.UTC(2031, 4, 14, 3, 0))).push).toBe("push");
  });

  it("writes the inbox only for an account without subscriptions", async () => {
    const user = await createUser();
    const { sent, env: queued } = recordingQueue();
    expect(await deliverToAccount(queued, user.id, quietNow, T)).toMatchObject({ push: "no_subscriptions", queued: 0 });
    expect(sent).toEqual([]);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(1);
  });

  it("refuses a payload too large for one push before storing anything", async () => {
    const user = await createUser();
    const { env: queued } = recordingQueue();
    await expect(deliverToAccount(queued, user.id, { ...quietNow, body: "x".repeat(4000) }, T)).rejects.toThrow(RangeError);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(0);
  });

  it("keeps the newest 200 notifications of an account, none older than 90 days", async () => {
    const user = await createUser();
    const { env: queued } = recordingQueue();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 205)
       INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at) SELECT ?, 'quiet_now', 't', 'b', '/', ? FROM n`,
    )
      .bind(user.id, T - hour)
      .run();
    const old = await env.DB.prepare("INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at) VALUES (?, 'x', 't', 'b', '/', ?) RETURNING id")
      .bind(user.id, T - 91 * 24 * hour)
      .first<{ id: number }>();
    const { notificationId } = await deliverToAccount(queued, user.id, quietNow, T);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(200);
    expect(await count("consumer_notifications", "id = ?", notificationId!)).toBe(1);
    expect(await count("consumer_notifications", "id = ?", old!.id)).toBe(0);
  });

  it("the cron deletes inbox rows past 90 days in accounts that get nothing new", async () => {
    const user = await createUser();
    const insert = (at: number) =>
      env.DB.prepare("INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at) VALUES (?, 'x', 't', 'b', '/', ?)").bind(user.id, at).run();
    await insert(T - 90 * 24 * hour - 1);
    await insert(T - 90 * 24 * hour);
    await dropOldInboxRows(getDb(env), T);
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(1);
  });

  it("deleting the account deletes its subscriptions, inbox and push log", async () => {
    const { user } = await subscribedAccount();
    const { env: queued } = recordingQueue();
    await deliverToAccount(queued, user.id, quietNow, T);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    for (const table of ["push_subscriptions", "consumer_notifications", "push_log"]) expect(await count(table, "user_id = ?", user.id)).toBe(0);
  });
});

describe("deliverToAccounts (a page of watchers)", () => {
  /** `n` accounts, each with one subscription; the second of every three in quiet hours at T, the third of every five at its 6 pushes of the day. */
  async function page(n: number) {
    const accounts: number[] = [];
    for (let i = 0; i < n; i++) {
      const { user } = await subscribedAccount();
      if (i % 3 === 1) await env.DB.prepare("UPDATE users SET quiet_from = '11:00', quiet_to = '13:00' WHERE id = ?").bind(user.id).run();
      if (i % 5 === 2) {
        await env.DB.batch(Array.from({ length: 6 }, (_, j) => env.DB.prepare("INSERT INTO push_log (user_id, sent_at) VALUES (?, ?)").bind(user.id, T - (j + 1) * hour)));
      }
      accounts.push(user.id);
    }
    return accounts;
  }
  const expected = (i: number) => (i % 3 === 1 ? "quiet_hours" : i % 5 === 2 ? "daily_cap" : "push");

  const deliverTo = async (accounts: number[], dedupeKey: string) => {
    const counting = countingDb();
    const { sent, env: queued } = recordingQueue();
    const results = await deliverToAccounts({ ...queued, DB: counting.db }, accounts.map((accountId) => ({ accountId, notification: { ...quietNow, dedupeKey } })), T);
    return { roundTrips: counting.roundTrips(), results, sent };
  };

  it("costs the same D1 round trips for 100 subscribed accounts as for one", { timeout: 60_000 }, async () => {
    const one = await deliverTo(await page(1), "one");
    const hundred = await deliverTo(await page(100), "hundred");
    expect(one.results.map((result) => result.push)).toEqual(["push"]);
    expect(hundred.results.map((result) => result.push)).toEqual(Array.from({ length: 100 }, (_, i) => expected(i)));
    // One read (subscriptions, quiet hours, the day's pushes) and one batch (inbox rows, claims, trim).
    expect(hundred.roundTrips).toBe(one.roundTrips);
    expect(one.roundTrips).toBe(2);
  });

  it("a page delivered again stores, counts and pushes nothing twice", { timeout: 60_000 }, async () => {
    const accounts = await page(30);
    const first = await deliverTo(accounts, "again");
    const pushed = accounts.filter((_, i) => expected(i) === "push");
    expect(first.sent.map((message) => message.subscription_id)).toHaveLength(pushed.length);
    const again = await deliverTo(accounts, "again");
    expect(again.results.every((result) => result.push === "duplicate")).toBe(true);
    expect(again.sent).toEqual([]);
    for (const [i, account] of accounts.entries()) {
      expect(await count("consumer_notifications", "user_id = ?", account)).toBe(1);
      expect(await count("push_log", "user_id = ?", account)).toBe(expected(i) === "push" ? 1 : i % 5 === 2 ? 6 : 0);
    }
  });
});

describe("the worker's queue()", () => {
  it("hands the push queue's batches to the push consumer", async () => {
    const user = await createUser();
    // Stored past the allow-list (as by an older rule): the push consumer deletes it without sending anything.
    const { id } = (await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, 'https://push.evil.example/x', 'k', 'a') RETURNING id")
      .bind(user.id)
      .first<{ id: number }>())!;
    const message: PushMessage = { subscription_id: id, payload: { title: "t", body: "b", url: "/", tag: "t" }, topic: await topicOf("t"), urgency: "normal", ttl: 60 };
    const batch = createMessageBatch<PushMessage>("third-place-push", [{ id: "only", timestamp: new Date(T), attempts: 1, body: message }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["only"]);
    expect(await count("push_subscriptions", "id = ?", id)).toBe(0);
  });
});
