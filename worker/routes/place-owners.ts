// A place's owners: its owners and the admin list them and remove one. An owner may remove a
// co-owner or leave, but never leave the place with no owner; the admin may.
import { Hono } from "hono";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { listPlaceOwners, removePlaceOwner } from "../db/place-owners";
import { isPlaceOwner } from "../db/places";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, params } from "../lib/openapi";
import { okAnswerSchema, placeOwnersAnswerSchema, type OkAnswer, type PlaceOwnersAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";

const userIdSchema = idParamSchema("User id must be a positive whole number.");

export const LAST_OWNER_MESSAGE =
  "A place must keep at least one owner. Invite another owner before removing the last one, or ask an administrator.";
export const NOT_AN_OWNER_MESSAGE = "This person is not an owner of this place.";

const tag = "Owners and invites";

export const placeOwnerRoutes = new Hono<AppEnv>()
  .get(
    "/place/:id/owners",
    describe({ tag, summary: "A place's owners, longest-standing first", access: "place-owner", answers: { 200: placeOwnersAnswerSchema } }),
    requirePlaceOwner("id"),
    async (c) => {
      const answer: PlaceOwnersAnswer = { owners: await listPlaceOwners(getDb(c.env), c.var.placeId) };
      return c.json(answer);
    },
  )

  .delete(
    "/place/:id/owners/:userId",
    describe({
      tag,
      summary: "Remove an owner (or leave); never the last one, except by the admin",
      access: "place-owner",
      answers: { 200: okAnswerSchema },
      errors: [409],
    }),
    requirePlaceOwner("id"),
    params({ userId: userIdSchema }),
    async (c) => {
      const placeId = c.var.placeId;
      const { userId } = c.req.valid("param");
      const db = getDb(c.env);
      const byAdmin = c.get("principal").role === "admin";
      if (!(await removePlaceOwner(db, placeId, userId, !byAdmin, new Date()))) {
        if (!(await isPlaceOwner(db, userId, placeId))) throw notFound(NOT_AN_OWNER_MESSAGE);
        throw conflict(LAST_OWNER_MESSAGE);
      }
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
