import { desc, eq } from "drizzle-orm";
import { businessSubmissions, type BusinessSubmission } from "../../drizzle/schema";
import type { SubmissionAnswer } from "../../common/schemas/answers";
import type { SubmissionStatus } from "../../common/schemas/submission";
import type { Database } from "./client";

export function toSubmissionAnswer(row: BusinessSubmission): SubmissionAnswer {
  return {
    id: row.id,
    businessName: row.businessName,
    address: row.address,
    phoneNumber: row.phoneNumber,
    submitterEmail: row.submitterEmail,
    website: row.website,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** Stores a visitor's submission with status `new` for the admin inbox; returns its id. */
export async function insertSubmission(db: Database, input: typeof businessSubmissions.$inferInsert): Promise<number> {
  const [row] = await db.insert(businessSubmissions).values(input).returning({ id: businessSubmissions.id });
  return row.id;
}

/** Newest first; the id breaks ties between rows stored in the same millisecond. */
export async function listSubmissions(
  db: Database,
  { status, limit }: { status?: SubmissionStatus; limit: number },
): Promise<SubmissionAnswer[]> {
  const rows = await db
    .select()
    .from(businessSubmissions)
    .where(status ? eq(businessSubmissions.status, status) : undefined)
    .orderBy(desc(businessSubmissions.createdAt), desc(businessSubmissions.id))
    .limit(limit);
  return rows.map(toSubmissionAnswer);
}

/**
 * Sets a submission's status; null when there is no such submission. Marking a handled submission
 * handled again keeps the time it was first handled; reopening clears it.
 */
export async function setSubmissionStatus(
  db: Database,
  id: number,
  status: SubmissionStatus,
  now = new Date(),
): Promise<SubmissionAnswer | null> {
  const [current] = await db.select().from(businessSubmissions).where(eq(businessSubmissions.id, id)).limit(1);
  if (!current) return null;
  if (current.status === status) return toSubmissionAnswer(current);
  const [updated] = await db
    .update(businessSubmissions)
    .set({ status, handledAt: status === "handled" ? now : null })
    .where(eq(businessSubmissions.id, id))
    .returning();
  return updated ? toSubmissionAnswer(updated) : null;
}
