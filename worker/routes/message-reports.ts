// Reported messages (docs/friends.md#reports): the administrator reads what members reported, with
// the 20 messages around each as they were and who wrote them, and closes each as resolved (acted
// on) or dismissed (nothing wrong). Administrator only.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { messageReportList, resolveMessageReport, type ReportResolution } from "../db/message-reports";
import { peopleByIds } from "../db/plans";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, noBody, params, query } from "../lib/openapi";
import { idParamSchema } from "../../common/schemas/fields";
import { messageReportsSchema, type MessageReports } from "../../common/schemas/conversations";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";

const tag = "Messages";
const stateQuery = v.object({ state: v.optional(v.picklist(["open", "resolved"], "must be open or resolved."), "open") });

/** The handlers closing an open report one way (404 when there is no such open report). */
function closing(resolution: ReportResolution, summary: string) {
  return [
    describe({ tag, summary, access: "admin", answers: { 200: okAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: idParamSchema("Report id must be a positive whole number.") }),
    noBody(),
    async (c: Context<AppEnv>) => {
      const id = Number(c.req.param("id"));
      if (!(await resolveMessageReport(getDb(c.env), id, resolution, Date.now()))) throw notFound("No such open report.");
      return c.json({ ok: true } satisfies OkAnswer);
    },
  ] as const;
}

export const messageReportRoutes = new Hono<AppEnv>()
  .get(
    "/admin/message-reports",
    describe({
      tag,
      summary: "Reported messages with the messages around each, newest first (open by default; at most 100)",
      access: "admin",
      answers: { 200: messageReportsSchema },
    }),
    requireAdmin,
    query(stateQuery),
    async (c) => {
      const db = getDb(c.env);
      const rows = await messageReportList(db, c.req.valid("query").state === "open");
      const senders = await peopleByIds(db, rows.flatMap((row) => row.context.flatMap((entry) => (entry.sender_id === null ? [] : [entry.sender_id]))));
      const answer: MessageReports = {
        reports: rows.map((row) => ({
          id: row.id,
          conversation_id: row.conversationId,
          message_id: row.messageId,
          reporter: row.reporterId === null ? null : { id: row.reporterId, handle: row.reporterHandle!, name: row.reporterName! },
          reason: row.reason,
          context: row.context,
          senders: senders.filter((person) => row.context.some((entry) => entry.sender_id === person.id)).sort((a, b) => a.id - b.id),
          created_at: row.createdAt.toISOString(),
          resolved_at: row.resolvedAt?.toISOString() ?? null,
          resolution: row.resolution,
        })),
      };
      return c.json(answer);
    },
  )
  .post("/admin/message-reports/:id/resolve", ...closing("resolved", "Close a report as resolved: acted on (its text is deleted 90 days later)"))
  .post("/admin/message-reports/:id/dismiss", ...closing("dismissed", "Close a report as dismissed: nothing wrong (its text is deleted 90 days later)"));
