import { Hono } from "hono";
import { placeIdSchema } from "../auth/middleware";
import { getDb } from "../db/client";
import { insertReview, listReviews, placeTimezone, reviewSummary } from "../db/reviews";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { rateLimit } from "../lib/rate-limit";
import { parseOrThrow, readJson } from "../lib/validation";
import type { ReviewPostedAnswer, ReviewsAnswer } from "../schemas/answers";
import { reviewSchema } from "../schemas/review";

/** Reviews are short: a few KB is plenty and keeps junk out. */
const MAX_REVIEW_BYTES = 8 * 1024;
// Five reviews a minute is more than any guest writes; the public-form limiter, in its own scope.
const reviewLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "reviews" });

async function existingPlace(env: Env, rawId: string) {
  const placeId = parseOrThrow(placeIdSchema, rawId);
  const db = getDb(env);
  const timezone = await placeTimezone(db, placeId);
  if (!timezone) throw notFound("No such place.");
  return { db, placeId, timezone };
}

export const reviewRoutes = new Hono<AppEnv>()
  .get("/places/:id/reviews", async (c) => {
    const { db, placeId, timezone } = await existingPlace(c.env, c.req.param("id"));
    const [reviews, summary] = await Promise.all([listReviews(db, placeId, timezone), reviewSummary(db, placeId)]);
    return c.json({ reviews, ...summary } satisfies ReviewsAnswer);
  })
  .post("/places/:id/reviews", reviewLimit, async (c) => {
    const { db, placeId, timezone } = await existingPlace(c.env, c.req.param("id"));
    const input = await readJson(c, reviewSchema, MAX_REVIEW_BYTES);
    const review = await insertReview(db, placeId, timezone, input);
    const summary = await reviewSummary(db, placeId);
    return c.json({ review, ...summary } satisfies ReviewPostedAnswer, 201);
  });
