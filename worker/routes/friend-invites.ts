// Friend invite links (docs/friends.md#invite-links): a one-time link, 7 days, that makes whoever
// opens it signed in your friend. The token is random and stored only as its SHA-256.
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { tellConversationsBetween } from "../chat/authority";
import { getDb } from "../db/client";
import { acceptInvite, insertInvite } from "../db/friends";
import type { AppEnv } from "../env";
import { randomToken, sha256Hex } from "../lib/crypto";
import { ApiError, conflict } from "../lib/errors";
import { describe, jsonBody, noBody } from "../lib/openapi";
import { publicOrigin } from "../lib/origin";
import {
  FRIEND_CAP_MESSAGES,
  INVITE_DAYS,
  INVITE_GONE_MESSAGE,
  MAX_OPEN_INVITES,
  friendAnswerSchema,
  inviteAcceptBodySchema,
  inviteCreatedSchema,
  type FriendAnswer,
  type InviteCreated,
} from "../../common/schemas/friends";

const tag = "Friends";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The page an invite link opens: /app/friends/invite/{token}. */
const invitePath = (token: string) => `/app/friends/invite/${token}`;

export const friendInviteRoutes = new Hono<AppEnv>()
  .post(
    "/me/friend-invites",
    describe({
      tag,
      summary: "Make a one-time invite link: whoever opens it signed in becomes your friend",
      description: `Valid ${INVITE_DAYS} days, once. An account keeps ${MAX_OPEN_INVITES} open links; a new one beyond withdraws the oldest.`,
      access: "signed-in",
      answers: { 201: inviteCreatedSchema },
      errors: [403],
    }),
    requireUser,
    noBody(),
    async (c) => {
      const accountId = accountIdOf(c);
      const token = randomToken();
      const now = Date.now();
      const expiresAt = new Date(now + INVITE_DAYS * DAY_MS);
      await insertInvite(getDb(c.env), { tokenHash: await sha256Hex(token), userId: accountId, expiresAt }, new Date(now));
      return c.json({ url: `${publicOrigin(c.env, c.req.url)}${invitePath(token)}`, expires_at: expiresAt.toISOString() } satisfies InviteCreated, 201);
    },
  )
  .post(
    "/me/friend-invites/accept",
    describe({
      tag,
      summary: "Accept an invite link: you and its maker are friends",
      description: `The body is the link's token. Answers the new friend. A used, withdrawn, expired or unknown link is a 410, and so is the link of an account that blocked you or that you blocked (it stays unused). Opening a friend's link again succeeds without using it. 409 for your own link or at the friend limit.`,
      access: "signed-in",
      answers: { 200: friendAnswerSchema },
      errors: [403, 409, 410],
    }),
    requireUser,
    jsonBody(inviteAcceptBodySchema, 1024),
    async (c) => {
      const db = getDb(c.env);
      const accountId = accountIdOf(c);
      const outcome = await acceptInvite(db, await sha256Hex(c.req.valid("json").token), accountId, new Date());
      switch (outcome.kind) {
        case "friends":
          // Friends (again): a pair's conversation closed before opens for writing (docs/chat.md#the-authority).
          await tellConversationsBetween(c.env, db, accountId, outcome.friend.id);
          return c.json({ friend: outcome.friend } satisfies FriendAnswer);
        case "gone":
          throw new ApiError(410, INVITE_GONE_MESSAGE);
        case "own":
          throw conflict("This is your own invite link: send it to a friend.");
        default:
          throw conflict(FRIEND_CAP_MESSAGES[outcome.kind]);
      }
    },
  );
