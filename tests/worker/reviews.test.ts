import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ErrorAnswer, ReviewPostedAnswer, ReviewsAnswer } from "../../common/schemas/answers";
import { api, clearTables, forgetCachedPlaces, postJson } from "./helpers";

let placeId: number;
let otherPlaceId: number;

beforeAll(async () => {
  await clearTables("reviews", "places");
  const insert = (slug: string) =>
    env.DB.prepare("INSERT INTO places (slug, name) VALUES (?, ?) RETURNING id").bind(slug, slug).first<{ id: number }>();
  placeId = (await insert("reviewed-bar"))!.id;
  otherPlaceId = (await insert("other-bar"))!.id;
});

beforeEach(async () => {
  await clearTables("reviews");
  // Reviews are inserted directly in D1 here, which purges nothing: start each test uncached.
  await forgetCachedPlaces({ id: placeId }, { id: otherPlaceId });
});

const valid = { username: "maya", rating: 4, comment: "Great bartenders, loud on Fridays." };

async function reviewCount() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM reviews").first<{ n: number }>();
  return row?.n ?? 0;
}

/** Inserts a review with a chosen creation time, so ordering does not depend on the clock. */
function insertReviewAt(place: number, username: string, rating: number, createdAt: string) {
  return env.DB.prepare("INSERT INTO reviews (place_id, username, rating, comment, created_at) VALUES (?, ?, ?, 'ok', ?)")
    .bind(place, username, rating, Date.parse(createdAt))
    .run();
}

describe("POST /api/places/:id/reviews", () => {
  it("stores a trimmed review and answers it with the new count and average", async () => {
    const response = await postJson(`/api/places/${placeId}/reviews`, { ...valid, username: "  maya  " });
    expect(response.status).toBe(201);
    const body = await response.json<ReviewPostedAnswer>();
    expect(body).toEqual({
      review: { id: expect.any(Number), username: "maya", rating: 4, comment: valid.comment, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      count: 1,
      average_rating: 4,
    });
    const row = await env.DB.prepare("SELECT place_id, username, rating, comment FROM reviews").first();
    expect(row).toEqual({ place_id: placeId, username: "maya", rating: 4, comment: valid.comment });
  });

  it.each([
    ["username", { ...valid, username: "   " }, "This field is required."],
    ["username", { ...valid, username: undefined }, "This field is required."],
    ["comment", { ...valid, comment: "" }, "This field is required."],
    ["rating", { ...valid, rating: undefined }, "This field is required."],
    ["rating", { ...valid, rating: null }, "This field is required."],
    ["rating", { ...valid, rating: 0 }, "Rating must be a whole number from 1 to 5."],
    ["rating", { ...valid, rating: 6 }, "Rating must be a whole number from 1 to 5."],
    ["rating", { ...valid, rating: 3.5 }, "Rating must be a whole number from 1 to 5."],
    ["rating", { ...valid, rating: "5" }, "Rating must be a whole number from 1 to 5."],
    ["username", { ...valid, username: "x".repeat(41) }, "Must be at most 40 characters."],
    ["comment", { ...valid, comment: "x".repeat(1001) }, "Must be at most 1000 characters."],
  ])("refuses a bad %s with the field's message and stores nothing", async (field, body, message) => {
    const response = await postJson(`/api/places/${placeId}/reviews`, body);
    expect(response.status).toBe(400);
    const answer = await response.json<Required<ErrorAnswer>>();
    expect(answer.error).toBe(`${field}: ${message}`);
    expect(answer.details[0]).toEqual({ field, message });
    expect(await reviewCount()).toBe(0);
  });

  it("accepts the longest allowed username and comment", async () => {
    const response = await postJson(`/api/places/${placeId}/reviews`, {
      ...valid,
      username: "u".repeat(40),
      comment: "c".repeat(1000),
    });
    expect(response.status).toBe(201);
  });

  it("refuses malformed JSON, a wrong content type and an oversized body", async () => {
    expect((await postJson(`/api/places/${placeId}/reviews`, '{"username":')).status).toBe(400);
    const form = await api(`/api/places/${placeId}/reviews`, { method: "POST", body: new URLSearchParams(valid as never) });
    expect(form.status).toBe(415);
    const huge = await postJson(`/api/places/${placeId}/reviews`, { ...valid, comment: "x".repeat(9000) });
    expect(huge.status).toBe(413);
    expect(await reviewCount()).toBe(0);
  });

  it("answers 404 for an unknown place and 400 for an id that is not a number", async () => {
    const missing = await postJson("/api/places/999999/reviews", valid);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No such place." });
    const bad = await postJson("/api/places/abc/reviews", valid);
    expect(bad.status).toBe(400);
    expect(await reviewCount()).toBe(0);
  });
});

describe("GET /api/places/:id/reviews", () => {
  it("lists only this place's reviews, newest first, with count and average", async () => {
    await insertReviewAt(placeId, "first", 5, "2025-06-01T20:00:00Z");
    await insertReviewAt(placeId, "third", 2, "2025-06-03T20:00:00Z");
    await insertReviewAt(placeId, "second", 4, "2025-06-02T20:00:00Z");
    await insertReviewAt(otherPlaceId, "elsewhere", 1, "2025-06-04T20:00:00Z");

    const response = await api(`/api/places/${placeId}/reviews`);
    expect(response.status).toBe(200);
    const body = await response.json<ReviewsAnswer>();
    expect(body.reviews.map((review) => review.username)).toEqual(["third", "second", "first"]);
    expect(body.count).toBe(3);
    expect(body.average_rating).toBe(3.7);
  });

  it("dates a review in the venue's time zone", async () => {
    // 03:30 UTC on 1 March is still 28 February in New York.
    await insertReviewAt(placeId, "night-owl", 5, "2025-03-01T03:30:00Z");
    const body = await (await api(`/api/places/${placeId}/reviews`)).json<ReviewsAnswer>();
    expect(body.reviews[0]).toMatchObject({ username: "night-owl", date: "2025-02-28" });
  });

  it("answers an empty list and a null average for a place without reviews", async () => {
    const response = await api(`/api/places/${placeId}/reviews`);
    expect(await response.json()).toEqual({ reviews: [], count: 0, average_rating: null });
  });

  it("shows the newest 50 while count and average cover every review", async () => {
    const statements = Array.from({ length: 55 }, (_, index) =>
      env.DB.prepare("INSERT INTO reviews (place_id, username, rating, comment) VALUES (?, ?, ?, 'ok')").bind(
        placeId,
        `guest-${index}`,
        index < 5 ? 1 : 5,
      ),
    );
    await env.DB.batch(statements);
    const body = await (await api(`/api/places/${placeId}/reviews`)).json<ReviewsAnswer>();
    expect(body.reviews).toHaveLength(50);
    expect(body.reviews[0].username).toBe("guest-54");
    expect(body.count).toBe(55);
    expect(body.average_rating).toBe(4.6);
  });

  it("answers 404 for an unknown place", async () => {
    const response = await api("/api/places/999999/reviews");
    expect(response.status).toBe(404);
  });
});

describe("GET /api/config/map", () => {
  it("hands the browser the configured basemap", async () => {
    const response = await api("/api/config/map");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tile_url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION });
    expect(env.MAP_TILE_URL).toMatch(/^https:\/\/.+\{z\}\/\{x\}\/\{y\}/);
  });
});
