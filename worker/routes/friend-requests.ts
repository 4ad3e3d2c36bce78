// Friend requests (docs/friends.md#friends): ask by handle, list, accept, decline, withdraw. An
// account that blocked the asker answers exactly as a handle nobody has, and requests are limited
// per day, every attempt counted, so handles cannot be tried in bulk.
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { tellConversationsBetween } from "../chat/authority";
import { getDb } from "../db/client";
import { accountByHandle, acceptRequest, endRequest, requestsOf, sendRequest, takeRequestAttempt } from "../db/friends";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { RateLimitedError } from "../lib/rate-limit";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import {
  FRIEND_CAP_MESSAGES,
  FRIEND_REQUESTS_PER_DAY,
  MAX_FRIENDS,
  NO_SUCH_HANDLE_MESSAGE,
  NO_SUCH_REQUEST_MESSAGE,
  friendRequestBodySchema,
  friendRequestCreatedSchema,
  friendRequestsAnswerSchema,
  type FriendRequestCreated,
  type FriendRequestsAnswer,
} from "../../common/schemas/friends";

const tag = "Friends";
const requestParam = params({ id: idParamSchema("Request id must be a positive whole number.") });

const person = (row: { id: number; handle: string; name: string }) => ({ id: row.id, handle: row.handle, name: row.name });

export const friendRequestRoutes = new Hono<AppEnv>()
  .post(
    "/me/friend-requests",
    describe({
      tag,
      summary: "Ask someone to be friends, by handle",
      description: `201 with the new request's id; 200 with the same id when asked before, or with theirs (now accepted: you are friends) when they had asked you. A handle nobody has, and an account that blocked you, are the same 404. ${FRIEND_REQUESTS_PER_DAY} attempts a day (429 beyond, with Retry-After). 409 for yourself, a friend, an account you blocked, or at ${MAX_FRIENDS} friends.`,
      access: "signed-in",
      answers: { 200: friendRequestCreatedSchema, 201: friendRequestCreatedSchema },
      errors: [403, 404, 409, 429],
    }),
    requireUser,
    jsonBody(friendRequestBodySchema, 1024),
    async (c) => {
      const accountId = accountIdOf(c);
      const db = getDb(c.env);
      const now = Date.now();
      const retryAfter = await takeRequestAttempt(db, accountId, now);
      if (retryAfter !== null) throw new RateLimitedError(retryAfter);
      const target = await accountByHandle(db, c.req.valid("json").handle);
      if (!target) throw notFound(NO_SUCH_HANDLE_MESSAGE);
      const outcome = await sendRequest(db, accountId, target.id, now);
      switch (outcome.kind) {
        case "created":
          return c.json({ id: outcome.id } satisfies FriendRequestCreated, 201);
        case "existing":
          return c.json({ id: outcome.id } satisfies FriendRequestCreated, 200);
        case "accepted":
          // They had asked: friends now, as by accepting.
          await tellConversationsBetween(c.env, db, accountId, target.id);
          return c.json({ id: outcome.id } satisfies FriendRequestCreated, 200);
        case "unknown":
          throw notFound(NO_SUCH_HANDLE_MESSAGE);
        case "self":
          throw conflict("That is your own handle.");
        case "you-blocked":
          throw conflict("You blocked this account. Unblock it in your blocked list first.");
        case "friends":
          throw conflict("You are friends already.");
        default:
          throw conflict(FRIEND_CAP_MESSAGES[outcome.kind]);
      }
    },
  )
  .get(
    "/me/friend-requests",
    describe({
      tag,
      summary: "Friend requests waiting: those you received and those you sent",
      access: "signed-in",
      answers: { 200: friendRequestsAnswerSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const { incoming, outgoing } = await requestsOf(getDb(c.env), accountIdOf(c));
      return c.json({
        incoming: incoming.map((row) => ({ id: row.requestId, from: person(row), created_at: row.createdAt.toISOString() })),
        outgoing: outgoing.map((row) => ({ id: row.requestId, to: person(row), created_at: row.createdAt.toISOString() })),
      } satisfies FriendRequestsAnswer);
    },
  )
  .post(
    "/me/friend-requests/:id/accept",
    describe({
      tag,
      summary: "Accept a friend request you received: you are friends",
      description: `404 unless the request is waiting for you. 409 when either of you has ${MAX_FRIENDS} friends.`,
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    requestParam,
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const accountId = accountIdOf(c);
      const outcome = await acceptRequest(db, c.req.valid("param").id, accountId, Date.now());
      if (outcome.kind === "unknown") throw notFound(NO_SUCH_REQUEST_MESSAGE);
      if (outcome.kind !== "accepted") throw conflict(FRIEND_CAP_MESSAGES[outcome.kind]);
      // Friends again: a pair's conversation closed before opens for writing (docs/chat.md#the-authority).
      await tellConversationsBetween(c.env, db, accountId, outcome.friendId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )
  .post(
    "/me/friend-requests/:id/decline",
    describe({
      tag,
      summary: "Decline a friend request you received",
      description: "The request is deleted: it leaves the asker's sent list, and they are not told why. 404 unless it is waiting for you.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404],
    }),
    requireUser,
    requestParam,
    noBody(),
    async (c) => {
      if (!(await endRequest(getDb(c.env), c.req.valid("param").id, accountIdOf(c), "received"))) throw notFound(NO_SUCH_REQUEST_MESSAGE);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )
  .delete(
    "/me/friend-requests/:id",
    describe({
      tag,
      summary: "Withdraw a friend request you sent",
      description: "404 unless you sent it and it is still waiting.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404],
    }),
    requireUser,
    requestParam,
    noBody(),
    async (c) => {
      if (!(await endRequest(getDb(c.env), c.req.valid("param").id, accountIdOf(c), "sent"))) throw notFound(NO_SUCH_REQUEST_MESSAGE);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
