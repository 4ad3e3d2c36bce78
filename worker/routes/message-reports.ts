// Reported messages (docs/friends.md#reports): the administrator reads what members reported, with
// the 20 messages around each as they were, and resolves them. Administrator only.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { messageReportList, resolveMessageReport } from "../db/message-reports";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, noBody, params, query } from "../lib/openapi";
import { idParamSchema } from "../../common/schemas/fields";
import { messageReportsSchema, type MessageReports } from "../../common/schemas/conversations";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";

const tag = "Messages";
const stateQuery = v.object({ state: v.optional(v.picklist(["open", "resolved"], "must be open or resolved."), "open") });

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
      const rows = await messageReportList(getDb(c.env), c.req.valid("query").state === "open");
      const answer: MessageReports = {
        reports: rows.map((row) => ({
          id: row.id,
          conversation_id: row.conversationId,
          message_id: row.messageId,
          reporter: row.reporterId === null ? null : { id: row.reporterId, handle: row.reporterHandle!, name: row.reporterName! },
          reason: row.reason,
          context: row.context,
          created_at: row.createdAt.toISOString(),
          resolved_at: row.resolvedAt?.toISOString() ?? null,
        })),
      };
      return c.json(answer);
    },
  )
  .post(
    "/admin/message-reports/:id/resolve",
    describe({ tag, summary: "Mark a report resolved (its text is deleted 90 days later)", access: "admin", answers: { 200: okAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: idParamSchema("Report id must be a positive whole number.") }),
    noBody(),
    async (c) => {
      if (!(await resolveMessageReport(getDb(c.env), c.req.valid("param").id, Date.now()))) throw notFound("No such open report.");
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
