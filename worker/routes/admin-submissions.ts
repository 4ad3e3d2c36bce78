// The business submissions inbox (beyond the spec): the team reads what visitors submitted
// through /submit-business and marks each one handled. Administrator only.
import { Hono } from "hono";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { listSubmissions, setSubmissionStatus } from "../db/submissions";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, jsonBody, params, query } from "../lib/openapi";
import { submissionAnswerSchema, submissionListAnswerSchema, type SubmissionListAnswer } from "../../common/schemas/answers";
import { submissionIdSchema, submissionListQuerySchema, submissionUpdateSchema } from "../../common/schemas/submission";

const tag = "Submissions";

export const adminSubmissionRoutes = new Hono<AppEnv>()
  .get(
    "/admin/submissions",
    describe({ tag, summary: "The submissions inbox, newest first", access: "admin", answers: { 200: submissionListAnswerSchema } }),
    requireAdmin,
    query(submissionListQuerySchema),
    async (c) => {
      const answer: SubmissionListAnswer = { submissions: await listSubmissions(getDb(c.env), c.req.valid("query")) };
      return c.json(answer);
    },
  )
  .patch(
    "/admin/submissions/:id",
    describe({ tag, summary: "Mark a submission handled, or reopen it", access: "admin", answers: { 200: submissionAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: submissionIdSchema }),
    jsonBody(submissionUpdateSchema),
    async (c) => {
      const updated = await setSubmissionStatus(getDb(c.env), c.req.valid("param").id, c.req.valid("json").status);
      if (!updated) throw notFound("No such submission.");
      return c.json(updated);
    },
  );
