import { Hono } from "hono";
import { getDb } from "../db/client";
import { insertSubmission } from "../db/submissions";
import type { AppEnv } from "../env";
import { rateLimit } from "../lib/rate-limit";
import { readJson } from "../lib/validation";
import { businessSubmissionSchema } from "../../common/schemas/submission";

// A person recommends a handful of venues at most; more than that from one client is a script.
const submissionLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "submit-business" });

export const submissionRoutes = new Hono<AppEnv>().post("/submit-business", submissionLimit, async (c) => {
  const input = await readJson(c, businessSubmissionSchema);
  const id = await insertSubmission(getDb(c.env), input);
  return c.json({ ok: true, id, message: "Thanks! We received your submission." }, 201);
});
