// A place's notifications (docs/alerts.md): the alerts that fired and notices such as a
// webhook switched off, newest first, with the unread count the dashboard shows.
import { Hono } from "hono";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { markNotificationsRead, notificationsOf } from "../db/alerts";
import type { AppEnv } from "../env";
import { describe, noBody } from "../lib/openapi";
import { notificationsAnswerSchema, notificationsReadAnswerSchema } from "../../common/schemas/alerts";

const tag = "Alerts";

export const notificationRoutes = new Hono<AppEnv>()
  .get(
    "/place/:id/notifications",
    describe({
      tag,
      summary: "The place's newest 50 notifications, newest first, and how many are unread",
      access: "place-owner",
      answers: { 200: notificationsAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => c.json(await notificationsOf(getDb(c.env), c.var.placeId)),
  )
  .post(
    "/place/:id/notifications/read",
    describe({ tag, summary: "Mark every notification of the place read", access: "place-owner", answers: { 200: notificationsReadAnswerSchema } }),
    requirePlaceOwner(),
    noBody(),
    async (c) => c.json({ marked: await markNotificationsRead(getDb(c.env), c.var.placeId, Date.now()), unread: 0 }),
  );
