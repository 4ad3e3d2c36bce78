// Saved places through the API (docs/app.md#saved-places-and-suggestions): save and unsave are
// idempotent, `news` is kept, the list's fields (live level, against usual, open now, next opening,
// best time tonight), 401 signed out, another account's list unseen, the 200 cap, a deleted place
// gone from the list, and hidden counts.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { MAX_SAVED_PLACES, type SavedEntry, type SavedList } from "../../common/schemas/saved";
import { api, signUpOwner } from "./helpers";
import { hoursOn } from "./hours-fixtures";
import { asAdmin, createPlace, errorOf, eveningsBeforeJune10th2031, liveRowAt, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York (EDT, UTC−4). */
const now = Date.UTC(2031, 5, 11, 1, 10);
const minute = 60_000;
useFixedClock(now);

async function account() {
  const owner = await signUpOwner();
  return { authorization: `Bearer ${owner.accessToken}` };
}

const save = (placeId: number | string, headers: Record<string, string>, body?: unknown) =>
  api(`/api/me/saved/${placeId}`, {
    method: "PUT",
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const unsave = (placeId: number, headers: Record<string, string>) => api(`/api/me/saved/${placeId}`, { method: "DELETE", headers });
const list = async (headers: Record<string, string>) => {
  const response = await api("/api/me/saved", { headers });
  expect(response.status).toBe(200);
  return response.json<SavedList>();
};

const liveRow = (placeId: number, people: number, percent: number, level: string, minutesAgo = 1) =>
  liveRowAt(placeId, { people, percent, level }, now - minutesAgo * minute);
const evenings = eveningsBeforeJune10th2031;

describe("saving places", () => {
  it("saves and unsaves idempotently, keeps news, and lists the newest first", async () => {
    const me = await account();
    const first = await createPlace();
    const second = await createPlace();
    const saved = await save(first, me);
    expect(saved.status).toBe(200);
    expect(await saved.json<SavedEntry>()).toMatchObject({ place_id: first, news: false });
    // Again, now with news: still one entry, news on.
    expect((await save(first, me, { news: true })).status).toBe(200);
    vi.setSystemTime(now + minute);
    expect((await save(second, me, {})).status).toBe(200);
    let answer = await list(me);
    expect(answer.places.map((place) => [place.id, place.news])).toEqual([
      [second, false],
      [first, true],
    ]);
    expect((await unsave(first, me)).status).toBe(200);
    expect((await unsave(first, me)).status).toBe(200);
    answer = await list(me);
    expect(answer.places.map((place) => place.id)).toEqual([second]);
  });

  it("answers 401 signed out, 403 for the administrator, 404 for an unknown place, 400 for a bad body", async () => {
    const place = await createPlace();
    expect((await api("/api/me/saved")).status).toBe(401);
    expect((await save(place, {})).status).toBe(401);
    expect((await unsave(place, {})).status).toBe(401);
    expect((await save(place, await asAdmin())).status).toBe(403);
    const me = await account();
    const unknown = await save(999_999, me);
    expect(unknown.status).toBe(404);
    const bad = await save(place, me, { news: "yes" });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("news: must be true or false.");
    expect((await save(place, me, { news: true, extra: 1 })).status).toBe(400);
    expect((await save("abc", me)).status).toBe(400);
    expect((await list(me)).places).toEqual([]);
  });

  it("keeps each account's list to itself", async () => {
    const me = await account();
    const other = await account();
    const place = await createPlace();
    await save(place, other, { news: true });
    expect((await list(me)).places).toEqual([]);
    // Unsaving in my list touches nothing of theirs.
    await unsave(place, me);
    expect((await list(other)).places.map((entry) => entry.id)).toEqual([place]);
  });

  it(`refuses a ${MAX_SAVED_PLACES + 1}st place with 409 and a clear message, and still updates a saved one`, async () => {
    const me = await account();
    const { userId } = await env.DB.prepare("SELECT id AS userId FROM users ORDER BY id DESC LIMIT 1").first<{ userId: number }>().then((row) => row!);
    const ids: number[] = [];
    for (let i = 0; i < MAX_SAVED_PLACES + 1; i++) ids.push(await createPlace());
    await env.DB.batch(ids.slice(0, MAX_SAVED_PLACES).map((id) => env.DB.prepare("INSERT INTO saved_places (user_id, place_id) VALUES (?, ?)").bind(userId, id)));
    const refused = await save(ids[MAX_SAVED_PLACES], me);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(`You can save at most ${MAX_SAVED_PLACES} places. Remove one from your saved places to save this one.`);
    expect((await save(ids[0], me, { news: true })).status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM saved_places WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n).toBe(MAX_SAVED_PLACES);
  });

  it("drops a deleted place from the list", async () => {
    const me = await account();
    const kept = await createPlace();
    const deleted = await createPlace();
    await save(kept, me);
    await save(deleted, me);
    await env.DB.prepare("DELETE FROM places WHERE id = ?").bind(deleted).run();
    expect((await list(me)).places.map((place) => place.id)).toEqual([kept]);
  });
});

describe("the saved list's fields", () => {
  it("says the live level against usual, open now, the next opening and the best time tonight", async () => {
    const me = await account();
    // Open 17:00–02:00 every day; usually 50 people at 21:00, fewer later.
    const open = await createPlace({ hours: hoursOn("17:00", "02:00") });
    await evenings(open, (hour) => (hour === 21 ? 50 : hour >= 22 ? 20 : 40));
    await liveRow(open, 80, 80, "Lively");
    // Opens at 23:00 tonight, never reported.
    const later = await createPlace({ hours: hoursOn("23:00", "03:00") });
    await save(open, me);
    await save(later, me);
    const places = new Map((await list(me)).places.map((place) => [place.id, place]));
    expect(places.get(open)).toMatchObject({ level: "Lively", percent: 80, vs_usual: "busier", open: true, opens_at: null });
    // The quietest open hour of the next 12 by the forecast: 22:00 local (02:00 UTC).
    expect(places.get(open)!.best_time).toEqual({ start: "2031-06-11T02:00:00.000Z", end: "2031-06-11T03:00:00.000Z", percent: 20 });
    expect(places.get(later)).toMatchObject({ level: null, percent: null, vs_usual: null, open: false, opens_at: "2031-06-11T03:00:00.000Z", best_time: null });
  });

  it("withholds percents where the owners hide counts, the level stays", async () => {
    const me = await account();
    const place = await createPlace({ hours: hoursOn("17:00", "02:00") });
    await evenings(place, (hour) => (hour >= 22 ? 20 : 40));
    await liveRow(place, 80, 80, "Lively");
    await env.DB.prepare("UPDATE places SET public_counts = 0 WHERE id = ?").bind(place).run();
    await save(place, me);
    const [entry] = (await list(me)).places;
    expect(entry).toMatchObject({ level: "Lively", percent: null });
    expect(entry.best_time).toMatchObject({ percent: null });
    // No number 80 (the live row's people and percent) anywhere but in ids, which may be 80 too.
    const values = JSON.stringify(entry, (key, value: unknown) => (key === "id" || key.endsWith("_id") ? undefined : value));
    expect(values).not.toMatch(/[:[,]80(\.\d+)?[,\]}]/);
  });

  it("shows no live level once the count is stale", async () => {
    const me = await account();
    const place = await createPlace();
    await liveRow(place, 80, 80, "Lively", 30);
    await save(place, me);
    expect((await list(me)).places[0]).toMatchObject({ level: null, percent: null });
  });
});
