// Reporting, hiding and restoring reviews (issue 12, hole 10): hidden reviews leave the public
// list, the count and the average; the admin and the venue's owners hide and restore them.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModeratedReviewAnswer, ModeratedReviewsAnswer, ReviewsAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, createUser, placeOwnedBy, type TestUser } from "./fixtures";
import { api, clearTables, freshClientIp, postJson } from "./helpers";

let owner: TestUser;
let stranger: TestUser;
let placeId: number;

async function insertReview(username: string, rating: number) {
  const row = await env.DB.prepare("INSERT INTO reviews (place_id, username, rating, comment) VALUES (?, ?, ?, 'words') RETURNING id")
    .bind(placeId, username, rating)
    .first<{ id: number }>();
  return row!.id;
}

const publicReviews = async () => (await api(`/api/places/${placeId}/reviews`)).json<ReviewsAnswer>();
const queue = async (status: "reported" | "hidden") => {
  const response = await api(`/api/admin/reviews?status=${status}`, { headers: bearer(await adminToken()) });
  expect(response.status).toBe(200);
  return (await response.json<ModeratedReviewsAnswer>()).reviews;
};
const report = (id: number, body: object = {}) => postJson(`/api/reviews/${id}/report`, body);
const hide = (id: number, token: string | undefined, reason: unknown = "Abusive language") =>
  postJson(`/api/reviews/${id}/hide`, { reason }, bearer(token));
const restore = (id: number, token: string) => postJson(`/api/reviews/${id}/restore`, {}, bearer(token));

beforeEach(async () => {
  await clearTables("review_reports", "reviews");
  owner = await createUser("Owner");
  stranger = await createUser("Stranger");
  placeId = await placeOwnedBy("Moderated Bar", owner.id);
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/reviews/{id}/report", () => {
  it("records a report, reason optional, and puts the review in the admin's queue", async () => {
    const id = await insertReview("troll", 1);
    const first = await report(id, { reason: "  Insults the staff  " });
    expect(first.status).toBe(201);
    expect((await report(id)).status).toBe(201);
    const [queued] = await queue("reported");
    expect(queued).toMatchObject({ id, place_id: placeId, place_name: "Moderated Bar", open_reports: 2, report_reasons: ["Insults the staff"], hidden_at: null });
    // Reporting alone hides nothing.
    expect((await publicReviews()).count).toBe(1);
  });

  it("answers 404 for unknown and hidden reviews, 400 for a reason over 500 characters", async () => {
    const id = await insertReview("troll", 1);
    expect((await report(id + 1000)).status).toBe(404);
    expect((await report(id, { reason: "x".repeat(501) })).status).toBe(400);
    expect((await hide(id, await adminToken())).status).toBe(200);
    expect((await report(id)).status).toBe(404);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM review_reports").first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("is limited per client, in a scope of its own", async () => {
    const id = await insertReview("troll", 1);
    const keys: string[] = [];
    vi.spyOn(env.SUBMISSION_LIMITER, "limit").mockImplementation(async ({ key }) => {
      keys.push(key);
      return { success: false };
    });
    const ip = freshClientIp();
    const refused = await postJson(`/api/reviews/${id}/report`, {}, { "cf-connecting-ip": ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(keys).toEqual([`review-reports:${ip}`]);
  });
});

describe("hiding and restoring", () => {
  it("takes a hidden review out of the public list, the count and the average, and restores it", async () => {
    const kept = await insertReview("fan", 5);
    const hidden = await insertReview("troll", 1);
    expect(await publicReviews()).toMatchObject({ count: 2, average_rating: 3 });

    const response = await hide(hidden, await adminToken(), "  Abusive language ");
    expect(response.status).toBe(200);
    expect(await response.json<ModeratedReviewAnswer>()).toMatchObject({ id: hidden, hidden_reason: "Abusive language", hidden_by: "admin" });
    const after = await publicReviews();
    expect(after).toMatchObject({ count: 1, average_rating: 5 });
    expect(after.reviews.map((review) => review.id)).toEqual([kept]);
    expect((await queue("hidden")).map((review) => review.id)).toEqual([hidden]);

    expect((await restore(hidden, await adminToken())).status).toBe(200);
    expect(await publicReviews()).toMatchObject({ count: 2, average_rating: 3 });
    expect(await queue("hidden")).toEqual([]);
  });

  it("lets an owner of the venue hide and restore, and no one else", async () => {
    const id = await insertReview("troll", 1);
    expect((await hide(id, undefined)).status).toBe(401);
    expect((await hide(id, stranger.token)).status).toBe(403);
    expect((await restore(id, stranger.token)).status).toBe(403);
    expect((await publicReviews()).count).toBe(1);

    const byOwner = await hide(id, owner.token, "Not about this venue");
    expect(byOwner.status).toBe(200);
    expect(await byOwner.json<ModeratedReviewAnswer>()).toMatchObject({ hidden_by: "owner", hidden_reason: "Not about this venue" });
    expect((await publicReviews()).count).toBe(0);
    expect((await restore(id, owner.token)).status).toBe(200);
    expect((await publicReviews()).count).toBe(1);
  });

  it("needs a reason and an existing review, and changes nothing otherwise", async () => {
    const id = await insertReview("troll", 1);
    const token = await adminToken();
    for (const reason of ["", "   ", null, 42, "x".repeat(301)]) {
      expect((await hide(id, token, reason)).status).toBe(400);
    }
    expect((await postJson(`/api/reviews/${id}/hide`, {}, bearer(token))).status).toBe(400);
    expect((await hide(id + 1000, token)).status).toBe(404);
    expect((await postJson(`/api/reviews/${id}/restore`, { sneaky: true }, bearer(token))).status).toBe(400);
    expect((await publicReviews()).count).toBe(1);
  });
});

describe("GET /api/admin/reviews", () => {
  it("queues reported reviews until they are hidden or kept, and queues them again on a new report", async () => {
    const hiddenLater = await insertReview("troll", 1);
    const keptLater = await insertReview("grump", 2);
    await insertReview("fan", 5);
    await report(hiddenLater, { reason: "Spam" });
    await report(keptLater, { reason: "Rude" });
    expect((await queue("reported")).map((review) => review.id)).toEqual([keptLater, hiddenLater]);

    const token = await adminToken();
    await hide(hiddenLater, token, "Spam");
    await restore(keptLater, token);
    expect(await queue("reported")).toEqual([]);

    await report(keptLater);
    expect(await queue("reported")).toMatchObject([{ id: keptLater, open_reports: 1, report_reasons: [] }]);
  });

  it("is the admin's only and checks the status", async () => {
    expect((await api("/api/admin/reviews", { headers: bearer(owner.token) })).status).toBe(403);
    expect((await api("/api/admin/reviews")).status).toBe(401);
    expect((await api("/api/admin/reviews?status=everything", { headers: bearer(await adminToken()) })).status).toBe(400);
  });
});
