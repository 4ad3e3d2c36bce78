import { and, avg, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { places, reviewReports, reviews, type Review } from "../../drizzle/schema";
import type { ModeratedReviewAnswer, ReviewAnswer, ReviewSummary } from "../../common/schemas/answers";
import type { ModerationStatus } from "../../common/schemas/review-moderation";
import type { Database } from "./client";

/** A profile shows the newest reviews; count and average cover every review that is not hidden. */
export const REVIEWS_SHOWN = 50;

/** The place's time zone, or null when there is no such place. */
export async function placeTimezone(db: Database, placeId: number): Promise<string | null> {
  const [place] = await db.select({ timezone: places.timezone }).from(places).where(eq(places.id, placeId)).limit(1);
  return place?.timezone ?? null;
}

/** YYYY-MM-DD of an instant in the venue's own time zone: a review left at 1 am belongs to that local date. */
function localDate(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** A review as guests see it: dated by the venue's local date. */
export function toReviewAnswer(row: Review, timezone: string): ReviewAnswer {
  return { id: row.id, username: row.username, rating: row.rating, comment: row.comment, date: localDate(row.createdAt, timezone) };
}

export async function reviewSummary(db: Database, placeId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({ count: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(and(eq(reviews.placeId, placeId), isNull(reviews.hiddenAt)));
  const average = row.average === null ? null : Math.round(Number(row.average) * 10) / 10;
  return { count: row.count, average_rating: average };
}

export async function listReviews(db: Database, placeId: number, timezone: string): Promise<ReviewAnswer[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.placeId, placeId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return rows.map((row) => toReviewAnswer(row, timezone));
}

export async function insertReview(
  db: Database,
  placeId: number,
  timezone: string,
  input: { username: string; rating: number; comment: string },
): Promise<ReviewAnswer> {
  const [row] = await db.insert(reviews).values({ placeId, ...input }).returning();
  return toReviewAnswer(row, timezone);
}

/** The admin's queue is short work, not an archive. */
export const MODERATED_REVIEWS_SHOWN = 200;
const REASONS_SHOWN = 5;

/** A review's place and whether it is hidden, or undefined when there is no such review. */
export async function findReview(db: Database, id: number) {
  const [row] = await db
    .select({ id: reviews.id, placeId: reviews.placeId, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}

export async function insertReviewReport(db: Database, reviewId: number, reason: string) {
  await db.insert(reviewReports).values({ reviewId, reason });
}

const openReports = (reviewId: number) => and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt));

/**
 * Hides a review (`hidden` set) or shows it again (`hidden` null). Either way its open reports are
 * dealt with, so a review the admin chose to keep leaves the queue until someone reports it again.
 */
export async function setReviewHidden(
  db: Database,
  id: number,
  hidden: { reason: string; by: "admin" | "owner" } | null,
  now = new Date(),
) {
  await db.batch([
    db
      .update(reviews)
      .set(hidden ? { hiddenAt: now, hiddenReason: hidden.reason, hiddenBy: hidden.by } : { hiddenAt: null, hiddenReason: "", hiddenBy: null })
      .where(eq(reviews.id, id)),
    db.update(reviewReports).set({ resolvedAt: now }).where(openReports(id)),
  ]);
}

const openReportCount = sql<number>`(SELECT count(*) FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id} AND ${reviewReports.resolvedAt} IS NULL)`;
// One JSON array per row rather than a second query: D1 caps bound parameters, so no IN (…) of ids.
const openReasons = sql<string>`(SELECT json_group_array(reason) FROM (SELECT ${reviewReports.reason} AS reason FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id} AND ${reviewReports.resolvedAt} IS NULL AND ${reviewReports.reason} != '' ORDER BY ${reviewReports.id} DESC LIMIT ${sql.raw(String(REASONS_SHOWN))}))`;
const lastOpenReport = sql<number>`(SELECT max(${reviewReports.id}) FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id} AND ${reviewReports.resolvedAt} IS NULL)`;

/**
 * The admin's view: `reported` is every visible review with open reports, most recently reported
 * first; `hidden` every hidden review, most recently hidden first. `id` narrows it to one review.
 */
export async function listModeratedReviews(
  db: Database,
  filter: { status: ModerationStatus } | { id: number },
): Promise<ModeratedReviewAnswer[]> {
  const where =
    "id" in filter
      ? eq(reviews.id, filter.id)
      : filter.status === "hidden"
        ? isNotNull(reviews.hiddenAt)
        : and(isNull(reviews.hiddenAt), sql`${openReportCount} > 0`);
  const order = "status" in filter && filter.status === "hidden" ? desc(reviews.hiddenAt) : desc(lastOpenReport);
  const rows = await db
    .select({ review: reviews, placeName: places.name, openReports: openReportCount, reasons: openReasons })
    .from(reviews)
    .innerJoin(places, eq(places.id, reviews.placeId))
    .where(where)
    .orderBy(order, desc(reviews.id))
    .limit(MODERATED_REVIEWS_SHOWN);
  return rows.map(toModeratedReviewAnswer);
}

/** A review as the moderation queue shows it; `reasons` is the JSON array the query builds. */
export function toModeratedReviewAnswer({
  review,
  placeName,
  openReports,
  reasons,
}: {
  review: Review;
  placeName: string;
  openReports: number;
  reasons: string;
}): ModeratedReviewAnswer {
  return {
    id: review.id,
    place_id: review.placeId,
    place_name: placeName,
    username: review.username,
    rating: review.rating,
    comment: review.comment,
    created_at: review.createdAt.toISOString(),
    open_reports: openReports,
    report_reasons: JSON.parse(reasons) as string[],
    hidden_at: review.hiddenAt ? review.hiddenAt.toISOString() : null,
    hidden_reason: review.hiddenReason,
    hidden_by: review.hiddenBy,
  };
}
