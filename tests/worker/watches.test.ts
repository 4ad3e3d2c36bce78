// Watches through the API with real D1, the place's object and the watch queue's consumer
// (docs/watches.md): the routes (cap, owner only, validation), the signed one-use stop link, the
// object noticing "quiet now" once per episode and queueing it only from its alarm, the fan-out to
// 1,000 watchers a page at a time with no duplicate on a retried page, windows, event starts from
// the cron and wait drops from Live Looks. A fixed clock in the future, so no alarm fires on its own.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { placeOccupancy, type PlaceOccupancy } from "../../worker/occupancy/place-occupancy";
import { fanOutOf, type FanOutChange, type WatchChange, type WatchFanOut } from "../../worker/watches/changes";
import { WATCH_ATTEMPTS, WATCHERS_PER_PAGE } from "../../worker/watches/fan-out";
import { noticeEventStarts } from "../../worker/watches/event-starts";
import { noticeSpecialStarts } from "../../worker/watches/special-starts";
import { noticeWaitReport } from "../../worker/watches/wait-reports";
import { getDb } from "../../worker/db/client";
import { MAX_WATCHES, WATCH_CAP_MESSAGE, type WatchAnswer, type WatchList } from "../../common/schemas/watches";
import { bearer, count, createUser, insertEvent, type TestUser } from "./fixtures";
import { api, postJson } from "./helpers";
import { addDevice, createPlace, errorOf, ingest, useFixedClock } from "./occupancy-fixtures";

const minute = 60_000;
/** Friday 16 May 2031, 19:00 in New York (EDT). */
const T = Date.UTC(2031, 4, 16, 23, 0);

useFixedClock(T);

const watch = (user: TestUser, body: unknown) => postJson("/api/me/watches", body, bearer(user.token));
const listOf = async (user: TestUser) => (await (await api("/api/me/watches", { headers: bearer(user.token) })).json<WatchList>()).watches;

/** A queue that records what is sent to it. */
function recordingQueue<T>() {
  const sent: T[] = [];
  const queue = {
    send: async (body: T) => void sent.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<T>>) => void sent.push(...[...messages].map((message) => message.body)),
  } as unknown as Queue;
  return { sent, queue };
}

/** Runs the real queue() handler on one page; what it queued next and the batch's outcome. */
async function consumePage(page: WatchFanOut, attempts = 1) {
  const watchQueue = recordingQueue<WatchFanOut>();
  const pushQueue = recordingQueue<unknown>();
  const batch = createMessageBatch<WatchFanOut>("third-place-watches", [{ id: "page", timestamp: new Date(T), attempts, body: page }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, WATCH_QUEUE: watchQueue.queue, PUSH_QUEUE: pushQueue.queue });
  return { next: watchQueue.sent, pushes: pushQueue.sent, result: await getQueueResult(batch, ctx) };
}

/** Every page of a change, through the consumer, as the queue would run them. */
async function fanOutAll(change: FanOutChange): Promise<WatchFanOut[]> {
  const pages = [fanOutOf(change)];
  for (let i = 0; i < pages.length; i++) pages.push(...(await consumePage(pages[i])).next);
  return pages;
}

const quietChange = (placeId: number, at = T): WatchChange => ({ key: `quiet:${placeId}:${at}`, place_id: placeId, at, kind: "quiet", level: "Relaxed", percent: 12 });

describe("POST/GET/DELETE /api/me/watches", () => {
  it("adds, lists (newest first) and stops the account's own watches", async () => {
    const user = await createUser();
    const placeId = await createPlace();
    const quiet = await watch(user, { place_id: placeId, when: "quiet" });
    expect(quiet.status).toBe(201);
    const created = await quiet.json<WatchAnswer>();
    expect(created).toMatchObject({ place_id: placeId, when: "quiet", minutes: null, window: null });
    expect(created.place_url).toMatch(/^\/profile\/place-/);
    const wait = await (
      await watch(user, { place_id: placeId, when: "wait_under", minutes: 10, window: { days: ["friday", "Saturday"], from: "18:00", to: "02:00" } })
    ).json<WatchAnswer>();
    expect(wait).toMatchObject({ when: "wait_under", minutes: 10, window: { days: ["Friday", "Saturday"], from: "18:00", to: "02:00" } });
    expect((await listOf(user)).map((entry) => entry.id)).toEqual([wait.id, created.id]);

    const stop = await api(`/api/me/watches/${created.id}`, { method: "DELETE", headers: bearer(user.token) });
    expect(stop.status).toBe(200);
    expect((await listOf(user)).map((entry) => entry.id)).toEqual([wait.id]);
  });

  it("another account neither sees nor stops a watch: 404, as for none", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id } = await (await watch(owner, { place_id: await createPlace(), when: "lively" })).json<WatchAnswer>();
    expect(await listOf(other)).toEqual([]);
    const response = await api(`/api/me/watches/${id}`, { method: "DELETE", headers: bearer(other.token) });
    expect(response.status).toBe(404);
    expect(await count("watches", "id = ?", id)).toBe(1);
    expect((await api(`/api/me/watches/99999999`, { method: "DELETE", headers: bearer(owner.token) })).status).toBe(404);
  });

  it(`keeps at most ${MAX_WATCHES} per account: the next is a 409`, async () => {
    const user = await createUser();
    const placeId = await createPlace();
    await env.DB.batch(
      Array.from({ length: MAX_WATCHES }, () => env.DB.prepare(`INSERT INTO watches (user_id, place_id, "when") VALUES (?, ?, 'quiet')`).bind(user.id, placeId)),
    );
    const response = await watch(user, { place_id: placeId, when: "event_starts" });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(WATCH_CAP_MESSAGE);
    expect(await count("watches", "user_id = ?", user.id)).toBe(MAX_WATCHES);
  });

  it.each([
    ["an unknown kind", { when: "packed" }],
    ["wait_under without minutes", { when: "wait_under" }],
    ["minutes on a quiet watch", { when: "quiet", minutes: 10 }],
    ["minutes past an hour", { when: "wait_under", minutes: 61 }],
    ["a window day that is no day", { when: "quiet", window: { days: ["Caturday"], from: "18:00", to: "23:00" } }],
    ["a window without its end", { when: "quiet", window: { from: "18:00" } }],
    ["a window at 24:00", { when: "quiet", window: { from: "18:00", to: "24:00" } }],
    ["an unknown key", { when: "quiet", notify: "sms" }],
  ])("refuses %s with a 400", async (_label, body) => {
    const user = await createUser();
    const response = await watch(user, { place_id: await createPlace(), ...body });
    expect(response.status).toBe(400);
    expect(await count("watches", "user_id = ?", user.id)).toBe(0);
  });

  it("is a 404 for an unknown place, a 401 signed out", async () => {
    const user = await createUser();
    expect((await watch(user, { place_id: 99999999, when: "quiet" })).status).toBe(404);
    expect((await postJson("/api/me/watches", { place_id: 1, when: "quiet" })).status).toBe(401);
  });
});

describe("the one-tap stop from a notification", () => {
  it("the payload's stop_url stops its watch once, without credentials; a forged one stops nothing", async () => {
    const user = await createUser();
    const placeId = await createPlace();
    const { id } = await (await watch(user, { place_id: placeId, when: "quiet" })).json<WatchAnswer>();
    await fanOutAll(quietChange(placeId));
    // The inbox row carries the place; the push payload the stop URL (read from the consumer's push).
    const { pushes } = await consumePage(fanOutOf({ ...quietChange(placeId), key: "another change" }));
    expect(pushes).toEqual([]); // no subscription: the inbox only
    const stopUrl = await stopUrlOf(user, placeId, id);
    expect(stopUrl).toMatch(new RegExp(`^/api/watches/${id}/stop/[A-Za-z0-9_-]{22}$`));

    const forged = stopUrl.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await api(forged, { method: "POST" })).status).toBe(404);
    expect((await api(stopUrl.replace(`/watches/${id}/`, `/watches/${id + 1}/`), { method: "POST" })).status).toBe(404);
    expect(await count("watches", "id = ?", id)).toBe(1);

    const stopped = await api(stopUrl, { method: "POST" });
    expect(stopped.status).toBe(200);
    expect(await count("watches", "id = ?", id)).toBe(0);
    expect((await api(stopUrl, { method: "POST" })).status).toBe(404);
  });
});

/** The stop URL a push for this watch carries: subscribes the account and reads the queued push. */
async function stopUrlOf(user: TestUser, placeId: number, watchId: number): Promise<string> {
  await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'k', 'a')").bind(user.id, `http://127.0.0.1:9/${watchId}`).run();
  const { pushes } = await consumePage(fanOutOf({ ...quietChange(placeId), key: `for-stop-${watchId}` }));
  const [push] = pushes as { payload: { stop_url: string; url: string; tag: string } }[];
  expect(push.payload.tag).toBe(`watch-${watchId}`);
  expect(push.payload.url).toMatch(/^\/profile\//);
  return push.payload.stop_url;
}

describe("the place's object notices quiet once per episode", () => {
  async function pendingOf(placeId: number): Promise<WatchChange[]> {
    return runInDurableObject(placeOccupancy(env, placeId), (_object: PlaceOccupancy, state) => {
      const [row] = state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'watch_pending'").toArray();
      return row ? JSON.parse(row.value) : [];
    });
  }

  it("records Lively → Relaxed as one change for the alarm, not on the sensor's request, and nothing more while it stays quiet", async () => {
    const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 100 });
    const device = await addDevice(placeId);
    const user = await createUser();
    await watch(user, { place_id: placeId, when: "quiet" });
    const countAt = async (minutes: number, people: number) => {
      vi.setSystemTime(T + minutes * minute);
      expect((await ingest(device.key, { count: people })).status).toBe(200);
    };
    await countAt(0, 60);
    await countAt(1, 38); // in the band: still busy
    expect(await pendingOf(placeId)).toEqual([]);
    await countAt(2, 12);
    const [change] = await pendingOf(placeId);
    expect(change).toMatchObject({ kind: "quiet", place_id: placeId, at: T + 2 * minute, level: "Relaxed", percent: 12 });
    await countAt(3, 10);
    await countAt(4, 38);
    expect(await pendingOf(placeId)).toHaveLength(1);

    // The alarm queues it (the real queue here) and forgets it.
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    expect(await pendingOf(placeId)).toEqual([]);
  });
});

describe("the fan-out", () => {
  it("reaches 1,000 watchers a page at a time: each gets exactly one inbox row, and a retried page adds none", { timeout: 120_000 }, async () => {
    const placeId = await createPlace();
    const users: number[] = [];
    // 1,000 accounts, each watching the place for quiet, in batches D1 takes.
    for (let i = 0; i < 1000; i += 100) {
      const rows = await env.DB.batch(
        Array.from({ length: 100 }, (_, j) =>
          env.DB.prepare("INSERT INTO users (email, name, password_hash) VALUES (?, 'Watcher', 'x') RETURNING id").bind(`watcher-${placeId}-${i + j}@example.com`),
        ),
      );
      users.push(...rows.map((result) => (result.results[0] as { id: number }).id));
    }
    for (let i = 0; i < users.length; i += 100) {
      await env.DB.batch(users.slice(i, i + 100).map((id) => env.DB.prepare(`INSERT INTO watches (user_id, place_id, "when") VALUES (?, ?, 'quiet')`).bind(id, placeId)));
    }
    // Someone watching for lively hears nothing of a quiet change.
    const lively = await createUser();
    await watch(lively, { place_id: placeId, when: "lively" });

    const change = quietChange(placeId);
    const pages = await fanOutAll(change);
    expect(pages).toHaveLength(1000 / WATCHERS_PER_PAGE);
    const perAccount = () =>
      env.DB.prepare("SELECT user_id, count(*) AS n FROM consumer_notifications WHERE place_id = ? GROUP BY user_id")
        .bind(placeId)
        .all<{ user_id: number; n: number }>();
    let rows = (await perAccount()).results;
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set(users));
    expect(await count("consumer_notifications", "user_id = ?", lively.id)).toBe(0);

    // The queue delivers a page again (its ack was lost): nobody gets a second row.
    const again = await consumePage(pages[3], 2);
    expect(again.result.explicitAcks).toEqual(["page"]);
    rows = (await perAccount()).results;
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.n === 1)).toBe(true);

    const [row] = (await env.DB.prepare("SELECT kind, title, url, place_id FROM consumer_notifications WHERE user_id = ?").bind(users[0]).all()).results;
    expect(row).toMatchObject({ kind: "watch_quiet", title: expect.stringMatching(/ is quiet now$/), url: expect.stringMatching(/^\/profile\//), place_id: placeId });
  });

  it("notifies only watchers whose window holds at the change's time, in the venue's time", async () => {
    const placeId = await createPlace({ timezone: "America/New_York" });
    const [friday, monday, always] = [await createUser(), await createUser(), await createUser()];
    await watch(friday, { place_id: placeId, when: "quiet", window: { days: ["Friday"], from: "18:00", to: "23:00" } });
    await watch(monday, { place_id: placeId, when: "quiet", window: { days: ["Monday"], from: "18:00", to: "23:00" } });
    await watch(always, { place_id: placeId, when: "quiet" });
    await fanOutAll(quietChange(placeId)); // Friday 19:00 in New York
    expect(await count("consumer_notifications", "user_id = ?", friday.id)).toBe(1);
    expect(await count("consumer_notifications", "user_id = ?", monday.id)).toBe(0);
    expect(await count("consumer_notifications", "user_id = ?", always.id)).toBe(1);
  });

  it("a page that fails is retried by the queue, also on its last attempt, so the queue moves it to its dead-letter queue", async () => {
    const broken = { ...env, DB: undefined } as unknown as Env;
    const batch = createMessageBatch<WatchFanOut>("third-place-watches", [
      { id: "first", timestamp: new Date(T), attempts: 1, body: fanOutOf(quietChange(1)) },
      { id: "last", timestamp: new Date(T), attempts: WATCH_ATTEMPTS, body: fanOutOf(quietChange(1)) },
    ]);
    const ctx = createExecutionContext();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await worker.queue(batch, broken);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual(["first", "last"]);
    expect(result.explicitAcks).toEqual([]);
  });
});

describe("event starts and wait drops", () => {
  it("the cron queues one change per event starting at a watched place, keyed so a second look adds nothing", async () => {
    const placeId = await createPlace();
    const unwatched = await createPlace();
    const user = await createUser();
    await watch(user, { place_id: placeId, when: "event_starts" });
    await insertEvent({ place_id: placeId, name: "Jazz Night", start_time: new Date(T - 2 * minute).toISOString() });
    await insertEvent({ place_id: placeId, name: "Tomorrow", start_time: new Date(T + 24 * 60 * minute).toISOString() });
    await insertEvent({ place_id: unwatched, name: "Nobody watches", start_time: new Date(T - minute).toISOString() });
    const queued = recordingQueue<WatchFanOut>();
    expect(await noticeEventStarts({ DB: env.DB, WATCH_QUEUE: queued.queue }, T)).toBe(1);
    expect(queued.sent[0].change).toMatchObject({ kind: "event_starts", place_id: placeId, event: { name: "Jazz Night" } });
    // The next cron run still sees it (the lookback covers a missed run): the key keeps it to one row.
    await noticeEventStarts({ DB: env.DB, WATCH_QUEUE: queued.queue }, T + 5 * minute);
    expect(queued.sent).toHaveLength(2);
    for (const page of queued.sent) await fanOutAll(page.change);
    const [row] = (await env.DB.prepare("SELECT title, body FROM consumer_notifications WHERE user_id = ?").bind(user.id).all()).results;
    expect(await count("consumer_notifications", "user_id = ?", user.id)).toBe(1);
    expect(row).toMatchObject({ title: expect.stringMatching(/^Starting now at /), body: "Jazz Night" });
  });

  it("the cron queues one change per special run starting at a watched place, keyed so a second look adds nothing", async () => {
    const placeId = await createPlace({ timezone: "America/New_York" });
    const unwatched = await createPlace({ timezone: "America/New_York" });
    const user = await createUser();
    await watch(user, { place_id: placeId, when: "special_starts" });
    const special = (place: number, title: string, columns: string, values: (string | number)[]) =>
      env.DB.prepare(`INSERT INTO specials (place_id, title, schedule_since, ${columns}) VALUES (?, ?, 0, ${values.map(() => "?").join(", ")})`)
        .bind(place, title, ...values)
        .run();
    // T is Friday 19:00 in New York: a weekly run from 18:58, one from 20:00 (not yet), a one-off from 3 minutes ago.
    await special(placeId, "Happy hour", "days, from_time, to_time", ['["Friday"]', "18:58", "21:00"]);
    await special(placeId, "Late deal", "days, from_time, to_time", ['["Friday"]', "20:00", "22:00"]);
    await special(placeId, "Launch", "starts_at, ends_at", [new Date(T - 3 * minute).toISOString(), new Date(T + 60 * minute).toISOString()]);
    await special(unwatched, "Nobody watches", "days, from_time, to_time", ['["Friday"]', "18:58", "21:00"]);
    const queued = recordingQueue<WatchFanOut>();
    expect(await noticeSpecialStarts({ DB: env.DB, WATCH_QUEUE: queued.queue }, T)).toBe(2);
    expect(queued.sent.map((page) => page.change)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "special_starts", place_id: placeId, at: T - 2 * minute, special: expect.objectContaining({ title: "Happy hour" }) }),
        expect.objectContaining({ kind: "special_starts", place_id: placeId, at: T - 3 * minute, special: expect.objectContaining({ title: "Launch" }) }),
      ]),
    );
    // The next cron run still sees both (the lookback covers a missed run): the keys keep them to one row each.
    await noticeSpecialStarts({ DB: env.DB, WATCH_QUEUE: queued.queue }, T + 5 * minute);
    expect(queued.sent).toHaveLength(4);
    for (const page of queued.sent) await fanOutAll(page.change);
    const rows = (await env.DB.prepare("SELECT title, body FROM consumer_notifications WHERE user_id = ? ORDER BY body").bind(user.id).all()).results;
    expect(rows).toEqual([
      { title: expect.stringMatching(/^A special starts now at /), body: "Happy hour" },
      { title: expect.stringMatching(/^A special starts now at /), body: "Launch" },
    ]);
  });

  it("runs from the scheduled handler", async () => {
    const placeId = await createPlace();
    await watch(await createUser(), { place_id: placeId, when: "event_starts" });
    await insertEvent({ place_id: placeId, name: "Quiz", start_time: new Date(T - minute).toISOString() });
    const queued = recordingQueue<WatchFanOut>();
    await watch(await createUser(), { place_id: placeId, when: "special_starts" });
    await env.DB.prepare("INSERT INTO specials (place_id, title, schedule_since, starts_at, ends_at) VALUES (?, 'Two for one', 0, ?, ?)")
      .bind(placeId, new Date(T - minute).toISOString(), new Date(T + 60 * minute).toISOString())
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: T, cron: "*/5 * * * *" }), { ...env, WATCH_QUEUE: queued.queue });
    expect(queued.sent.some((page) => page.change.kind === "event_starts" && page.change.place_id === placeId)).toBe(true);
    expect(queued.sent.some((page) => page.change.kind === "special_starts" && page.change.place_id === placeId)).toBe(true);
  });

  it("a shorter reported wait reaches wait_under watchers whose line it crossed, once", async () => {
    const placeId = await createPlace();
    const [under15, under5, under30] = [await createUser(), await createUser(), await createUser()];
    await watch(under15, { place_id: placeId, when: "wait_under", minutes: 15 });
    await watch(under5, { place_id: placeId, when: "wait_under", minutes: 5 });
    await watch(under30, { place_id: placeId, when: "wait_under", minutes: 30 });
    const report = (wait: string, at: number) =>
      env.DB.prepare("INSERT INTO live_looks (place_id, text, wait, created_at) VALUES (?, 'queue', ?, ?) RETURNING id").bind(placeId, wait, at).first<{ id: number }>();
    await report("15-30", T - 10 * minute); // 23 min
    const post = await report("5-15", T); // median of 23 and 10: 16.5 → 17 min
    const queued = recordingQueue<WatchFanOut>();
    await noticeWaitReport({ WATCH_QUEUE: queued.queue }, getDb(env), placeId, post!.id, T);
    expect(queued.sent.map((page) => page.change)).toMatchObject([{ kind: "wait_under", wait: { from: 23, to: 17 } }]);
    await fanOutAll(queued.sent[0].change);
    // 17 < 30 ≤ 23? No: the 30-minute watcher was under its line already. 17 < 15? No. Nobody yet.
    expect(await count("consumer_notifications", "dedupe_key LIKE 'wait:%' AND user_id IN (?, ?, ?)", under15.id, under5.id, under30.id)).toBe(0);
    const next = await report("lt5", T + minute); // median of 23, 10, 3: 10 min
    vi.setSystemTime(T + minute);
    await noticeWaitReport({ WATCH_QUEUE: queued.queue }, getDb(env), placeId, next!.id, T + minute);
    await fanOutAll(queued.sent[1].change);
    expect(await count("consumer_notifications", "user_id = ?", under15.id)).toBe(1);
    expect(await count("consumer_notifications", "user_id = ?", under5.id)).toBe(0);
    expect(await count("consumer_notifications", "user_id = ?", under30.id)).toBe(0);
  });
});
