// Live Looks through the worker with real D1 and R2: posting with and without a photo (metadata
// stripped), refusals that store nothing, the public list (expiry at 3 h, wait summary, pages,
// cache purges), reports and auto-hide, owners hiding, the admin's queue, the owners' panel and the
// map list's count. Rate limits: live-looks-limits.test.ts.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_LOOK_ACCOUNT_LIMIT_MESSAGE, LIVE_LOOK_CLOSED_MESSAGE } from "../../common/schemas/live-look";
import { LIVE_LOOK_ACCOUNT_LIMIT } from "../../common/vocabulary";
import type { LiveAnswer, LiveLookAnswer, LiveLooksAnswer, ModeratedLiveLookAnswer, ModeratedLiveLooksAnswer } from "../../common/schemas/answers";
import { api, clearTables, forgetCachedPlaces, freshClientIp, postJson } from "./helpers";
import { containsBytes, jpegMarkers, jpegWithGps, TINY_JPEG, TINY_PNG } from "./image-fixtures";
import { issueAccessToken } from "../../worker/auth/tokens";
import { bearer, createUser, type TestUser } from "./fixtures";
import { postLiveLook } from "./live-look-fixtures";
import { asAdmin, createPlace, errorOf, getAs, liveRowAt, ownerOf, useFixedClock } from "./occupancy-fixtures";

const NOW = Date.parse("2026-06-05T22:00:00Z");
const MINUTE = 60_000;
useFixedClock(NOW);

let placeId: number;
let otherPlaceId: number;

beforeEach(async () => {
  await clearTables("live_look_reports", "live_looks");
  // R2 is isolated per file, not per test: each test starts without photos.
  const photos = await storedPhotos();
  if (photos.length > 0) await env.IMAGES.delete(photos);
  placeId = await createPlace();
  otherPlaceId = await createPlace();
});

function form(fields: Record<string, string>, photo?: { bytes: Uint8Array; type?: string; name?: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (photo) body.set("photo", new File([photo.bytes], photo.name ?? "photo.jpg", { type: photo.type ?? "image/jpeg" }));
  return body;
}

const post = (place: number, body: FormData, headers: Record<string, string> = {}, as?: TestUser) => postLiveLook(place, body, headers, as);

async function postLook(place: number, fields: Record<string, string> = { text: "Quiet corner tables free" }, photo?: Parameters<typeof form>[1]) {
  const response = await post(place, form(fields, photo));
  expect(response.status).toBe(201);
  return response.json<LiveLookAnswer>();
}

const list = async (place: number, query = "") => {
  const response = await api(`/api/places/${place}/live-looks${query}`);
  expect(response.status).toBe(200);
  return response.json<LiveLooksAnswer>();
};

async function storedPhotos(): Promise<string[]> {
  return (await env.IMAGES.list({ prefix: "live-looks/" })).objects.map((object) => object.key);
}

async function lookCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM live_looks").first<{ n: number }>())!.n;
}

/** A post written straight to D1 at `minutesAgo`, for lists that need many or old posts. */
async function insertLook(place: number, minutesAgo: number, extra: { wait?: string; text?: string } = {}): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO live_looks (place_id, text, wait, created_at) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(place, extra.text ?? `Post from ${minutesAgo} min ago`, extra.wait ?? null, NOW - minutesAgo * MINUTE)
    .first<{ id: number }>();
  await forgetCachedPlaces({ id: place });
  return row!.id;
}

const report = (id: number, ip = freshClientIp(), reason?: string) =>
  postJson(`/api/live-looks/${id}/report`, reason === undefined ? {} : { reason }, { "cf-connecting-ip": ip });

describe("POST /api/places/:id/live-looks", () => {
  it("stores a text-only post with wait and vibe and answers it", async () => {
    const look = await postLook(placeId, { text: "  Two seats at the bar  ", wait: "5-15", vibe: "Lively" });
    expect(look).toEqual({ id: expect.any(Number), text: "Two seats at the bar", photo_url: null, video_url: null, poster_url: null, wait: "5-15", vibe: "Lively", not_checked: false, created_at: new Date(NOW).toISOString() });
    expect(await storedPhotos()).toEqual([]);
  });

  it("takes wait and vibe as optional: absent or empty means none", async () => {
    expect(await postLook(placeId, { text: "Nice", wait: "", vibe: "" })).toMatchObject({ wait: null, vibe: null });
    expect(await postLook(placeId, { text: "Nice" })).toMatchObject({ wait: null, vibe: null });
  });

  it("stores no IP address, user agent or anything else about the poster but the account (for its limit), which no answer carries", async () => {
    const look = await postLook(placeId);
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('live_looks')").all<{ name: string }>()).results.map((c) => c.name);
    expect(columns).toEqual(["id", "place_id", "text", "photo_key", "wait", "vibe", "created_at", "hidden_at", "hidden_reason", "hidden_by", "video_key", "poster_key", "user_id", "not_checked"]);
    expect(Object.keys(look)).not.toContain("user_id");
  });

  it("strips the GPS Exif from a JPEG before R2, and the stored image is still a whole JPEG", async () => {
    const look = await postLook(placeId, { text: "Patio is open", wait: "lt5" }, { bytes: jpegWithGps(), type: "application/octet-stream", name: "IMG_0001.HEIC" });
    expect(look.photo_url).toMatch(/^\/api\/images\/live-looks\/[0-9a-f-]{36}\.jpg$/);
    const [key] = await storedPhotos();
    expect(look.photo_url).toBe(`/api/images/${key}`);

    const image = await api(look.photo_url!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect(containsBytes(bytes, "Exif")).toBe(false);
    expect(containsBytes(bytes, new Uint8Array([0x88, 0x25]))).toBe(false);
    expect(jpegMarkers(bytes)).toEqual(jpegMarkers(TINY_JPEG));
    expect(bytes).toEqual(TINY_JPEG);
  });

  it("takes a PNG photo", async () => {
    const look = await postLook(placeId, { text: "Sunset" }, { bytes: TINY_PNG, type: "image/png" });
    expect(look.photo_url).toMatch(/\.png$/);
  });

  it.each([
    ["no text", { wait: "lt5" }, 400, "text: Say what it is like there now."],
    ["blank text", { text: "   " }, 400, "text: Say what it is like there now."],
    ["281 characters", { text: "x".repeat(281) }, 400, "text: Must be at most 280 characters."],
    ["an unknown wait", { text: "ok", wait: "10" }, 400, "wait: Wait must be none, lt5, 5-15, 15-30 or 30+."],
    ["an unknown vibe", { text: "ok", vibe: "Empty" }, 400, "vibe: Vibe must be Relaxed, Lively or Packed."],
  ])("refuses %s and stores nothing, not even the photo", async (_, fields, status, message) => {
    const response = await post(placeId, form(fields as Record<string, string>, { bytes: jpegWithGps() }));
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(message);
    expect(await lookCount()).toBe(0);
    expect(await storedPhotos()).toEqual([]);
  });

  it("accepts exactly 280 characters", async () => {
    expect((await postLook(placeId, { text: "y".repeat(280) })).text).toHaveLength(280);
  });

  it.each([
    ["a file that is no image", new TextEncoder().encode("<svg onload=alert(1)>"), 415, "photo: Upload a JPEG, PNG or WebP image."],
    ["a JPEG cut short", TINY_JPEG.subarray(0, 120), 415, "photo: The image could not be read. Upload a JPEG, PNG or WebP image."],
    ["an image over 5 MB", new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff), 413, "photo: Images must be at most 5 MB."],
  ])("refuses %s with a clear error and stores nothing", async (_, bytes, status, message) => {
    const response = await post(placeId, form({ text: "ok" }, { bytes }));
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(message);
    expect(await lookCount()).toBe(0);
    expect(await storedPhotos()).toEqual([]);
  });

  it("answers 404 for an unknown place and a JSON body with 415", async () => {
    expect((await post(999_999, form({ text: "ok" }))).status).toBe(404);
    const json = await postJson(`/api/places/${placeId}/live-looks`, { text: "ok" }, bearer((await createUser()).token));
    expect(json.status).toBe(415);
    expect(await lookCount()).toBe(0);
  });
});

describe("issue 36 #4: Live Looks from people who are there", () => {
  it("refuses a signed-out post (401) and the admin's password (403), storing nothing", async () => {
    const signedOut = await api(`/api/places/${placeId}/live-looks`, { method: "POST", body: form({ text: "Totally packed, hour-long line!" }) });
    expect(signedOut.status).toBe(401);
    const admin = await api(`/api/places/${placeId}/live-looks`, { method: "POST", body: form({ text: "Totally packed" }), headers: await asAdmin() });
    expect(admin.status).toBe(403);
    expect(await lookCount()).toBe(0);
  });

  it("refuses a post to a venue closed by its hours (409), storing nothing", async () => {
    // 22:00 UTC on Friday 5 June 2026 is 6 PM in New York: a venue open from 9 PM is closed.
    const closed = await createPlace({ hours: { friday_open: "21:00", friday_close: "02:00" } });
    const response = await post(closed, form({ text: "Totally packed, hour-long line!", vibe: "Packed" }, { bytes: TINY_JPEG }));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(LIVE_LOOK_CLOSED_MESSAGE);
    expect(await lookCount()).toBe(0);
    expect(await storedPhotos()).toEqual([]);
  });

  it(`takes ${LIVE_LOOK_ACCOUNT_LIMIT} posts an hour per account and venue: the next waits until the oldest is an hour old`, async () => {
    const account = await createUser();
    // A token as a signed-in app holds one at each moment (they last 15 minutes).
    const maya = async () => ({ ...account, token: await issueAccessToken(env.JWT_SECRET, { userId: account.id, role: "owner" }) });
    for (let i = 0; i < LIVE_LOOK_ACCOUNT_LIMIT; i++) {
      vi.setSystemTime(NOW + i * 10 * MINUTE);
      expect((await post(placeId, form({ text: `Post ${i}` }), {}, await maya())).status).toBe(201);
    }
    const refused = await post(placeId, form({ text: "One more" }), {}, await maya());
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(LIVE_LOOK_ACCOUNT_LIMIT_MESSAGE);
    // At NOW + 20 min the first post (NOW) leaves the hour in 40 minutes.
    expect(refused.headers.get("retry-after")).toBe(String(40 * 60));
    expect((await post(otherPlaceId, form({ text: "Elsewhere" }), {}, await maya())).status).toBe(201);
    expect((await post(placeId, form({ text: "Someone else" }))).status).toBe(201);
    vi.setSystemTime(NOW + 60 * MINUTE + 1);
    expect((await post(placeId, form({ text: "An hour later" }), {}, await maya())).status).toBe(201);
  });

  it("keeps a post contradicting a fresh sensor level strongly, marked not checked; one level apart or without a fresh count it is not", async () => {
    await liveRowAt(placeId, { people: 8, percent: 8, level: "Relaxed" }, NOW - MINUTE);
    const packed = await postLook(placeId, { text: "Totally packed, hour-long line!", vibe: "Packed" });
    expect(packed.not_checked).toBe(true);
    expect((await postLook(placeId, { text: "Filling up", vibe: "Lively" })).not_checked).toBe(false);
    expect((await postLook(placeId, { text: "No vibe given" })).not_checked).toBe(false);
    await liveRowAt(otherPlaceId, { people: 95, percent: 95, level: "Packed" }, NOW - MINUTE);
    expect((await postLook(otherPlaceId, { text: "Empty in here", vibe: "Relaxed" })).not_checked).toBe(true);
    // A count older than the live window says nothing now.
    await liveRowAt(otherPlaceId, { people: 95, percent: 95, level: "Packed" }, NOW - 60 * MINUTE);
    expect((await postLook(otherPlaceId, { text: "Empty in here", vibe: "Relaxed" })).not_checked).toBe(false);
    // The public list says so too.
    expect((await list(placeId)).live_looks.find((look) => look.id === packed.id)?.not_checked).toBe(true);
  });
});

describe("issue 25 #8: posts another website makes a browser send", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["another Origin", { origin: "https://evil.example" }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["a sibling subdomain's Origin", { "sec-fetch-site": "same-site", origin: "https://user.third-place.test" }],
  ])("refuses %s with 403 and stores nothing", async (_, headers) => {
    const response = await post(placeId, form({ text: "Free drinks at evil.example" }, { bytes: jpegWithGps() }), headers);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("Posts sent from another website are not accepted.");
    expect(await lookCount()).toBe(0);
    expect(await storedPhotos()).toEqual([]);
  });

  it("takes the app's own pages' posts, and a client that sends neither header (not a browser)", async () => {
    expect((await post(placeId, form({ text: "From the profile" }), { origin: "https://third-place.test", "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await post(placeId, form({ text: "From a script" }))).status).toBe(201);
    expect(await lookCount()).toBe(2);
  });
});

describe("GET /api/places/:id/live-looks", () => {
  it("lists public posts newest first with the reported wait of the last hour", async () => {
    await insertLook(placeId, 50, { wait: "15-30" });
    await insertLook(placeId, 20, { wait: "lt5" });
    await insertLook(placeId, 90, { wait: "30+" });
    await insertLook(placeId, 5, { wait: "5-15" });
    await insertLook(placeId, 2);
    await insertLook(otherPlaceId, 1, { wait: "30+" });
    const answer = await list(placeId);
    expect(answer.live_looks.map((look) => look.text)).toEqual([2, 5, 20, 50, 90].map((m) => `Post from ${m} min ago`));
    // 3, 10 and 23 minutes in the last hour: the median is 10. The 90-minute-old report is left out.
    expect(answer.wait_summary).toEqual({ minutes: 10, reports: 3, since: new Date(NOW - 60 * MINUTE).toISOString() });
    expect(answer.next_cursor).toBeNull();
  });

  it("is public for 3 hours: then the post leaves the list (and the wait summary)", async () => {
    const look = await postLook(placeId, { text: "Live music", wait: "none" });
    expect((await list(placeId)).live_looks).toHaveLength(1);
    vi.setSystemTime(NOW + 3 * 60 * MINUTE - 1000);
    await forgetCachedPlaces({ id: placeId });
    expect((await list(placeId)).live_looks.map((l) => l.id)).toEqual([look.id]);
    vi.setSystemTime(NOW + 3 * 60 * MINUTE);
    await forgetCachedPlaces({ id: placeId });
    expect(await list(placeId)).toEqual({ live_looks: [], wait_summary: null, next_cursor: null });
  });

  it("pages through every post once with next_cursor, ties broken by id", async () => {
    const ids = [];
    for (const minutesAgo of [1, 2, 2, 2, 3, 4, 5]) ids.push(await insertLook(placeId, minutesAgo));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: LiveLooksAnswer = await list(placeId, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...answer.live_looks.map((look) => look.id));
      cursor = answer.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual([ids[0], ids[3], ids[2], ids[1], ids[4], ids[5], ids[6]]);
  });

  it.each([
    ["?limit=0", "limit: Limit must be a whole number from 1 to 50."],
    ["?limit=51", "limit: Limit must be a whole number from 1 to 50."],
    ["?cursor=abc", "cursor: Cursor must be a next_cursor from an earlier page."],
  ])("refuses %s", async (query, message) => {
    const response = await api(`/api/places/${placeId}/live-looks${query}`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  it("answers 404 for an unknown place", async () => {
    expect((await api("/api/places/999999/live-looks")).status).toBe(404);
  });

  it("is cached briefly, and a new post purges it so it shows on the next load", async () => {
    const first = await api(`/api/places/${placeId}/live-looks`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect((await first.json<LiveLooksAnswer>()).live_looks).toEqual([]);
    // Written straight to D1: the cache does not see it.
    await env.DB.prepare("INSERT INTO live_looks (place_id, text, created_at) VALUES (?, 'direct', ?)").bind(placeId, NOW - MINUTE).run();
    expect((await list(placeId)).live_looks).toEqual([]);
    await postLook(placeId, { text: "through the API" });
    expect((await list(placeId)).live_looks.map((look) => look.text)).toEqual(["through the API", "direct"]);
  });
});

describe("reports", () => {
  it("3 reports from different clients hide a post until reviewed; the same client counts once", async () => {
    const look = await postLook(placeId);
    const ip = freshClientIp();
    for (let i = 0; i < 3; i++) expect((await report(look.id, ip, "spam")).status).toBe(201);
    expect((await list(placeId)).live_looks).toHaveLength(1);
    expect((await report(look.id)).status).toBe(201);
    expect((await list(placeId)).live_looks).toHaveLength(1);
    const third = await report(look.id);
    expect(third.status).toBe(201);
    expect(await third.json()).toEqual({ ok: true, message: "Thanks for telling us. We will look at this Live Look." });
    expect((await list(placeId)).live_looks).toEqual([]);
    const row = await env.DB.prepare("SELECT hidden_by FROM live_looks WHERE id = ?").bind(look.id).first();
    expect(row).toEqual({ hidden_by: "reports" });
  });

  it("keeps only an opaque hash of the reporter, never the address", async () => {
    const look = await postLook(placeId);
    await report(look.id, "198.18.7.7");
    const rows = (await env.DB.prepare("SELECT * FROM live_look_reports").all<Record<string, unknown>>()).results;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(["client", "created_at", "id", "live_look_id", "reason", "resolved_at"]);
    expect(rows[0].client).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(rows[0])).not.toContain("198.18");
  });

  it("issue 25: one address reporting before and after midnight UTC counts once (the reporter key follows the venue day)", async () => {
    // 23:50 and 00:10 UTC are 19:50 and 20:10 in New York: one venue day.
    vi.setSystemTime(Date.parse("2026-06-05T23:50:00Z"));
    const look = await postLook(placeId);
    const ip = freshClientIp();
    expect((await report(look.id, ip)).status).toBe(201);
    vi.setSystemTime(Date.parse("2026-06-06T00:10:00Z"));
    expect((await report(look.id, ip)).status).toBe(201);
    const reports = async () => (await env.DB.prepare("SELECT count(*) AS n FROM live_look_reports").first<{ n: number }>())!.n;
    expect(await reports()).toBe(1);
    // The key turns over at the venue's day start, 05:00 New York time (09:00 UTC).
    vi.setSystemTime(Date.parse("2026-06-06T08:00:00Z"));
    const early = await postLook(placeId);
    vi.setSystemTime(Date.parse("2026-06-06T08:50:00Z"));
    expect((await report(early.id, ip)).status).toBe(201);
    vi.setSystemTime(Date.parse("2026-06-06T09:10:00Z"));
    expect((await report(early.id, ip)).status).toBe(201);
    expect(await reports()).toBe(3);
  });

  it("answers 404 for a hidden, an expired or an unknown post", async () => {
    const expired = await insertLook(placeId, 3 * 60);
    expect((await report(expired)).status).toBe(404);
    expect((await report(999_999)).status).toBe(404);
    const look = await postLook(placeId);
    await postJson(`/api/live-looks/${look.id}/hide`, { reason: "rude" }, await ownerOf(placeId));
    expect((await report(look.id)).status).toBe(404);
  });
});

describe("hiding by the venue's owners", () => {
  it.each([
    ["no token", async () => ({}), 401],
    ["an owner of another venue", () => ownerOf(otherPlaceId), 403],
    ["an owner of the venue", () => ownerOf(placeId), 200],
    ["the admin", asAdmin, 200],
  ])("%s → %s", async (_, headers, status) => {
    const look = await postLook(placeId);
    const response = await postJson(`/api/live-looks/${look.id}/hide`, { reason: "Not about us" }, await headers());
    expect(response.status).toBe(status);
    expect((await list(placeId)).live_looks).toHaveLength(status === 200 ? 0 : 1);
    if (status === 200) {
      expect(await response.json<ModeratedLiveLookAnswer>()).toMatchObject({ id: look.id, hidden_reason: "Not about us", hidden_at: new Date(NOW).toISOString() });
    }
  });

  it("may undo only their own hide: a post hidden by reports, by the admin or with open reports is the admin's", async () => {
    const owner = await ownerOf(placeId);
    const restore = (id: number, headers: Record<string, string>) => api(`/api/live-looks/${id}/restore`, { method: "POST", headers });

    const ownHide = await postLook(placeId);
    await postJson(`/api/live-looks/${ownHide.id}/hide`, { reason: "Wrong venue" }, owner);
    expect((await restore(ownHide.id, owner)).status).toBe(200);
    expect((await list(placeId)).live_looks.map((look) => look.id)).toContain(ownHide.id);

    const reported = await postLook(placeId);
    for (let i = 0; i < 3; i++) await report(reported.id);
    const refused = await restore(reported.id, owner);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe("Only the admin can show this Live Look again or dismiss its reports.");
    // Nor can an owner turn the reports' hide into their own, to lift it next.
    const rehide = await postJson(`/api/live-looks/${reported.id}/hide`, { reason: "Mine now" }, owner);
    expect(rehide.status).toBe(409);
    expect(await env.DB.prepare("SELECT hidden_by FROM live_looks WHERE id = ?").bind(reported.id).first()).toEqual({ hidden_by: "reports" });

    // A visible post with an open report: "keep" would close the reports, so it is the admin's.
    const onceReported = await postLook(placeId);
    await report(onceReported.id);
    expect((await restore(onceReported.id, owner)).status).toBe(403);
    expect((await restore(onceReported.id, await asAdmin())).status).toBe(200);
  });

  it("issue 25 #5: an owner cannot silence reports by hiding a reported post and restoring their own hide", async () => {
    const owner = await ownerOf(placeId);
    const admin = await asAdmin();
    const look = await postLook(placeId);
    await report(look.id, freshClientIp(), "fake");
    await report(look.id, freshClientIp(), "fake");

    const hidden = await postJson(`/api/live-looks/${look.id}/hide`, { reason: "Checking" }, owner);
    expect(hidden.status).toBe(200);
    // The owner's hide leaves the reports open for the admin.
    expect(await hidden.json<ModeratedLiveLookAnswer>()).toMatchObject({ hidden_by: "owner", open_reports: 2 });
    const refused = await api(`/api/live-looks/${look.id}/restore`, { method: "POST", headers: owner });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe("Visitors reported this Live Look, so only the admin can show it again.");
    expect((await list(placeId)).live_looks).toEqual([]);
    const queue = await (await getAs("/api/admin/live-looks?status=hidden", admin)).json<ModeratedLiveLooksAnswer>();
    expect(queue.live_looks).toEqual([expect.objectContaining({ id: look.id, hidden_by: "owner", open_reports: 2 })]);

    // The admin's judgement closes them.
    const kept = await api(`/api/live-looks/${look.id}/restore`, { method: "POST", headers: admin });
    expect(await kept.json<ModeratedLiveLookAnswer>()).toMatchObject({ hidden_at: null, open_reports: 0 });
  });

  it("needs a reason", async () => {
    const look = await postLook(placeId);
    const response = await postJson(`/api/live-looks/${look.id}/hide`, { reason: " " }, await ownerOf(placeId));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("reason: Say why the Live Look is hidden.");
  });
});

describe("the admin's moderation queue", () => {
  it("lists reported posts, then hidden ones; restore shows a post again and closes its reports", async () => {
    const admin = await asAdmin();
    const look = await postLook(placeId, { text: "reported" });
    await report(look.id, freshClientIp(), "off topic");
    const reported = await (await getAs("/api/admin/live-looks", admin)).json<ModeratedLiveLooksAnswer>();
    expect(reported.live_looks).toEqual([expect.objectContaining({ id: look.id, open_reports: 1, hidden_at: null, place_id: placeId })]);

    await report(look.id);
    await report(look.id);
    const hidden = await (await getAs("/api/admin/live-looks?status=hidden", admin)).json<ModeratedLiveLooksAnswer>();
    expect(hidden.live_looks).toEqual([expect.objectContaining({ id: look.id, hidden_by: "reports", open_reports: 3 })]);

    const restored = await api(`/api/live-looks/${look.id}/restore`, { method: "POST", headers: admin });
    expect(restored.status).toBe(200);
    expect(await restored.json<ModeratedLiveLookAnswer>()).toMatchObject({ hidden_at: null, hidden_by: null, open_reports: 0 });
    expect((await list(placeId)).live_looks.map((l) => l.id)).toEqual([look.id]);
    expect((await (await getAs("/api/admin/live-looks", admin)).json<ModeratedLiveLooksAnswer>()).live_looks).toEqual([]);
  });

  it("serves a photo for browsers to keep 5 minutes, not a year: a moderator's delete takes effect", async () => {
    const look = await postLook(placeId, { text: "Photo" }, { bytes: TINY_PNG, type: "image/png", name: "p.png" });
    const response = await api(look.photo_url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("delete removes the post, its reports and its photo from R2", async () => {
    const look = await postLook(placeId, { text: "with photo" }, { bytes: jpegWithGps() });
    await report(look.id);
    const [key] = await storedPhotos();
    expect(await env.IMAGES.head(key)).not.toBeNull();
    const response = await api(`/api/live-looks/${look.id}`, { method: "DELETE", headers: await asAdmin() });
    expect(response.status).toBe(200);
    expect(await env.IMAGES.head(key)).toBeNull();
    expect(await lookCount()).toBe(0);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM live_look_reports").first<{ n: number }>())!.n).toBe(0);
    expect((await list(placeId)).live_looks).toEqual([]);
    expect((await api(`/api/live-looks/${look.id}`, { method: "DELETE", headers: await asAdmin() })).status).toBe(404);
  });

  it("is the admin's only: owners may not delete", async () => {
    const look = await postLook(placeId);
    expect((await api(`/api/live-looks/${look.id}`, { method: "DELETE", headers: await ownerOf(placeId) })).status).toBe(403);
    expect((await getAs("/api/admin/live-looks", await ownerOf(placeId))).status).toBe(403);
  });
});

describe("GET /api/place/:id/live-looks (owners' panel)", () => {
  it("lists the last 7 days, expired and hidden posts included, for the venue's owners only", async () => {
    const recent = await insertLook(placeId, 5);
    const expired = await insertLook(placeId, 4 * 60);
    await insertLook(placeId, 8 * 24 * 60);
    await insertLook(otherPlaceId, 5);
    const owner = await ownerOf(placeId);
    await postJson(`/api/live-looks/${recent}/hide`, { reason: "Wrong venue" }, owner);
    const response = await getAs(`/api/place/${placeId}/live-looks`, owner);
    expect(response.status).toBe(200);
    const answer = await response.json<ModeratedLiveLooksAnswer>();
    expect(answer.live_looks.map((look) => [look.id, look.hidden_reason])).toEqual([
      [recent, "Wrong venue"],
      [expired, ""],
    ]);
    expect((await getAs(`/api/place/${placeId}/live-looks`, await ownerOf(otherPlaceId))).status).toBe(403);
  });
});

describe("GET /api/live: live_looks_last_hour", () => {
  it("counts each venue's public posts of the last hour", async () => {
    await insertLook(placeId, 10);
    await insertLook(placeId, 59);
    await insertLook(placeId, 61);
    const hidden = await insertLook(otherPlaceId, 5);
    await env.DB.prepare("UPDATE live_looks SET hidden_at = ? WHERE id = ?").bind(NOW, hidden).run();
    await caches.default.delete("https://third-place.test/api/live");
    const answer = await (await api("/api/live")).json<LiveAnswer>();
    const count = (id: number) => answer.places.find((place) => place.id === id)?.live_looks_last_hour;
    expect(count(placeId)).toBe(2);
    expect(count(otherPlaceId)).toBe(0);
  });
});
