// Co-owner invites: an owner (or the admin) generates a signed, single-use link that expires in
// 7 days; whoever opens it while signed in becomes an owner of that place. Owners and the admin
// list a place's open links and revoke them.
import { Hono } from "hono";
import { INVITE_TTL_MS, signInviteToken, verifyInviteToken } from "../auth/invite-tokens";
import { requirePlaceOwner, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { publicOrigin } from "../lib/origin";
import {
  createInvite,
  findInvite,
  listOpenInvites,
  OPEN_INVITES_PER_PLACE,
  redeemInvite,
  revokeInvite,
  toAcceptInviteAnswer,
} from "../db/invites";
import { isPlaceOwner } from "../db/places";
import type { AppEnv } from "../env";
import { randomToken } from "../lib/crypto";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import {
  acceptInviteAnswerSchema,
  inviteLinkAnswerSchema,
  okAnswerSchema,
  openInvitesAnswerSchema,
  type InviteLinkAnswer,
  type OkAnswer,
  type OpenInvitesAnswer,
} from "../../common/schemas/answers";
import { acceptInviteSchema, inviteIdParamSchema } from "../../common/schemas/auth";

export const INVITE_INVALID_MESSAGE = "This invite link is not valid. Ask the owner for a new one.";
export const INVITE_EXPIRED_MESSAGE = "This invite link has expired. Ask the owner for a new one.";
export const INVITE_USED_MESSAGE = "This invite link has already been used. Ask the owner for a new one.";
export const INVITE_REVOKED_MESSAGE = "This invite link has been withdrawn. Ask the owner for a new one.";
// A cap, not a rate: it lifts when a link is revoked, used or expires, so 409 rather than 429.
export const TOO_MANY_INVITES_MESSAGE = `This place already has ${OPEN_INVITES_PER_PLACE} open invite links. Revoke one under Place info before making another.`;
export const INVITE_ALREADY_USED_MESSAGE = "This invite link has already been used; remove that owner instead.";

const gone = (message: string) => new ApiError(410, message);

const tag = "Owners and invites";

export const inviteRoutes = new Hono<AppEnv>()
  .post(
    "/place/:id/generate-url",
    describe({
      tag,
      summary: "A single-use co-owner invite link, valid 7 days",
      description: "No body. At most 20 open links per place (409).",
      access: "place-owner",
      answers: { 201: inviteLinkAnswerSchema },
      errors: [409],
    }),
    requirePlaceOwner("id"),
    noBody(),
    async (c) => {
      const placeId = c.var.placeId;
      const now = new Date();
      const invite = {
        id: randomToken(16),
        placeId,
        createdBy: c.get("principal").userId,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      };
      if (!(await createInvite(getDb(c.env), invite, now))) throw conflict(TOO_MANY_INVITES_MESSAGE);
      const token = await signInviteToken(c.env.JWT_SECRET, { inviteId: invite.id, placeId }, invite.expiresAt);
      const answer: InviteLinkAnswer = {
        invite_link: `${publicOrigin(c.env, c.req.url)}/invite/${token}`,
        expires_at: invite.expiresAt.toISOString(),
      };
      return c.json(answer, 201);
    },
  )

  .get(
    "/place/:id/invites",
    describe({ tag, summary: "A place's open invite links (never their tokens)", access: "place-owner", answers: { 200: openInvitesAnswerSchema } }),
    requirePlaceOwner("id"),
    async (c) => {
      const answer: OpenInvitesAnswer = { invites: await listOpenInvites(getDb(c.env), c.var.placeId, new Date()) };
      return c.json(answer);
    },
  )

  .delete(
    "/place/:id/invites/:inviteId",
    describe({ tag, summary: "Withdraw an open invite link", access: "place-owner", answers: { 200: okAnswerSchema }, errors: [409] }),
    requirePlaceOwner("id"),
    params({ inviteId: inviteIdParamSchema }),
    async (c) => {
      const placeId = c.var.placeId;
      const { inviteId } = c.req.valid("param");
      const db = getDb(c.env);
      if (!(await revokeInvite(db, placeId, inviteId, new Date()))) {
        const invite = await findInvite(db, inviteId);
        if (!invite || invite.placeId !== placeId) throw notFound("No such invite link for this place.");
        if (invite.usedAt) throw conflict(INVITE_ALREADY_USED_MESSAGE);
        // Already revoked: the link is dead either way.
      }
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )

  .post(
    "/invites/accept",
    describe({
      tag,
      summary: "Become an owner of the invite's place",
      access: "signed-in",
      answers: { 200: acceptInviteAnswerSchema },
      errors: [403, 410],
    }),
    requireUser,
    jsonBody(acceptInviteSchema),
    async (c) => {
      const { userId } = c.get("principal");
      if (userId === null) throw forbidden("Sign in with an owner account to accept an invite.");
      const { token } = c.req.valid("json");
      const check = await verifyInviteToken(c.env.JWT_SECRET, token);
      if (check.status === "expired") throw gone(INVITE_EXPIRED_MESSAGE);
      if (check.status === "invalid") throw badRequest(INVITE_INVALID_MESSAGE);

      const db = getDb(c.env);
      const invite = await findInvite(db, check.claims.inviteId);
      // A deleted place or invite, or a row that disagrees with the signed place id.
      if (!invite || invite.placeId !== check.claims.placeId) throw badRequest(INVITE_INVALID_MESSAGE);
      const answer = toAcceptInviteAnswer(invite);
      // Opening the link again (a reload, a second tab) after accepting it is not an error.
      if (invite.usedBy === userId) return c.json(answer);
      if (invite.usedAt) throw gone(INVITE_USED_MESSAGE);
      if (invite.revokedAt) throw gone(INVITE_REVOKED_MESSAGE);
      const now = new Date();
      if (invite.expiresAt <= now) throw gone(INVITE_EXPIRED_MESSAGE);
      // An existing owner opening the link leaves it unused for the person it was meant for.
      if (await isPlaceOwner(db, userId, invite.placeId)) return c.json(answer);
      if (!(await redeemInvite(db, invite.id, userId, now))) {
        // Someone got there first; that is fine when it was this same user (a double click, two tabs).
        const winner = await findInvite(db, invite.id);
        if (winner?.revokedAt) throw gone(INVITE_REVOKED_MESSAGE);
        if (winner?.usedBy !== userId) throw gone(INVITE_USED_MESSAGE);
      }
      return c.json(answer);
    },
  );
