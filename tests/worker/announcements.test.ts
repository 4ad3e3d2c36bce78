// Announcements to followers (docs/announcements.md) with real D1 and the watch queue's consumer:
// opting in and out, who receives (followers only), owners only, the weekly limit at a set "now",
// the admin's pause, reach as totals and "fewer than 5", no follower's identity in an owner's
// answer, quiet hours, a retried page, what sharing followers tell us, and a deleted account.
// A fixed clock in the future; deliveries run through the real queue() handler page by page.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { ANNOUNCEMENT_MESSAGES, type AnnouncementSent, type AnnouncementsAnswer, type FollowersAnswer } from "../../common/schemas/announcements";
import type { WatchFanOut } from "../../worker/watches/changes";
import { issueAccessToken } from "../../worker/auth/tokens";
import { adminToken, bearer, count, createUser, insertEvent, type TestUser } from "./fixtures";
import { api, expectDeclaredAnswer, freshClientIp, postJson, signUpOwner } from "./helpers";
import { createPlace, errorOf, useFixedClock } from "./occupancy-fixtures";

const hour = 3_600_000;
const day = 24 * hour;
/** Friday 16 May 2031, 19:00 in New York (EDT), 23:00 UTC. */
const T = Date.UTC(2031, 4, 16, 23, 0);

useFixedClock(T);

const path = (placeId: number) => `/api/place/${placeId}/announcements`;
const tokenOf = (userId: number) => issueAccessToken(env.JWT_SECRET, { userId, role: "owner" });

/** A place with an owner. */
async function ownedPlace() {
  const owner = await createUser("Olivia Owner");
  const placeId = await createPlace();
  await env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (?, ?)").bind(placeId, owner.id).run();
  return { owner, placeId };
}

/** Saves the place for the account, with news on or off, through the API. */
async function save(user: TestUser, placeId: number, news: boolean) {
  const response = await api(`/api/me/saved/${placeId}`, { method: "PUT", headers: { ...bearer(user.token), "content-type": "application/json" }, body: JSON.stringify({ news }) });
  expect(response.status).toBe(200);
}

async function followers(placeId: number, n: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(`Follower ${i}`);
    await save(user, placeId, true);
    users.push(user);
  }
  return users;
}

/**
 * Makes the account one an owner cannot cheaply make (docs/announcements.md#who-counts): made
 * `ageDays` before T, with a passkey. Without this an account counts in no group of sharers.
 */
async function established(user: TestUser, ageDays = 60) {
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(T - ageDays * 24 * 3_600_000, user.id),
    env.DB.prepare("INSERT INTO passkeys (user_id, credential_id, public_key, user_handle, name) VALUES (?, ?, 'key', 'handle', 'Passkey')").bind(user.id, `credential-${user.id}`),
  ]);
}

/** A queue that records what is sent to it. */
function recordingQueue<T>() {
  const sent: T[] = [];
  const queue = {
    send: async (body: T) => void sent.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<T>>) => void sent.push(...[...messages].map((message) => message.body)),
  } as unknown as Queue;
  return { sent, queue };
}

/**
 * POST /api/place/{id}/announcements through the worker's fetch handler with a recording watch
 * queue, so the test delivers the pages itself (at the fixed clock) rather than the local queue in
 * the background; the answer is checked against /api/openapi.json as api() checks it.
 */
async function send(token: string, placeId: number, body: unknown) {
  const watchQueue = recordingQueue<WatchFanOut>();
  const request = new Request(`https://third-place.test${path(placeId)}`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json", "cf-connecting-ip": freshClientIp() },
    body: JSON.stringify(body),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, WATCH_QUEUE: watchQueue.queue } as Env, createExecutionContext());
  await expectDeclaredAnswer("POST", path(placeId), response);
  return { response, queued: watchQueue.sent };
}

/** Runs the real queue() handler on one message; the pages it queued and the pushes. */
async function consume(message: WatchFanOut, attempts = 1) {
  const watchQueue = recordingQueue<WatchFanOut>();
  const pushQueue = recordingQueue<unknown>();
  const batch = createMessageBatch<WatchFanOut>("third-place-watches", [{ id: "page", timestamp: new Date(T), attempts, body: message }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, WATCH_QUEUE: watchQueue.queue, PUSH_QUEUE: pushQueue.queue } as Env);
  return { next: watchQueue.sent, pushes: pushQueue.sent, result: await getQueueResult(batch, ctx) };
}

/** Sends and delivers every page; the answer and the pushes queued. */
async function sendAndDeliver(token: string, placeId: number, body: unknown) {
  const { response, queued } = await send(token, placeId, body);
  expect(response.status).toBe(201);
  const pushes: unknown[] = [];
  const pages = [...queued];
  for (let i = 0; i < pages.length; i++) {
    const outcome = await consume(pages[i]);
    pages.push(...outcome.next);
    pushes.push(...outcome.pushes);
  }
  return { sent: await response.json<AnnouncementSent>(), pages, pushes };
}

const inboxOf = (userId: number) =>
  env.DB.prepare("SELECT id, kind, title, body, url, place_id FROM consumer_notifications WHERE user_id = ? AND kind = 'announcement'").bind(userId).all<{
    id: number;
    kind: string;
    title: string;
    body: string;
    url: string;
    place_id: number;
  }>();

const listOf = async (token: string, placeId: number) => {
  const response = await api(path(placeId), { headers: bearer(token) });
  expect(response.status).toBe(200);
  return response.json<AnnouncementsAnswer>();
};

const news = { title: "Jazz on Friday", text: "The trio is back from 9 PM." };

describe("who gets an announcement", () => {
  it("reaches only followers with news on: not a saver without news, not a stranger; opting out stops it", async () => {
    const { owner, placeId } = await ownedPlace();
    const [follower, leaving] = await followers(placeId, 2);
    const saver = await createUser("Saver");
    await save(saver, placeId, false);
    const stranger = await createUser("Stranger");
    // Opting out: news off, the place stays saved.
    await save(leaving, placeId, false);
    expect(await count("saved_places", "user_id = ? AND place_id = ?", leaving.id, placeId)).toBe(1);

    await sendAndDeliver(owner.token, placeId, news);
    const [row] = (await inboxOf(follower.id)).results;
    expect(row).toMatchObject({ kind: "announcement", body: news.text, url: expect.stringMatching(/^\/profile\//), place_id: placeId });
    expect(row.title).toMatch(/: Jazz on Friday$/);
    for (const other of [leaving, saver, stranger]) expect((await inboxOf(other.id)).results).toEqual([]);

    // Opting in again: the next one reaches them.
    await save(leaving, placeId, true);
    await sendAndDeliver(owner.token, placeId, { title: "Quiz night", text: "Teams of four." });
    expect((await inboxOf(leaving.id)).results.map((entry) => entry.body)).toEqual(["Teams of four."]);
    expect((await inboxOf(follower.id)).results).toHaveLength(2);
  });

  it("names the linked event in the notification; an event of another place is a 422", async () => {
    const { owner, placeId } = await ownedPlace();
    const [follower] = await followers(placeId, 1);
    const eventId = await insertEvent({ place_id: placeId, name: "Vinyl Night", start_time: new Date(T + day).toISOString() });
    const elsewhere = await insertEvent({ place_id: await createPlace(), name: "Not Yours", start_time: new Date(T + day).toISOString() });
    const refused = await send(owner.token, placeId, { ...news, event_id: elsewhere });
    expect(refused.response.status).toBe(422);
    expect(await errorOf(refused.response)).toBe(ANNOUNCEMENT_MESSAGES.noSuchEvent);
    await sendAndDeliver(owner.token, placeId, { ...news, event_id: eventId });
    expect((await inboxOf(follower.id)).results[0].body).toBe(`${news.text} — Event: Vinyl Night`);
    expect((await listOf(owner.token, placeId)).announcements[0].event).toEqual({ id: eventId, name: "Vinyl Night" });
  });

  it("respects quiet hours: inside them the inbox only, outside a push too", async () => {
    const { owner, placeId } = await ownedPlace();
    const [sleeping, awake] = await followers(placeId, 2);
    // 19:00 in New York: quiet from 18:00 to 08:00 for one, no quiet hours for the other.
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York', quiet_from = '18:00', quiet_to = '08:00' WHERE id = ?").bind(sleeping.id).run();
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York', quiet_from = NULL, quiet_to = NULL WHERE id = ?").bind(awake.id).run();
    for (const user of [sleeping, awake]) {
      await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'key', 'auth')")
        .bind(user.id, `http://127.0.0.1:9/push/${user.id}`)
        .run();
    }
    const { pushes } = await sendAndDeliver(owner.token, placeId, news);
    expect((await inboxOf(sleeping.id)).results).toHaveLength(1);
    expect((await inboxOf(awake.id)).results).toHaveLength(1);
    expect(pushes).toHaveLength(1);
    expect(await count("push_log", "user_id = ?", sleeping.id)).toBe(0);
    expect(await count("push_log", "user_id = ?", awake.id)).toBe(1);
  });

  it("a page delivered again (a retry) stores and pushes nothing twice, and counts nobody twice", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 6);
    await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'key', 'auth')").bind(people[0].id, `http://127.0.0.1:9/push/${people[0].id}`).run();
    await env.DB.prepare("UPDATE users SET quiet_from = NULL, quiet_to = NULL WHERE id = ?").bind(people[0].id).run();
    const { sent, pages, pushes } = await sendAndDeliver(owner.token, placeId, news);
    expect(pushes).toHaveLength(1);
    const again = await consume(pages[0], 2);
    expect(again.result.explicitAcks).toEqual(["page"]);
    expect(again.pushes).toEqual([]);
    for (const person of people) expect((await inboxOf(person.id)).results).toHaveLength(1);
    expect(await count("announcement_reach", "announcement_id = ?", sent.id)).toBe(6);
    expect(await count("push_log", "user_id = ?", people[0].id)).toBe(1);
  });

  it("pages of 100 followers: 150 followers are two pages, each told once", { timeout: 60_000 }, async () => {
    const { owner, placeId } = await ownedPlace();
    const ids: number[] = [];
    for (let i = 0; i < 150; i += 50) {
      const rows = await env.DB.batch(
        Array.from({ length: 50 }, (_, j) => env.DB.prepare("INSERT INTO users (email, name, password_hash) VALUES (?, 'F', 'x') RETURNING id").bind(`follower-${placeId}-${i + j}@example.com`)),
      );
      ids.push(...rows.map((result) => (result.results[0] as { id: number }).id));
    }
    await env.DB.batch(ids.map((id) => env.DB.prepare("INSERT INTO saved_places (user_id, place_id, news) VALUES (?, ?, 1)").bind(id, placeId)));
    const { sent, pages } = await sendAndDeliver(owner.token, placeId, news);
    expect(pages).toHaveLength(2);
    expect(sent.reach).toEqual({ fewer_than_five: false, followers: 150, delivered: 0, opened: 0 });
    const delivered = await env.DB.prepare("SELECT count(DISTINCT user_id) AS n, count(*) AS rows FROM consumer_notifications WHERE place_id = ? AND kind = 'announcement'").bind(placeId).first<{ n: number; rows: number }>();
    expect(delivered).toEqual({ n: 150, rows: 150 });
  });
});

describe("who may send", () => {
  it("owners of another place get a 403, signed out a 401, an unknown place a 404", async () => {
    const { placeId } = await ownedPlace();
    const other = await ownedPlace();
    const response = await postJson(path(placeId), news, bearer(other.owner.token));
    expect(response.status).toBe(403);
    expect((await api(path(placeId), { headers: bearer(other.owner.token) })).status).toBe(403);
    expect((await api(`/api/place/${placeId}/followers`, { headers: bearer(other.owner.token) })).status).toBe(403);
    expect((await postJson(path(placeId), news)).status).toBe(401);
    expect((await postJson(path(99999999), news, bearer(await adminToken()))).status).toBe(404);
    expect(await count("announcements", "place_id = ?", placeId)).toBe(0);
  });

  it("allows 3 in any 7 days: the 4th is a 429 saying when, and goes once the oldest leaves the week", async () => {
    const { owner, placeId } = await ownedPlace();
    for (const ago of [6 * day, 3 * day, hour]) {
      await env.DB.prepare("INSERT INTO announcements (place_id, title, text, followers, created_at) VALUES (?, 'Earlier', 'Earlier', 0, ?)").bind(placeId, T - ago).run();
    }
    const fourth = await postJson(path(placeId), news, bearer(owner.token));
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBe(String(day / 1000));
    expect(await errorOf(fourth)).toMatch(/^A place can send 3 announcements in any 7 days\. The next can go out from Sat 17 May/);
    const list = await listOf(owner.token, placeId);
    expect(list.limit).toEqual({ per_week: 3, sent_this_week: 3, next_at: new Date(T + day).toISOString() });

    vi.setSystemTime(T + day + 1);
    const later = await postJson(path(placeId), news, bearer(await tokenOf(owner.id)));
    expect(later.status).toBe(201);
    expect(await count("announcements", "place_id = ?", placeId)).toBe(4);
  });

  it("the admin's pause refuses the owner's send with a clear 403, and resuming lets it through", async () => {
    const { owner, placeId } = await ownedPlace();
    const pause = (paused: boolean, token: string) =>
      api(`${path(placeId)}/pause`, { method: "PUT", headers: { ...bearer(token), "content-type": "application/json" }, body: JSON.stringify({ paused }) });
    // Owners cannot pause or resume themselves.
    expect((await pause(false, owner.token)).status).toBe(403);
    const admin = await adminToken();
    expect(await (await pause(true, admin)).json()).toEqual({ paused: true });
    const refused = await postJson(path(placeId), news, bearer(owner.token));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(ANNOUNCEMENT_MESSAGES.paused);
    expect((await listOf(owner.token, placeId)).paused).toBe(true);
    expect(await count("announcements", "place_id = ?", placeId)).toBe(0);

    expect(await (await pause(false, admin)).json()).toEqual({ paused: false });
    expect((await postJson(path(placeId), news, bearer(owner.token))).status).toBe(201);
    expect((await listOf(owner.token, placeId)).paused).toBe(false);
  });
});

describe("what owners see", () => {
  it("reach as totals: followers, delivered and opened (read in the inbox)", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 6);
    const { sent } = await sendAndDeliver(owner.token, placeId, news);
    expect(sent.reach).toEqual({ fewer_than_five: false, followers: 6, delivered: 0, opened: 0 });
    // Two read it: one marks it read, one marks everything read.
    const [first] = (await inboxOf(people[0].id)).results;
    expect((await postJson("/api/me/notifications/read", { ids: [first.id] }, bearer(people[0].token))).status).toBe(200);
    expect((await postJson("/api/me/notifications/read", { all: true }, bearer(people[1].token))).status).toBe(200);
    // Reading again counts nothing more.
    await postJson("/api/me/notifications/read", { all: true }, bearer(people[1].token));
    const [listed] = (await listOf(owner.token, placeId)).announcements;
    expect(listed).toMatchObject({ id: sent.id, title: news.title, text: news.text, event: null, special: null, reach: { fewer_than_five: false, followers: 6, delivered: 6, opened: 2 } });
  });

  it("below 5 followers says fewer than 5 and gives no count", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 4);
    const { sent } = await sendAndDeliver(owner.token, placeId, news);
    expect(sent.reach).toEqual({ fewer_than_five: true, followers: null, delivered: null, opened: null });
    await postJson("/api/me/notifications/read", { all: true }, bearer(people[0].token));
    expect((await listOf(owner.token, placeId)).announcements[0].reach).toEqual({ fewer_than_five: true, followers: null, delivered: null, opened: null });
    const answer = await (await api(`/api/place/${placeId}/followers`, { headers: bearer(owner.token) })).json<FollowersAnswer>();
    expect(answer).toMatchObject({ fewer_than_five: true, followers: null, sharing: null, categories: [], vibes: [], neighbourhoods: [] });
  });

  it("what sharing followers like, in groups of at least 5, and nothing of anyone who did not share or follow", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 8);
    const like = (user: TestUser, categories: string[], level: string | null, neighbourhood: string | null, share = true) =>
      api("/api/me", {
        method: "PATCH",
        headers: { ...bearer(user.token), "content-type": "application/json" },
        body: JSON.stringify({ preferences: { categories, tags: [], level }, neighbourhood, share_likes: share }),
      });
    for (const person of people) await established(person);
    // Six share: five like wine bars and Lively, four cocktail bars; five go out from the East Village (spelled as people do).
    const spellings = ["East Village", "east village", "East  Village", "EAST VILLAGE", "East Village", "Bushwick"];
    for (let i = 0; i < 6; i++) {
      const response = await like(people[i], i < 5 ? ["wine-bar", "cocktail-bar"].slice(0, i < 4 ? 2 : 1) : ["pub"], i < 5 ? "Lively" : "Relaxed", spellings[i]);
      expect(response.status).toBe(200);
    }
    // One follower likes wine bars but does not share; a saver without news shares but does not follow.
    await like(people[6], ["wine-bar"], "Lively", "East Village", false);
    const saver = await createUser("Saver");
    await save(saver, placeId, false);
    await like(saver, ["wine-bar"], "Lively", "East Village");

    const response = await api(`/api/place/${placeId}/followers`, { headers: bearer(owner.token) });
    const answer = await response.json<FollowersAnswer>();
    expect(answer).toMatchObject({
      fewer_than_five: false,
      followers: 8,
      sharing: 6,
      categories: [{ name: "wine-bar", count: 5 }],
      vibes: [{ name: "Lively", count: 5 }],
      neighbourhoods: [{ name: "East Village", count: 5 }],
    });
    expect(answer.source).toMatch(/^From followers only/);
  });

  it("4 throw-away followers and 1 real one reveal nothing; only accounts 30 days old with a passkey make a group (issue 37 #6)", async () => {
    const { owner, placeId } = await ownedPlace();
    const shareAll = async (people: TestUser[]) => {
      for (const person of people) {
        const response = await api("/api/me", {
          method: "PATCH",
          headers: { ...bearer(person.token), "content-type": "application/json" },
          body: JSON.stringify({ preferences: { categories: ["wine-bar"], tags: [], level: "Lively" }, neighbourhood: "Bushwick", share_likes: true }),
        });
        expect(response.status).toBe(200);
      }
    };
    const demographics = async () => {
      const answer = await (await api(`/api/place/${placeId}/followers`, { headers: bearer(owner.token) })).json<FollowersAnswer>();
      return { sharing: answer.sharing, categories: answer.categories, vibes: answer.vibes, neighbourhoods: answer.neighbourhoods };
    };
    const nothing = { sharing: null, categories: [], vibes: [], neighbourhoods: [] };
    // The owner's four fresh accounts (a day old; two even with a passkey) and one real follower.
    const throwaways = await followers(placeId, 4);
    for (const [i, person] of throwaways.entries()) {
      await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(T - 24 * 3_600_000, person.id).run();
      if (i < 2) await env.DB.prepare("INSERT INTO passkeys (user_id, credential_id, public_key, user_handle, name) VALUES (?, ?, 'key', 'handle', 'Passkey')").bind(person.id, `fresh-${person.id}`).run();
    }
    const [real] = await followers(placeId, 1);
    await established(real);
    await shareAll([...throwaways, real]);
    expect(await demographics()).toEqual(nothing);
    // Old accounts without a passkey (no verified way in: addresses are never confirmed) count for nothing either.
    const unverified = await followers(placeId, 4);
    for (const person of unverified) await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(T - 90 * 24 * 3_600_000, person.id).run();
    await shareAll(unverified);
    expect(await demographics()).toEqual(nothing);
    // Five established sharers make the group, counting them only.
    const more = await followers(placeId, 4);
    for (const person of more) await established(person);
    await shareAll(more);
    expect(await demographics()).toEqual({
      sharing: 5,
      categories: [{ name: "wine-bar", count: 5 }],
      vibes: [{ name: "Lively", count: 5 }],
      neighbourhoods: [{ name: "Bushwick", count: 5 }],
    });
    // Exactly 30 days old counts; a day younger does not.
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(T - 29 * 24 * 3_600_000, more[0].id).run();
    expect(await demographics()).toEqual(nothing);
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(T - 30 * 24 * 3_600_000, more[0].id).run();
    expect((await demographics()).sharing).toBe(5);
  });

  it("an owner's answers never carry a follower's id, handle, name or email", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 5);
    for (const person of people) {
      await api("/api/me", { method: "PATCH", headers: { ...bearer(person.token), "content-type": "application/json" }, body: JSON.stringify({ share_likes: true, neighbourhood: "Bushwick" }) });
    }
    const { response } = await send(owner.token, placeId, news);
    const sentText = await response.text();
    const sent = JSON.parse(sentText) as AnnouncementSent;
    const texts = [
      sentText,
      await (await api(path(placeId), { headers: bearer(owner.token) })).text(),
      await (await api(`/api/place/${placeId}/followers`, { headers: bearer(owner.token) })).text(),
    ];
    const handles = await env.DB.prepare(`SELECT handle, email, name FROM users WHERE id IN (${people.map(() => "?").join(",")})`).bind(...people.map((p) => p.id)).all<{ handle: string; email: string; name: string }>();
    for (const text of texts) {
      expect(text).not.toMatch(/"(user_id|handle|email|name_of|account|accounts|users)"/);
      for (const person of handles.results) {
        expect(text).not.toContain(person.handle);
        expect(text).not.toContain(person.email);
        expect(text).not.toContain(person.name);
      }
      // Every number is a count, the limit or the announcement's id: one that equals a follower's id is the announcement's.
      const numbers: number[] = [];
      JSON.parse(text, (_key, value: unknown) => (typeof value === "number" && numbers.push(value), value));
      const ids = new Set(people.map((person) => person.id));
      for (const n of numbers) if (ids.has(n)) expect(n).toBe(sent.id);
    }
  });

  it("deleting a follower's account removes their follower data and their part of the counts", async () => {
    const { owner, placeId } = await ownedPlace();
    const people = await followers(placeId, 5);
    const leaving = await signUpOwner({ name: "Leaving Follower" });
    await save({ id: leaving.userId, email: leaving.email, token: leaving.accessToken }, placeId, true);
    await api("/api/me", {
      method: "PATCH",
      headers: { ...bearer(leaving.accessToken), "content-type": "application/json" },
      body: JSON.stringify({ share_likes: true, neighbourhood: "Bushwick" }),
    });
    const { sent } = await sendAndDeliver(owner.token, placeId, news);
    expect(await count("announcement_reach", "announcement_id = ?", sent.id)).toBe(6);

    const deleted = await api("/api/me", {
      method: "DELETE",
      headers: { ...bearer(leaving.accessToken), "content-type": "application/json" },
      body: JSON.stringify({ password: leaving.password }),
    });
    expect(deleted.status).toBe(200);
    expect(await count("announcement_reach", "user_id = ?", leaving.userId)).toBe(0);
    expect(await count("saved_places", "user_id = ?", leaving.userId)).toBe(0);
    expect(await count("consumer_notifications", "user_id = ?", leaving.userId)).toBe(0);
    expect((await listOf(owner.token, placeId)).announcements[0].reach).toMatchObject({ delivered: 5 });
    expect(people).toHaveLength(5);
  });
});
