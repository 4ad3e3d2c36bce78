import { Hono } from "hono";
import { businessSubmissions } from "../../drizzle/schema";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { readJson } from "../lib/validation";
import { businessSubmissionSchema } from "../schemas/submission";

export const submissionRoutes = new Hono<AppEnv>().post("/submit-business", async (c) => {
  const input = await readJson(c, businessSubmissionSchema);
  const [row] = await getDb(c.env)
    .insert(businessSubmissions)
    .values(input)
    .returning({ id: businessSubmissions.id });
  return c.json({ ok: true, id: row.id, message: "Thanks! We received your submission." }, 201);
});
