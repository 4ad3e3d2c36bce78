// Blocks (docs/friends.md#blocks): block, unblock and the list of those you blocked. A block ends
// the friendship and every request between the two at once; the blocked account is not told.
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { tellConversationsBetween } from "../chat/authority";
import { getDb } from "../db/client";
import { block, blocksOf, personSince, unblock } from "../db/friends";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { NO_SUCH_ACCOUNT_MESSAGE, blockBodySchema, blocksAnswerSchema, type BlocksAnswer } from "../../common/schemas/friends";

const tag = "Friends";

export const blockRoutes = new Hono<AppEnv>()
  .post(
    "/me/blocks",
    describe({
      tag,
      summary: "Block an account",
      description:
        "They can no longer find you by handle, ask you, use your invite links, see your check-ins or message you, and every such attempt answers as for an account that does not exist. Your friendship and requests between you end. Idempotent; 404 for an unknown account, 409 for yourself.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    jsonBody(blockBodySchema, 1024),
    async (c) => {
      const accountId = accountIdOf(c);
      const otherId = c.req.valid("json").account_id;
      if (otherId === accountId) throw conflict("You cannot block yourself.");
      const db = getDb(c.env);
      if (!(await block(db, accountId, otherId, Date.now()))) throw notFound(NO_SUCH_ACCOUNT_MESSAGE);
      // Their pair closes and each is hidden from the other in the plans they share, sockets included (docs/chat.md#the-authority).
      await tellConversationsBetween(c.env, db, accountId, otherId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )
  .get(
    "/me/blocks",
    describe({ tag, summary: "The accounts you blocked, the latest first", access: "signed-in", answers: { 200: blocksAnswerSchema }, errors: [403] }),
    requireUser,
    async (c) => {
      const rows = await blocksOf(getDb(c.env), accountIdOf(c));
      return c.json({
        blocks: rows.map(personSince),
      } satisfies BlocksAnswer);
    },
  )
  .delete(
    "/me/blocks/:accountId",
    describe({
      tag,
      summary: "Unblock an account",
      description: "Idempotent. You are not friends again until one of you asks.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403],
    }),
    requireUser,
    params({ accountId: idParamSchema("Account id must be a positive whole number.") }),
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const accountId = accountIdOf(c);
      const otherId = c.req.valid("param").accountId;
      await unblock(db, accountId, otherId);
      await tellConversationsBetween(c.env, db, accountId, otherId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
