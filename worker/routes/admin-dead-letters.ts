// Dead letters (docs/faults.md#dead-letters): queue messages no attempt could process, kept for
// the admin to see and send back to their queue. Administrator only.
import { Hono } from "hono";
import { requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { deadLetterById, forgetDeadLetter, listDeadLetters } from "../db/dead-letters";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, params } from "../lib/openapi";
import { queueNamed } from "../queues/dead-letters";
import { deadLetterListAnswerSchema, deadLetterRetriedAnswerSchema, type DeadLetterListAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";

const tag = "Dead letters";
const deadLetterIdSchema = idParamSchema("Dead letter id must be a positive whole number.");

export const adminDeadLetterRoutes = new Hono<AppEnv>()
  .get(
    "/admin/dead-letters",
    describe({ tag, summary: "Queue messages no attempt could process, the newest 100 first", access: "admin", answers: { 200: deadLetterListAnswerSchema } }),
    requireAdmin,
    async (c) => {
      const answer: DeadLetterListAnswer = await listDeadLetters(getDb(c.env));
      return c.json(answer);
    },
  )
  .post(
    "/admin/dead-letters/:id/retry",
    describe({
      tag,
      summary: "Send a dead letter back to the queue it died in",
      description: "The message is queued again as it was, then removed from the dead letters; failing again, it comes back as a new one.",
      access: "admin",
      answers: { 200: deadLetterRetriedAnswerSchema },
      errors: [404],
    }),
    requireAdmin,
    params({ id: deadLetterIdSchema }),
    async (c) => {
      const db = getDb(c.env);
      const letter = await deadLetterById(db, c.req.valid("param").id);
      const queue = letter ? queueNamed(c.env, letter.queue) : null;
      if (!letter || !queue) throw notFound("No such dead letter.");
      // Sent first, removed after: a failure in between leaves it here to send again, never lost.
      await queue.send(JSON.parse(letter.body), { contentType: "json" });
      await forgetDeadLetter(db, letter.id);
      return c.json({ queue: letter.queue });
    },
  );
