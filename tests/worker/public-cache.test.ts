// A profile's public answers (GET /api/place/{id or slug}, /api/business/{id}/events,
// /api/places/{id}/reviews) served through the Cache API: a second anonymous read comes from the
// cache (a row changed directly in D1 stays unseen), a write through the API purges it by id and by
// slug, and a read with credentials never reads nor fills the cache.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { EventsAnswer, ForecastAnswer, LiveLooksAnswer, OwnedPlace, PopularTimesAnswer, PublicPlace, ReviewsAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, createUser, insertCategory, insertEvent, ownedPlace, placeOwnedBy, sendForm } from "./fixtures";
import { api, postJson } from "./helpers";
import { postLiveLook } from "./live-look-fixtures";

const EDGE_ONLY = "public, max-age=0, s-maxage=60";

async function read<T>(path: string, headers: Record<string, string> = {}) {
  const response = await api(path, { headers });
  expect(response.status).toBe(200);
  return { body: await response.json<T>(), cacheControl: response.headers.get("cache-control") };
}

const rename = (placeId: number, name: string) => env.DB.prepare("UPDATE places SET name = ? WHERE id = ?").bind(name, placeId).run();
const slugOf = async (placeId: number) =>
  (await env.DB.prepare("SELECT slug FROM places WHERE id = ?").bind(placeId).first<{ slug: string }>())!.slug;

describe("GET /api/place/{id or slug}", () => {
  it("serves a second anonymous read from the cache, and an owner's update purges it by id and by slug", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Before" });
    const slug = await slugOf(placeId);

    const first = await read<PublicPlace>(`/api/place/${slug}`);
    expect(first.body.name).toBe("Before");
    expect(first.cacheControl).toBe(EDGE_ONLY);
    expect((await read<PublicPlace>(`/api/place/${placeId}`)).body.name).toBe("Before");

    // Changed behind the API's back: both names of the place still answer from the cache.
    await rename(placeId, "Sneaky");
    expect((await read<PublicPlace>(`/api/place/${slug}`)).body.name).toBe("Before");
    expect((await read<PublicPlace>(`/api/place/${placeId}?bust=${Math.random()}`)).body.name).toBe("Before");

    // A write through the API purges both, so the next load shows it.
    expect((await postJson(`/api/place/update/${placeId}`, { name: "After" }, bearer(owner.token))).status).toBe(200);
    expect((await read<PublicPlace>(`/api/place/${slug}`)).body.name).toBe("After");
    expect((await read<PublicPlace>(`/api/place/${placeId}`)).body.name).toBe("After");
  });

  it("never serves nor stores an answer read with credentials", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Before" });
    const slug = await slugOf(placeId);

    // Read with credentials first: the owner's private answer is not kept for anyone else.
    const mine = await read<OwnedPlace>(`/api/place/${slug}`, bearer(owner.token));
    expect(mine.body.owners).toBeDefined();
    expect(mine.cacheControl).toBe("no-store");
    const anonymous = await read<PublicPlace>(`/api/place/${slug}`);
    expect(anonymous.body).not.toHaveProperty("owners");
    expect(anonymous.cacheControl).toBe(EDGE_ONLY);

    // With a cached public answer in place, the owner and the admin still read D1.
    await rename(placeId, "Sneaky");
    expect((await read<OwnedPlace>(`/api/place/${slug}`, bearer(owner.token))).body).toMatchObject({ name: "Sneaky", owners: expect.any(Array) });
    expect((await read<OwnedPlace>(`/api/place/${placeId}`, bearer(await adminToken()))).body.name).toBe("Sneaky");
    // A signed-in stranger gets public fields, but never from the cache either.
    const stranger = await createUser("Stranger");
    const theirs = await read<PublicPlace>(`/api/place/${slug}`, bearer(stranger.token));
    expect(theirs.body).toMatchObject({ name: "Sneaky" });
    expect(theirs.body).not.toHaveProperty("owners");
    // The cached public answer is unchanged, and it is what a signed-out browser gets: the client
    // sends an empty bearer then.
    expect((await read<PublicPlace>(`/api/place/${slug}`)).body.name).toBe("Before");
    expect((await read<PublicPlace>(`/api/place/${slug}`, { authorization: "Bearer " })).body.name).toBe("Before");
  });

  it("purges by id and by slug when the admin changes a place through the form", async () => {
    const placeId = await placeOwnedBy("Old Name");
    const slug = await slugOf(placeId);
    expect((await read<PublicPlace>(`/api/place/${slug}`)).body.name).toBe("Old Name");
    const response = await sendForm(`/api/place/update/${placeId}`, "POST", { name: "New Name", description: "Fresh" }, await adminToken());
    expect(response.status).toBe(200);
    expect((await read<PublicPlace>(`/api/place/${slug}`)).body).toMatchObject({ name: "New Name", description: "Fresh" });
    expect((await read<PublicPlace>(`/api/place/${placeId}`)).body.description).toBe("Fresh");
  });
});

describe("GET /api/business/{id}/events", () => {
  it("serves the first page from the cache; creating, changing and deleting an event purge it", async () => {
    const { owner, placeId } = await ownedPlace();
    const path = `/api/business/${placeId}/events`;
    const first = await read<EventsAnswer>(path);
    expect(first.body.events).toEqual([]);
    expect(first.cacheControl).toBe(EDGE_ONLY);

    await insertEvent({ place_id: placeId, name: "Inserted behind the API", start_time: "2030-05-03T23:00:00.000Z" });
    expect((await read<EventsAnswer>(`${path}?junk=1`)).body.events).toEqual([]);
    // Another page is read from D1, never from the first page's entry.
    expect((await read<EventsAnswer>(`${path}?limit=5`)).body.events).toHaveLength(1);

    const fields = { place_id: String(placeId), name: "Jazz Night", start_time: "2030-05-04T23:00:00.000Z", is_recurring: "False" };
    const created = await sendForm("/api/create_user_event", "POST", { ...fields, category: String(await insertCategory("Live Music")) }, owner.token);
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await created.json<{ id: number }>();
    expect((await read<EventsAnswer>(path)).body.events.map((event) => event.name)).toEqual(["Inserted behind the API", "Jazz Night"]);

    expect((await sendForm(`/api/events/${id}`, "PUT", { name: "Jazz Night, renamed" }, owner.token)).status).toBe(200);
    expect((await read<EventsAnswer>(path)).body.events.map((event) => event.name)).toContain("Jazz Night, renamed");

    expect((await api(`/api/events/${id}`, { method: "DELETE", headers: bearer(owner.token) })).status).toBe(200);
    expect((await read<EventsAnswer>(path)).body.events.map((event) => event.name)).toEqual(["Inserted behind the API"]);
  });
});

describe("GET /api/places/{id}/reviews", () => {
  const insertReview = (placeId: number, username: string) =>
    env.DB.prepare("INSERT INTO reviews (place_id, username, rating, comment) VALUES (?, ?, 5, 'ok') RETURNING id").bind(placeId, username).first<{ id: number }>();

  it("serves a second read from the cache; posting, hiding and restoring a review purge it", async () => {
    const owner = await createUser("Owner");
    const placeId = await placeOwnedBy("Reviewed", owner.id);
    const path = `/api/places/${placeId}/reviews`;
    const first = await read<ReviewsAnswer>(path);
    expect(first.body.count).toBe(0);
    expect(first.cacheControl).toBe(EDGE_ONLY);

    const sneaky = (await insertReview(placeId, "sneaky"))!.id;
    expect((await read<ReviewsAnswer>(path)).body.count).toBe(0);

    expect((await postJson(path, { username: "maya", rating: 4, comment: "Lovely." })).status).toBe(201);
    expect((await read<ReviewsAnswer>(path)).body.count).toBe(2);

    // A report changes nothing the public sees, so it purges nothing.
    expect((await postJson(`/api/reviews/${sneaky}/report`, { reason: "spam" })).status).toBe(201);
    expect((await postJson(`/api/reviews/${sneaky}/hide`, { reason: "Spam" }, bearer(owner.token))).status).toBe(200);
    expect((await read<ReviewsAnswer>(path)).body.reviews.map((review) => review.username)).toEqual(["maya"]);
    expect((await postJson(`/api/reviews/${sneaky}/restore`, {}, bearer(owner.token))).status).toBe(200);
    expect((await read<ReviewsAnswer>(path)).body.count).toBe(2);
  });
});

describe("cache keys from validated ids", () => {
  /** Every character of the id or slug percent-encoded: "5" → "%35", the same place to the router. */
  const encoded = (name: string | number) => [...String(name)].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join("");
  const closedHours = Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
      [`${day}_open`, "17:00"],
      [`${day}_close`, "23:00"],
    ]),
  );
  const renameThroughApi = (placeId: number, token: string) => postJson(`/api/place/update/${placeId}`, { name: "Renamed" }, bearer(token));

  type Case = {
    route: string;
    path: (placeId: number, slug: string) => string;
    /** What the answer shows before and after the change. */
    shown: (body: never) => unknown;
    /** A change the cached copy cannot see, then the write through the API that purges it. */
    change: (placeId: number, token: string) => Promise<unknown>;
  };
  const cases: Case[] = [
    {
      route: "GET /api/place/{id}",
      path: (placeId) => `/api/place/${encoded(placeId)}`,
      shown: (body: PublicPlace) => body.name,
      change: renameThroughApi,
    },
    {
      route: "GET /api/place/{slug}",
      path: (_, slug) => `/api/place/${encoded(slug)}`,
      shown: (body: PublicPlace) => body.name,
      change: renameThroughApi,
    },
    {
      route: "GET /api/places/{id}/popular-times",
      path: (placeId) => `/api/places/${encoded(placeId)}/popular-times`,
      shown: (body: PopularTimesAnswer) => body.day_start_hour,
      change: async (placeId, token) => {
        await env.DB.prepare("UPDATE places SET day_start_hour = 7 WHERE id = ?").bind(placeId).run();
        return renameThroughApi(placeId, token);
      },
    },
    {
      route: "GET /api/places/{id}/forecast",
      path: (placeId) => `/api/places/${encoded(placeId)}/forecast`,
      shown: (body: ForecastAnswer) => body.hours.some((hour) => hour.closed),
      change: (placeId, token) => postJson(`/api/place/update/${placeId}`, closedHours, bearer(token)),
    },
    {
      route: "GET /api/business/{id}/events",
      path: (placeId) => `/api/business/${encoded(placeId)}/events`,
      shown: (body: EventsAnswer) => body.events.length,
      change: async (placeId, token) => {
        const fields = { place_id: String(placeId), name: "Quiz", start_time: "2030-05-04T23:00:00.000Z", is_recurring: "False" };
        return sendForm("/api/create_user_event", "POST", { ...fields, category: String(await insertCategory(`Quiz ${placeId}`)) }, token);
      },
    },
    {
      route: "GET /api/places/{id}/reviews",
      path: (placeId) => `/api/places/${encoded(placeId)}/reviews`,
      shown: (body: ReviewsAnswer) => body.count,
      change: (placeId) => postJson(`/api/places/${placeId}/reviews`, { username: "maya", rating: 4, comment: "Lovely." }),
    },
    {
      route: "GET /api/places/{id}/live-looks",
      path: (placeId) => `/api/places/${encoded(placeId)}/live-looks`,
      shown: (body: LiveLooksAnswer) => body.live_looks.length,
      change: (placeId) => {
        const body = new FormData();
        body.set("text", "Two seats at the bar");
        return postLiveLook(placeId, body);
      },
    },
  ];

  it.each(cases)("$route read by a percent-encoded path is the entry the write's purge removes", async ({ path, shown, change }) => {
    const { owner, placeId } = await ownedPlace({ name: "Before" });
    const slug = await slugOf(placeId);
    const at = path(placeId, slug);
    const before = shown((await read(at)).body as never);
    const response = (await change(placeId, owner.token)) as Response;
    expect(response.ok, await response.clone().text()).toBe(true);
    // The encoded path names the same place: the purge reached its copy, so this read is fresh.
    expect(shown((await read(at)).body as never)).not.toEqual(before);
  });
});
