// Reported messages (docs/friends.md#reports): what a member reported, with the 20 messages around
// it as they were, for the admin to read and resolve.
import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { messageReports, users } from "../../drizzle/schema";
import type { Database } from "./client";

export interface ReportContextEntry {
  id: number;
  sender_id: number | null;
  text: string;
  created_at: string;
}

/** Stores a report (once per reporter and message: again answers the first); its id. */
export async function addMessageReport(
  db: Database,
  report: { conversationId: number; messageId: number; reporterId: number; reason: string | null; context: ReportContextEntry[] },
): Promise<number> {
  await db
    .insert(messageReports)
    .values({ ...report, context: JSON.stringify(report.context) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: messageReports.id })
    .from(messageReports)
    .where(
      and(
        eq(messageReports.conversationId, report.conversationId),
        eq(messageReports.messageId, report.messageId),
        eq(messageReports.reporterId, report.reporterId),
      ),
    );
  return row.id;
}

/** Open reports first (newest first), then resolved ones; at most 100. */
export async function messageReportList(db: Database, open: boolean) {
  const rows = await db
    .select({
      id: messageReports.id,
      conversationId: messageReports.conversationId,
      messageId: messageReports.messageId,
      reason: messageReports.reason,
      context: messageReports.context,
      createdAt: messageReports.createdAt,
      resolvedAt: messageReports.resolvedAt,
      resolution: messageReports.resolution,
      reporterId: users.id,
      reporterHandle: users.handle,
      reporterName: users.name,
    })
    .from(messageReports)
    .leftJoin(users, eq(users.id, messageReports.reporterId))
    .where(open ? isNull(messageReports.resolvedAt) : isNotNull(messageReports.resolvedAt))
    .orderBy(desc(messageReports.id))
    .limit(100);
  return rows.map((row) => ({ ...row, context: JSON.parse(row.context) as ReportContextEntry[] }));
}

export type ReportResolution = "resolved" | "dismissed";

/** Closes an open report as resolved (acted on) or dismissed (nothing wrong); false when there is no such open report. */
export async function resolveMessageReport(db: Database, id: number, resolution: ReportResolution, now: number): Promise<boolean> {
  const updated = await db
    .update(messageReports)
    .set({ resolvedAt: new Date(now), resolution })
    .where(and(eq(messageReports.id, id), isNull(messageReports.resolvedAt)))
    .returning({ id: messageReports.id });
  return updated.length === 1;
}

/** Retention: resolved reports older than `keptMs` go (their text with them). */
export async function deleteResolvedReports(db: Database, now: number, keptMs: number): Promise<void> {
  await db.delete(messageReports).where(lt(messageReports.resolvedAt, new Date(now - keptMs)));
}

/** True for a report whose context holds a message the account sent (`reported`: the reported message itself). */
const contextHasSender = (senderId: number, reported: boolean) =>
  sql`exists (select 1 from json_each(${messageReports.context}) where json_extract(value, '$.sender_id') = ${senderId}${
    reported ? sql` and json_extract(value, '$.id') = ${messageReports.messageId}` : sql``
  })`;

/**
 * Deleting an account (docs/friends.md#deleting-an-account), as batch queries acting when `when`
 * holds: reports of its own messages go (the text is gone and so is the account to act on), and its
 * texts leave the context of every other report, which keeps what the others wrote.
 */
export function forgetSenderInReports(db: Database, senderId: number, when: SQL) {
  return [
    db.delete(messageReports).where(and(contextHasSender(senderId, true), when)),
    db
      .update(messageReports)
      .set({
        context: sql`(select json_group_array(json(value)) from json_each(${messageReports.context}) where json_extract(value, '$.sender_id') is not ${senderId})`,
      })
      .where(and(contextHasSender(senderId, false), when)),
  ] as const;
}
