import { Hono, type Context } from "hono";
import * as v from "valibot";
import { assertCanManagePlace, placeIdSchema, requireAdmin, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import {
  findReview,
  insertReview,
  insertReviewReport,
  listModeratedReviews,
  listReviews,
  placeTimezone,
  reviewSummary,
  setReviewHidden,
} from "../db/reviews";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { cacheKey, edgeOnly, PROFILE_CACHE_SECONDS, purgePaths, reviewsPath, profilePagePaths, servedFromCache } from "../lib/public-cache";
import { rateLimit } from "../lib/rate-limit";
import { describe, jsonBody, noBody, params, query } from "../lib/openapi";
import {
  moderatedReviewAnswerSchema,
  moderatedReviewsAnswerSchema,
  okMessageAnswerSchema,
  reviewPostedAnswerSchema,
  reviewsAnswerSchema,
  type ModeratedReviewAnswer,
  type ModeratedReviewsAnswer,
  type ReviewPostedAnswer,
  type ReviewsAnswer,
} from "../../common/schemas/answers";
import { reviewSchema } from "../../common/schemas/review";
import { moderationQuerySchema, reviewHideSchema, reviewIdSchema, reviewReportSchema } from "../../common/schemas/review-moderation";

/** Reviews are short: a few KB is plenty and keeps junk out. */
const MAX_REVIEW_BYTES = 8 * 1024;
const MAX_REPORT_BYTES = 4 * 1024;
// Five reviews a minute is more than any guest writes; the public-form limiter, in its own scope.
const reviewLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "reviews" });
// Reports, too: five a minute per client, in a scope of their own so they never eat the reviews' budget.
const reportLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "review-reports" });
const NO_SUCH_REVIEW = "No such review.";

async function existingPlace(env: Env, placeId: number) {
  const db = getDb(env);
  const timezone = await placeTimezone(db, placeId);
  if (!timezone) throw notFound("No such place.");
  return { db, placeId, timezone };
}

/** The review in the path, once the caller is shown to manage its place (the admin manages all). */
async function moderatedReview(c: Context<AppEnv>, id: number) {
  const db = getDb(c.env);
  const review = await findReview(db, id);
  if (!review) throw notFound(NO_SUCH_REVIEW);
  await assertCanManagePlace(c, c.get("principal"), review.placeId);
  return { db, placeId: review.placeId };
}

async function moderatedAnswer(db: ReturnType<typeof getDb>, id: number): Promise<ModeratedReviewAnswer> {
  const [answer] = await listModeratedReviews(db, { id });
  return answer;
}

const tag = "Reviews";
const placeParams = params({ id: placeIdSchema });
const reviewParams = params({ id: reviewIdSchema });
/** Hide and restore: the admin, or an owner of the review's venue. */
const moderation = (summary: string, description?: string) =>
  describe({ tag, summary, description, access: "signed-in", answers: { 200: moderatedReviewAnswerSchema }, errors: [400, 403, 404] });

export const reviewRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/reviews",
    describe({ tag, summary: "A place's newest 50 reviews, with count and average of all", access: "public", answers: { 200: reviewsAnswerSchema }, errors: [404] }),
    placeParams,
    async (c) => {
      // Public and the same for everyone: served from the edge for a minute; posting, hiding and
      // restoring a review purge it.
      const { id } = c.req.valid("param");
      return servedFromCache(c, cacheKey(c.req.url, reviewsPath(id)), async () => {
        const { db, placeId, timezone } = await existingPlace(c.env, id);
        const [reviews, summary] = await Promise.all([listReviews(db, placeId, timezone), reviewSummary(db, placeId)]);
        return c.json({ reviews, ...summary } satisfies ReviewsAnswer, 200, { "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) });
      });
    },
  )
  .post(
    "/places/:id/reviews",
    describe({ tag, summary: "Leave a review", access: "public", answers: { 201: reviewPostedAnswerSchema }, errors: [404, 429] }),
    reviewLimit,
    placeParams,
    jsonBody(reviewSchema, MAX_REVIEW_BYTES),
    async (c) => {
      const { db, placeId, timezone } = await existingPlace(c.env, c.req.valid("param").id);
      const review = await insertReview(db, placeId, timezone, c.req.valid("json"));
      const summary = await reviewSummary(db, placeId);
      // The visitor sees their review on the next load.
      await purgePaths(c, reviewsPath(placeId), ...(await profilePagePaths(db, placeId)));
      return c.json({ review, ...summary } satisfies ReviewPostedAnswer, 201);
    },
  )

  // Anyone may report a review they can see; the admin's queue shows it with the reasons.
  .post(
    "/reviews/:id/report",
    describe({ tag, summary: "Report a review to the moderators", access: "public", answers: { 201: okMessageAnswerSchema }, errors: [404, 429] }),
    reportLimit,
    reviewParams,
    jsonBody(reviewReportSchema, MAX_REPORT_BYTES),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const db = getDb(c.env);
      const review = await findReview(db, id);
      // A hidden review is not public: reporting it is as unknown as reporting no review.
      if (!review || review.hiddenAt) throw notFound(NO_SUCH_REVIEW);
      // No purge: a report changes nothing the public sees (hiding does), and a public, unsigned
      // route that purged would let anyone empty the cache at will.
      await insertReviewReport(db, id, reason ?? "");
      return c.json({ ok: true, message: "Thanks for telling us. We will look at this review." } satisfies v.InferOutput<typeof okMessageAnswerSchema>, 201);
    },
  )

  // The admin, or an owner of the review's venue: it leaves the public list, the count and the average.
  .post(
    "/reviews/:id/hide",
    moderation("Hide a review from the public profile"),
    requireUser,
    reviewParams,
    jsonBody(reviewHideSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const { db, placeId } = await moderatedReview(c, id);
      await setReviewHidden(db, id, { reason, by: c.get("principal").role === "admin" ? "admin" : "owner" });
      await purgePaths(c, reviewsPath(placeId), ...(await profilePagePaths(db, placeId)));
      return c.json(await moderatedAnswer(db, id));
    },
  )

  // Shows a hidden review again, or keeps a reported one: either way its open reports are dealt with.
  .post(
    "/reviews/:id/restore",
    moderation("Show a hidden review again, or keep a reported one", "No body. Closes the review's open reports."),
    requireUser,
    reviewParams,
    noBody(),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, placeId } = await moderatedReview(c, id);
      await setReviewHidden(db, id, null);
      await purgePaths(c, reviewsPath(placeId), ...(await profilePagePaths(db, placeId)));
      return c.json(await moderatedAnswer(db, id));
    },
  )

  .get(
    "/admin/reviews",
    describe({ tag, summary: "Reported (or hidden) reviews, for moderation", access: "admin", answers: { 200: moderatedReviewsAnswerSchema } }),
    requireAdmin,
    query(moderationQuerySchema),
    async (c) => {
      const { status } = c.req.valid("query");
      const answer: ModeratedReviewsAnswer = { reviews: await listModeratedReviews(getDb(c.env), { status }) };
      return c.json(answer);
    },
  );
