// Webhook endpoints and their delivery (docs/alerts.md): the routes (secret shown once, address
// rules, the delivery log), dispatching an alert to the queue, and the consumer's attempts against
// a stub receiver: a signed POST, a retry after a 500 and after a timeout with growing delays,
// and an endpoint switched off after 24 hours of failure. A fixed clock moved by hand.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { attemptDelivery, consumeDeliveries, dispatchAlerts, QUEUE_MAX_RETRIES, RETRY_FOR_MS, retryDelaySeconds, type DeliveryMessage } from "../../worker/alerts/delivery";
import wranglerToml from "../../wrangler.toml?raw";
import { verifyWebhookSignature } from "../../worker/alerts/signature";
import type { NotificationsAnswer, WebhooksAnswer } from "../../common/schemas/alerts";
import { api, postJson } from "./helpers";
import { count } from "./fixtures";
import { asAdmin, createPlace, errorOf, getAs, ownerOf, useFixedClock } from "./occupancy-fixtures";

const T = Date.UTC(2031, 4, 14, 1, 0);
const hour = 3_600_000;

useFixedClock(T);

async function addWebhook(placeId: number, url = "https://hooks.example.com/third-place") {
  const response = await postJson(`/api/place/${placeId}/webhooks`, { url }, await asAdmin());
  expect(response.status).toBe(201);
  return response.json<{ id: number; secret: string }>();
}

async function webhooksOf(placeId: number) {
  return (await (await getAs(`/api/place/${placeId}/webhooks`, await asAdmin())).json<WebhooksAnswer>()).webhooks;
}

/** A receiver that records what it was sent and answers `status` (or never, for "hang"). */
function receiver(status: number | "hang") {
  const received: { url: string; headers: Headers; body: string }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    received.push({ url: request.url, headers: request.headers, body: await request.text() });
    if (status === "hang") {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }
    return new Response(status === 204 ? null : "ok", { status });
  }) as typeof fetch;
  return { received, fetcher };
}

const alert = { type: "near_capacity" as const, occurredAt: T, message: "Near capacity: 95% full (alert at 90%).", data: { percent: 95 } };

/** Dispatches one alert for the place and answers the queue message its endpoint would get. */
async function dispatched(placeId: number, webhookId: number): Promise<DeliveryMessage> {
  const [notificationId] = await dispatchAlerts(env, placeId, [alert], T);
  return {
    webhook_id: webhookId,
    first_attempt_at: T,
    event: { id: notificationId, type: "near_capacity", place_id: placeId, occurred_at: new Date(T).toISOString(), data: { percent: 95 } },
  };
}

describe("POST/GET/DELETE /api/place/{id}/webhooks", () => {
  it("adds an endpoint, shows its secret once, lists and removes it", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const response = await postJson(`/api/place/${placeId}/webhooks`, { url: "https://hooks.example.com/a" }, owner);
    expect(response.status).toBe(201);
    const created = await response.json<{ id: number; secret: string }>();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await (await getAs(`/api/place/${placeId}/webhooks`, owner)).json<WebhooksAnswer>();
    expect(listed.webhooks).toEqual([
      { id: created.id, url: "https://hooks.example.com/a", created_at: expect.any(String), disabled_at: null, failing_since: null, deliveries: [] },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const other = await ownerOf(await createPlace());
    expect((await api(`/api/place/${placeId}/webhooks/${created.id}`, { method: "DELETE", headers: other })).status).toBe(403);
    expect((await api(`/api/place/${placeId}/webhooks/${created.id}`, { method: "DELETE", headers: owner })).status).toBe(200);
    expect((await api(`/api/place/${placeId}/webhooks/${created.id}`, { method: "DELETE", headers: owner })).status).toBe(404);
    expect(await webhooksOf(placeId)).toEqual([]);
  });

  it.each([
    ["http://hooks.example.com/a", "url must start with https://."],
    ["https://10.0.0.8/a", "not a loopback, private, link-local or reserved one"],
    ["https://printer.local/a", "not a local or internal name"],
    ["https://169.254.169.254/latest", "not a loopback, private, link-local or reserved one"],
    ["", "url must be a web address."],
  ])("refuses %s", async (url, message) => {
    const placeId = await createPlace();
    const response = await postJson(`/api/place/${placeId}/webhooks`, { url }, await ownerOf(placeId));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(message.startsWith("url") ? message : `url must be a public address, ${message}.`);
    expect(await count("webhooks", "place_id = ?", placeId)).toBe(0);
  });

  it("allows http://localhost and http://127.0.0.1 here (ALLOW_LOCAL_WEBHOOKS=1, as locally)", async () => {
    const placeId = await createPlace();
    await addWebhook(placeId, "http://localhost:8788/hook");
    await addWebhook(placeId, "http://127.0.0.1:8788/hook");
  });

  it("caps a place at 5 endpoints (409)", async () => {
    const placeId = await createPlace();
    for (let i = 0; i < 5; i++) await addWebhook(placeId, `https://hooks.example.com/${i}`);
    const response = await postJson(`/api/place/${placeId}/webhooks`, { url: "https://hooks.example.com/6" }, await asAdmin());
    expect(response.status).toBe(409);
  });
});

describe("delivery", () => {
  it("queues one message per active endpoint and posts it signed: {id, type, place_id, occurred_at, data}", async () => {
    const placeId = await createPlace();
    const { id, secret } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    expect((await webhooksOf(placeId))[0].deliveries).toMatchObject([{ notification_id: message.event.id, status: "pending", attempts: 0 }]);

    const { received, fetcher } = receiver(204);
    expect(await attemptDelivery(env, message, 1, T + 1000, fetcher)).toEqual({ ack: true, delivered: true });
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery.url).toBe("https://hooks.example.com/third-place");
    expect(JSON.parse(delivery.body)).toEqual({ id: message.event.id, type: "near_capacity", place_id: placeId, occurred_at: new Date(T).toISOString(), data: { percent: 95 } });
    expect(delivery.headers.get("content-type")).toBe("application/json");
    expect(await verifyWebhookSignature(secret, delivery.body, delivery.headers.get("Third-Place-Signature"), T + 2000)).toBe(true);
    expect((await webhooksOf(placeId))[0].deliveries).toEqual([
      {
        id: expect.any(Number),
        notification_id: message.event.id,
        type: "near_capacity",
        status: "delivered",
        http_status: 204,
        error: null,
        attempts: 1,
        last_attempt_at: new Date(T + 1000).toISOString(),
      },
    ]);
  });

  it("retries after a 500 with growing delays, through the queue consumer", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    const { received, fetcher } = receiver(500);
    const batch = createMessageBatch<DeliveryMessage>("third-place-webhooks", [
      { id: "first", timestamp: T, attempts: 1, body: message },
      { id: "fourth", timestamp: T, attempts: 4, body: message },
    ]);
    const ctx = createExecutionContext();
    await consumeDeliveries(batch, env, fetcher);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([{ msgId: "first" }, { msgId: "fourth" }]);
    expect(result.explicitAcks).toEqual([]);
    expect(received).toHaveLength(2);
    // The delays asked for (the test batch above does not record them), from a batch of plain objects.
    const delays: (number | undefined)[] = [];
    const asked = (attempts: number) => ({ id: String(attempts), timestamp: new Date(T), attempts, body: message, ack: () => {}, retry: (options?: QueueRetryOptions) => void delays.push(options?.delaySeconds) });
    await consumeDeliveries({ queue: "third-place-webhooks", messages: [asked(1), asked(4)], ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<DeliveryMessage>, env, fetcher);
    expect(delays).toEqual([30, 240]);
    const [endpoint] = await webhooksOf(placeId);
    expect(endpoint.failing_since).toBe(new Date(T).toISOString());
    expect(endpoint.deliveries[0]).toMatchObject({ status: "pending", http_status: 500, error: "The receiver answered 500.", attempts: 4 });
    // The schedule: 30 s doubling to an hour, then hourly.
    expect([1, 2, 3, 7, 8, 30].map(retryDelaySeconds)).toEqual([30, 60, 120, 1920, 3600, 3600]);
  });

  it("counts a receiver that does not answer in time as a failure and retries", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    const { received, fetcher } = receiver("hang");
    expect(await attemptDelivery(env, message, 2, T, fetcher, 20)).toEqual({ ack: false, retryAfterSeconds: 60 });
    expect(received).toHaveLength(1);
    expect((await webhooksOf(placeId))[0].deliveries[0]).toMatchObject({ status: "pending", http_status: null, error: "No answer within 0.02 s.", attempts: 2 });
  });

  it("switches an endpoint off after 24 hours of failure, with a notification; a success in between starts the count again", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    const failing = receiver(503).fetcher;
    await attemptDelivery(env, message, 1, T, failing);
    // A success 12 hours in ends that run of failures.
    await attemptDelivery(env, message, 2, T + 12 * hour, receiver(200).fetcher);
    expect((await webhooksOf(placeId))[0].failing_since).toBeNull();
    const later = await dispatched(placeId, id);
    const next = { ...later, first_attempt_at: T + 13 * hour };
    await attemptDelivery(env, next, 1, T + 13 * hour, failing);
    vi.setSystemTime(T + 36 * hour);
    expect(await attemptDelivery(env, next, 20, T + 13 * hour + RETRY_FOR_MS - 1, failing)).toEqual({ ack: false, retryAfterSeconds: 3600 });
    expect((await webhooksOf(placeId))[0].disabled_at).toBeNull();
    expect(await attemptDelivery(env, next, 21, T + 13 * hour + RETRY_FOR_MS, failing)).toEqual({ ack: true, delivered: false });

    const [endpoint] = await webhooksOf(placeId);
    expect(endpoint.disabled_at).toBe(new Date(T + 37 * hour).toISOString());
    expect(endpoint.deliveries[0]).toMatchObject({ notification_id: next.event.id, status: "failed", http_status: 503, attempts: 21 });
    const notes = await (await getAs(`/api/place/${placeId}/notifications`, await asAdmin())).json<NotificationsAnswer>();
    expect(notes.notifications[0]).toMatchObject({
      type: "webhook_disabled",
      message: "Webhook https://hooks.example.com/third-place was switched off: it has failed for 24 hours (last: The receiver answered 503.). Add it again once it works.",
      data: { webhook_id: id, url: "https://hooks.example.com/third-place", failing_since: new Date(T + 13 * hour).toISOString() },
    });
    // A disabled endpoint gets nothing more: no new message is queued, a queued one is dropped.
    const { received, fetcher } = receiver(200);
    expect(await attemptDelivery(env, next, 22, T + 38 * hour, fetcher)).toEqual({ ack: true, delivered: false });
    expect(received).toEqual([]);
    const before = await count("webhook_deliveries", "webhook_id = ?", id);
    await dispatchAlerts(env, placeId, [alert], T + 38 * hour);
    expect(await count("webhook_deliveries", "webhook_id = ?", id)).toBe(before);
  });

  it("issue 25 item 7 (SSRF filter gaps): checks the address again at delivery time, and a stored one no longer allowed is not posted to", async () => {
    const placeId = await createPlace();
    // As stored before the rules closed these gaps.
    const [old] = await env.DB.prepare("INSERT INTO webhooks (place_id, url, secret) VALUES (?, ?, 'whsec_x') RETURNING id")
      .bind(placeId, "https://[2002:7f00:1::]/hook")
      .all<{ id: number }>()
      .then((result) => result.results);
    const message = await dispatched(placeId, old.id);
    const { received, fetcher } = receiver(200);
    expect(await attemptDelivery(env, message, 1, T + 1000, fetcher)).toEqual({ ack: true, delivered: false });
    expect(received).toEqual([]);
    const [endpoint] = await webhooksOf(placeId);
    expect(endpoint.disabled_at).toBe(new Date(T + 1000).toISOString());
    expect(endpoint.deliveries[0]).toMatchObject({ status: "failed", http_status: null, error: "url must be a public address, not a loopback, private, link-local or reserved one.", attempts: 1 });
    const notes = await (await getAs(`/api/place/${placeId}/notifications`, await asAdmin())).json<NotificationsAnswer>();
    expect(notes.notifications[0]).toMatchObject({
      type: "webhook_disabled",
      message: "Webhook https://[2002:7f00:1::]/hook was switched off: url must be a public address, not a loopback, private, link-local or reserved one. Add one that is allowed.",
    });
  });

  it("posts to http://127.0.0.1 on any port here (ALLOW_LOCAL_WEBHOOKS=1)", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId, "http://127.0.0.1:8788/hook");
    const { received, fetcher } = receiver(204);
    expect(await attemptDelivery(env, await dispatched(placeId, id), 1, T, fetcher)).toEqual({ ack: true, delivered: true });
    expect(received.map((r) => r.url)).toEqual(["http://127.0.0.1:8788/hook"]);
  });
});

describe("issue 25 (the queue has no dead-letter handling): a message on its last attempt", () => {
  const last = QUEUE_MAX_RETRIES + 1;

  it("is the queue's: QUEUE_MAX_RETRIES is wrangler.toml's max_retries", () => {
    expect(wranglerToml).toMatch(new RegExp(`^max_retries = ${QUEUE_MAX_RETRIES}$`, "m"));
  });

  it("that fails again is acknowledged and its delivery marked failed, shown in the delivery log", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    const batch = createMessageBatch<DeliveryMessage>("third-place-webhooks", [{ id: "last", timestamp: T, attempts: last, body: message }]);
    await consumeDeliveries(batch, env, receiver(500).fetcher);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual(["last"]);
    expect(result.retryMessages).toEqual([]);
    expect((await webhooksOf(placeId))[0].deliveries[0]).toMatchObject({ status: "failed", http_status: 500, error: "The receiver answered 500.", attempts: last });
  });

  it("that cannot be processed at all is acknowledged and its delivery marked failed, not left pending", async () => {
    const placeId = await createPlace();
    const { id } = await addWebhook(placeId);
    const message = await dispatched(placeId, id);
    // D1 answers everything but the endpoint's lookup, which fails every time.
    const flaky = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (query: string) => {
            if (/^select .* from "webhooks"/i.test(query)) throw new Error("D1 unreachable");
            return target.prepare(query);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const failing = { ...env, DB: flaky };
    const early = createMessageBatch<DeliveryMessage>("third-place-webhooks", [{ id: "early", timestamp: T, attempts: last - 1, body: message }]);
    await consumeDeliveries(early, failing, receiver(200).fetcher);
    expect((await getQueueResult(early, createExecutionContext())).retryMessages).toEqual([{ msgId: "early" }]);
    expect((await webhooksOf(placeId))[0].deliveries[0]).toMatchObject({ status: "pending", attempts: 0 });

    const batch = createMessageBatch<DeliveryMessage>("third-place-webhooks", [{ id: "last", timestamp: T, attempts: last, body: message }]);
    await consumeDeliveries(batch, failing, receiver(200).fetcher);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["last"]);
    expect((await webhooksOf(placeId))[0].deliveries[0]).toMatchObject({
      status: "failed",
      http_status: null,
      error: `Gave up after ${last} attempts: the delivery could not be processed.`,
      attempts: last,
    });
  });
});
