import { Hono } from "hono";
import { getDb } from "../db/client";
import { insertSubmission } from "../db/submissions";
import type { AppEnv } from "../env";
import { rateLimit } from "../lib/rate-limit";
import { describe, jsonBody } from "../lib/openapi";
import { submissionReceivedAnswerSchema } from "../../common/schemas/answers";
import type * as v from "valibot";
import { businessSubmissionSchema } from "../../common/schemas/submission";

// A person recommends a handful of venues at most; more than that from one client is a script.
const submissionLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "submit-business" });

export const submissionRoutes = new Hono<AppEnv>().post(
  "/submit-business",
  describe({
    tag: "Submissions",
    summary: "Recommend a business (the admin's inbox reads it)",
    access: "public",
    answers: { 201: submissionReceivedAnswerSchema },
    errors: [429],
  }),
  submissionLimit,
  jsonBody(businessSubmissionSchema),
  async (c) => {
    const id = await insertSubmission(getDb(c.env), c.req.valid("json"));
    const answer: v.InferOutput<typeof submissionReceivedAnswerSchema> = { ok: true, id, message: "Thanks! We received your submission." };
    return c.json(answer, 201);
  },
);
