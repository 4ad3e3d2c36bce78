// An account's friends (docs/friends.md#friends): the list and removing one. Removing is quiet
// and idempotent, so it answers the same whoever the id names.
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { tellConversationsBetween } from "../chat/authority";
import { getDb } from "../db/client";
import { friendsOf, personSince, unfriend } from "../db/friends";
import type { AppEnv } from "../env";
import { describe, noBody, params } from "../lib/openapi";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { friendsAnswerSchema, type FriendsAnswer } from "../../common/schemas/friends";

const tag = "Friends";

export const friendRoutes = new Hono<AppEnv>()
  .get(
    "/me/friends",
    describe({ tag, summary: "Your friends, by name", access: "signed-in", answers: { 200: friendsAnswerSchema }, errors: [403] }),
    requireUser,
    async (c) => {
      const rows = await friendsOf(getDb(c.env), accountIdOf(c));
      return c.json({
        friends: rows.map(personSince),
      } satisfies FriendsAnswer);
    },
  )
  .delete(
    "/me/friends/:accountId",
    describe({
      tag,
      summary: "Remove a friend (both ways); they are not told",
      description: "Idempotent: `{ok: true}` whether or not you were friends. They leave your check-in's chosen friends and you theirs.",
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
      await unfriend(db, accountId, otherId);
      // Their pair's conversation closes for writing, sockets included (docs/chat.md#the-authority).
      await tellConversationsBetween(c.env, db, accountId, otherId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
