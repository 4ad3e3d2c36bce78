// A place's owners: its owners and the admin list them and remove one. An owner may remove a
// co-owner or leave, but never leave the place with no owner; the admin may.
import { Hono } from "hono";
import { placeIdSchema, requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { listPlaceOwners, removePlaceOwner } from "../db/place-owners";
import { isPlaceOwner } from "../db/places";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { parseOrThrow } from "../lib/validation";
import type { OkAnswer, PlaceOwnersAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";

const userIdSchema = idParamSchema("User id must be a positive whole number.");

export const LAST_OWNER_MESSAGE =
  "A place must keep at least one owner. Invite another owner before removing the last one, or ask an administrator.";
export const NOT_AN_OWNER_MESSAGE = "This person is not an owner of this place.";

export const placeOwnerRoutes = new Hono<AppEnv>()
  .get("/place/:id/owners", requirePlaceOwner("id"), async (c) => {
    const placeId = parseOrThrow(placeIdSchema, c.req.param("id"));
    const answer: PlaceOwnersAnswer = { owners: await listPlaceOwners(getDb(c.env), placeId) };
    return c.json(answer);
  })

  .delete("/place/:id/owners/:userId", requirePlaceOwner("id"), async (c) => {
    const placeId = parseOrThrow(placeIdSchema, c.req.param("id"));
    const userId = parseOrThrow(userIdSchema, c.req.param("userId"));
    const db = getDb(c.env);
    const byAdmin = c.get("principal").role === "admin";
    if (!(await removePlaceOwner(db, placeId, userId, !byAdmin, new Date()))) {
      if (!(await isPlaceOwner(db, userId, placeId))) throw notFound(NOT_AN_OWNER_MESSAGE);
      throw conflict(LAST_OWNER_MESSAGE);
    }
    return c.json({ ok: true } satisfies OkAnswer);
  });
