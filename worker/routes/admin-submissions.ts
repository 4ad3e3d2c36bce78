// The business submissions inbox (beyond the spec): the team reads what visitors submitted
// through /submit-business and marks each one handled. Administrator only.
import { Hono } from "hono";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { listSubmissions, setSubmissionStatus } from "../db/submissions";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { parseOrThrow, readJson } from "../lib/validation";
import type { SubmissionListAnswer } from "../../common/schemas/answers";
import { submissionIdSchema, submissionListQuerySchema, submissionUpdateSchema } from "../../common/schemas/submission";

export const adminSubmissionRoutes = new Hono<AppEnv>()
  .get("/admin/submissions", requireAdmin, async (c) => {
    const query = parseOrThrow(submissionListQuerySchema, c.req.query());
    const answer: SubmissionListAnswer = { submissions: await listSubmissions(getDb(c.env), query) };
    return c.json(answer);
  })
  .patch("/admin/submissions/:id", requireAdmin, async (c) => {
    const id = parseOrThrow(submissionIdSchema, c.req.param("id"));
    const { status } = await readJson(c, submissionUpdateSchema);
    const updated = await setSubmissionStatus(getDb(c.env), id, status);
    if (!updated) throw notFound("No such submission.");
    return c.json(updated);
  });
