import { avg, count, desc, eq } from "drizzle-orm";
import { places, reviews, type Review } from "../../drizzle/schema";
import type { ReviewAnswer, ReviewSummary } from "../schemas/answers";
import type { Database } from "./client";

/** A profile shows the newest reviews; count and average always cover every review. */
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

function toAnswer(row: Review, timezone: string): ReviewAnswer {
  return { id: row.id, username: row.username, rating: row.rating, comment: row.comment, date: localDate(row.createdAt, timezone) };
}

export async function reviewSummary(db: Database, placeId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({ count: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(eq(reviews.placeId, placeId));
  const average = row.average === null ? null : Math.round(Number(row.average) * 10) / 10;
  return { count: row.count, average_rating: average };
}

export async function listReviews(db: Database, placeId: number, timezone: string): Promise<ReviewAnswer[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.placeId, placeId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return rows.map((row) => toAnswer(row, timezone));
}

export async function insertReview(
  db: Database,
  placeId: number,
  timezone: string,
  input: { username: string; rating: number; comment: string },
): Promise<ReviewAnswer> {
  const [row] = await db.insert(reviews).values({ placeId, ...input }).returning();
  return toAnswer(row, timezone);
}
