// Rows 2 to 4 of `npm run faults` (docs/faults.md#push-services-and-webhook-receivers): a push
// service answering 429 with Retry-After, then 500, then 410, a webhook receiver down for ten
// minutes of the retry schedule's clock, and a poison message in a push batch (docs/faults.md#dead-letters). Both stand-ins listen on 127.0.0.1 in this process; the
// faults build runs the queues' schedules 60 times faster and records every delay asked.
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { verifyWebhookSignature, SIGNATURE_HEADER } from "../../worker/alerts/signature.ts";
import { BenchApi } from "../bench/bench-api.ts";
import { d1File, readSqlite } from "../bench/state-files.ts";
import type { FaultServer } from "./server.ts";
import type { FaultRow } from "./table.ts";

/** The push service's answers, in order; anything after them is a push sent once too often. */
const PUSH_ANSWERS = [
  { status: 429, headers: { "retry-after": "120" } },
  { status: 500, headers: {} },
  { status: 410, headers: {} },
] as const;
/** The receiver is down for this long of the retry schedule's clock. */
const WEBHOOK_DOWN_S = 600;
/** Real seconds each wait may take at most (the schedules run 60 times faster). */
const ROW_LIMIT_MS = 120_000;

interface Received {
  at: number;
  headers: IncomingMessage["headers"];
  body: string;
}

interface AskedRetry {
  queue: string;
  attempts: number;
  delaySeconds: number;
}

/** One loopback server playing the push service (/push, /push-ok) and the webhook receiver (/hook). */
export class StandIns {
  readonly pushes: Received[] = [];
  /** Pushes to /push-ok/…, which always answers 201. */
  readonly okPushes: Received[] = [];
  readonly hooks: Received[] = [];
  /** Connections the receiver cut while down. */
  hookRefused = 0;
  hookUp = false;
  private readonly server: Server;
  readonly baseUrl: string;

  private constructor(server: Server, baseUrl: string) {
    this.server = server;
    this.baseUrl = baseUrl;
  }

  static async start(): Promise<StandIns> {
    let standIns: StandIns | undefined;
    const server = createServer((request, response) => {
      let body = "";
      request.setEncoding("latin1");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => standIns!.answer(request, body, response));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    standIns = new StandIns(server, `http://127.0.0.1:${port}`);
    return standIns;
  }

  private answer(request: IncomingMessage, body: string, response: ServerResponse) {
    const received = { at: performance.now(), headers: request.headers, body };
    if (request.url?.startsWith("/push-ok/")) {
      this.okPushes.push({ ...received, body: request.url });
      response.writeHead(201).end();
    } else if (request.url?.startsWith("/push/")) {
      const answer = PUSH_ANSWERS[this.pushes.length] ?? { status: 201, headers: {} };
      this.pushes.push(received);
      response.writeHead(answer.status, answer.headers).end();
    } else if (!this.hookUp) {
      // Down: the connection is cut, as a receiver that is not there.
      this.hookRefused++;
      request.socket.destroy();
    } else {
      this.hooks.push(received);
      response.writeHead(204).end();
    }
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const until = async (what: string, done: () => boolean | Promise<boolean>, limitMs = ROW_LIMIT_MS) => {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

const retriesOf = async (server: FaultServer, queue: string) =>
  ((await (await fetch(`${server.baseUrl}/__faults/retries`)).json()) as AskedRetry[]).filter((retry) => retry.queue === queue);

/** A new account, signed in. */
export async function signUp(server: FaultServer, name: string) {
  return postJson<{ access_token: string; user_id: number }>(`${server.baseUrl}/api/auth/signup`, {
    name,
    email: `faults-${randomBytes(4).toString("hex")}@example.com`,
    password: randomBytes(12).toString("base64url"),
  });
}

/** A browser's subscription at `endpoint`: a P-256 public key and a 16-byte auth secret (RFC 8291); its id. */
export async function subscribe(server: FaultServer, accessToken: string, endpoint: string): Promise<number> {
  const keys = { p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  return (await postJson<{ id: number }>(`${server.baseUrl}/api/me/push-subscriptions`, { endpoint, keys }, accessToken)).id;
}

async function pushRow(server: FaultServer, standIns: StandIns): Promise<FaultRow> {
  const { access_token, user_id } = await signUp(server, "Faults Push");
  const subscriptionId = await subscribe(server, access_token, `${standIns.baseUrl}/push/faults`);
  const queued = await postJson<{ push: string; queued: number }>(`${server.baseUrl}/__faults/notify`, { account_id: user_id, tag: "faults-push" });
  const d1 = d1File(server.stateDir);
  const subscribed = () => readSqlite<{ n: number }>(d1, "SELECT count(*) AS n FROM push_subscriptions WHERE id = ?", subscriptionId)[0].n;
  await until("the push service's three answers", () => standIns.pushes.length >= PUSH_ANSWERS.length);
  await until("the subscription's removal after 410", () => subscribed() === 0);
  const removedAt = performance.now();
  const asked = await retriesOf(server, "third-place-push");
  const waited = asked.map((retry) => retry.delaySeconds);
  const waitedRetryAfter = waited[0] >= 120;
  return {
    fault: "push service 429, 500, 410",
    injectedHow: "a loopback push service answering 429 with Retry-After: 120, then 500, then 410",
    acknowledged: queued.queued,
    // Checked again at the end of the run (checkLate): a push after the 410 is one too many.
    lost: (standIns.pushes.length >= PUSH_ANSWERS.length ? 0 : 1) + (waitedRetryAfter ? 0 : 1),
    duplicated: Math.max(0, standIns.pushes.length - PUSH_ANSWERS.length),
    recoveredAfterS: (removedAt - standIns.pushes[0].at) / 1000,
    notes: [
      `the push was attempted ${standIns.pushes.length} times; the app asked to wait ${waited.map((s) => `${s} s`).join(", then ")} ` +
        `(${waitedRetryAfter ? "at least the Retry-After" : "LESS than the Retry-After"}); the subscription was removed after the 410`,
    ],
  };
}

async function webhookRow(server: FaultServer, standIns: StandIns): Promise<FaultRow> {
  const api = await BenchApi.signIn(server.baseUrl);
  const placeId = await api.createPlace({ name: "Faults webhooks", address: "1 Avenue D, New York, NY", latitude: "40.7246", longitude: "-73.9818" });
  const { secret } = await postJson<{ id: number; secret: string }>(`${server.baseUrl}/api/place/${placeId}/webhooks`, { url: `${standIns.baseUrl}/hook` }, api.adminToken);
  const notifications = await postJson<number[]>(`${server.baseUrl}/__faults/alert`, { place_id: placeId, key: "faults-webhook" });
  // The schedule's clock: the delays the app asked for so far. The receiver is back once ten minutes of it have passed.
  let scheduleClockS = 0;
  await until(`${WEBHOOK_DOWN_S} s of the retry schedule`, async () => {
    scheduleClockS = (await retriesOf(server, "third-place-webhooks")).reduce((sum, retry) => sum + retry.delaySeconds, 0);
    return scheduleClockS >= WEBHOOK_DOWN_S;
  });
  standIns.hookUp = true;
  const upAt = performance.now();
  await until("the delivery after the receiver came back", () => standIns.hooks.length > 0);
  const deliveredAt = performance.now();
  const [delivery] = standIns.hooks;
  const header = delivery.headers[SIGNATURE_HEADER.toLowerCase()];
  const signed = await verifyWebhookSignature(secret, delivery.body, typeof header === "string" ? header : null, Date.now());
  const event = JSON.parse(delivery.body) as { id: number };
  return {
    fault: "webhook receiver down 10 min",
    injectedHow: `a loopback receiver cutting every connection until ${WEBHOOK_DOWN_S} s of the retry schedule's clock (run 60× faster) had passed`,
    acknowledged: notifications.length,
    lost: (signed ? 0 : 1) + (notifications.includes(event.id) ? 0 : 1),
    // Checked again at the end of the run (checkLate).
    duplicated: standIns.hooks.length - 1,
    recoveredAfterS: (deliveredAt - upAt) / 1000,
    notes: [
      `${standIns.hookRefused} attempts cut while down; the receiver back at ${WEBHOOK_DOWN_S} s of the schedule's clock, its next attempt due at ${scheduleClockS} s; delivered once, signature ${signed ? "valid" : "INVALID"}`,
    ],
  };
}

/** Pushes queued beside the poison message, all in one batch (max_batch_size 10). */
const HEALTHY_PUSHES = 9;

interface DeadLetters {
  dead_letters: { id: number; queue: string; body: string }[];
}

async function poisonRow(server: FaultServer, standIns: StandIns): Promise<FaultRow> {
  const { access_token, user_id } = await signUp(server, "Faults Poison");
  for (let i = 1; i <= HEALTHY_PUSHES; i++) await subscribe(server, access_token, `${standIns.baseUrl}/push-ok/${i}`);
  const api = await BenchApi.signIn(server.baseUrl);
  const deadLetters = async () => (await api.get<DeadLetters>("/api/admin/dead-letters")).dead_letters.filter((letter) => letter.body.includes("faults-poison"));
  const started = performance.now();
  const queued = await postJson<{ queued: number; poison: number }>(`${server.baseUrl}/__faults/poison`, { account_id: user_id, tag: "faults-poison" });
  await until("the healthy pushes", () => standIns.okPushes.length >= HEALTHY_PUSHES);
  await until("the poison message among the admin's dead letters", async () => (await deadLetters()).length > 0);
  const deadAt = performance.now();
  const [letter] = await deadLetters();
  // The admin's retry sends it back to the push queue, where it fails again (a retry asked for its first attempt).
  const firstAttemptsBefore = (await retriesOf(server, "third-place-push")).filter((retry) => retry.attempts === 1).length;
  const retried = await fetch(`${server.baseUrl}/api/admin/dead-letters/${letter.id}/retry`, { method: "POST", headers: api.adminHeaders });
  const retriedOk = retried.status === 200 && (await deadLetters()).length === 0;
  await until("the retried message back in the push queue", async () => (await retriesOf(server, "third-place-push")).filter((retry) => retry.attempts === 1).length > firstAttemptsBefore);
  const endpoints = new Set(standIns.okPushes.map((push) => push.body));
  return {
    fault: "poison message in a push batch",
    injectedHow: `a push message no attempt can process, queued with ${HEALTHY_PUSHES} healthy pushes into one batch`,
    acknowledged: queued.queued + queued.poison,
    lost: HEALTHY_PUSHES - endpoints.size + (letter && letter.queue === "third-place-push" ? 0 : 1) + (retriedOk ? 0 : 1),
    duplicated: standIns.okPushes.length - endpoints.size,
    recoveredAfterS: (deadAt - started) / 1000,
    notes: [
      `${endpoints.size} of ${HEALTHY_PUSHES} healthy pushes delivered; the poison one retried to max_retries, then in the admin's dead letters (from ${letter?.queue}); ` +
        `the admin's retry answered ${retried.status} and queued it again`,
    ],
  };
}

/** A push service and a webhook receiver failing, and a poison message, on one server; then a last look for anything sent twice. */
export async function deliveryFaults(server: FaultServer, log: (line: string) => void): Promise<FaultRow[]> {
  const standIns = await StandIns.start();
  try {
    const push = await pushRow(server, standIns);
    log(`  push: ${push.notes.join("; ")}`);
    const webhook = await webhookRow(server, standIns);
    log(`  webhook: ${webhook.notes.join("; ")}`);
    const poison = await poisonRow(server, standIns);
    log(`  poison: ${poison.notes.join("; ")}`);
    // Anything sent twice arrives within the next scaled retry (a few seconds): look once more.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    push.duplicated = Math.max(0, standIns.pushes.length - PUSH_ANSWERS.length);
    webhook.duplicated = standIns.hooks.length - 1;
    poison.duplicated = standIns.okPushes.length - new Set(standIns.okPushes.map((received) => received.body)).size;
    return [push, webhook, poison];
  } finally {
    await standIns.close();
  }
}
