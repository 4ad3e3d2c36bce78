// The signed-in account's inbox (docs/push.md): every notification delivered to it, pushed or held
// back by the daily cap or quiet hours, newest first, with the unread count. Not the owners' alert
// notifications of a place (/api/place/{id}/notifications, docs/alerts.md).
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { announcementIdsOfKeys, markAnnouncementsOpened } from "../db/announcements";
import { inboxOf, INBOX_KEPT, markInboxRead } from "../db/push";
import type { AppEnv } from "../env";
import { describe, jsonBody, query } from "../lib/openapi";
import {
  consumerNotificationsAnswerSchema,
  consumerNotificationsQuerySchema,
  consumerNotificationsReadAnswerSchema,
  consumerNotificationsReadBodySchema,
  type ConsumerNotificationsReadAnswer,
} from "../../common/schemas/push";

const tag = "Notifications";

export const consumerNotificationRoutes = new Hono<AppEnv>()
  .get(
    "/me/notifications",
    describe({
      tag,
      summary: "This account's notifications, newest first, a page at a time, and how many are unread",
      description: `Kept: the newest ${INBOX_KEPT}, none older than 90 days. Pass next_before as before for the next page.`,
      access: "signed-in",
      answers: { 200: consumerNotificationsAnswerSchema },
      errors: [403],
    }),
    requireUser,
    query(consumerNotificationsQuerySchema),
    async (c) => c.json(await inboxOf(getDb(c.env), accountIdOf(c), c.req.valid("query"))),
  )
  .post(
    "/me/notifications/read",
    describe({
      tag,
      summary: "Mark some ({ids}) or all ({all: true}) of this account's notifications read",
      description: "Ids of other accounts' notifications are ignored. An announcement read here counts as opened in its place's reach (a total; docs/announcements.md#reach).",
      access: "signed-in",
      answers: { 200: consumerNotificationsReadAnswerSchema },
      errors: [403],
    }),
    requireUser,
    jsonBody(consumerNotificationsReadBodySchema, 4096),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env);
      const userId = accountIdOf(c);
      const now = Date.now();
      const { marked, unread, markedKeys } = await markInboxRead(db, userId, "ids" in body ? body.ids : "all", now);
      // An announcement read here counts as opened for its place's reach (docs/announcements.md#reach).
      await markAnnouncementsOpened(db, userId, announcementIdsOfKeys(markedKeys), now);
      return c.json({ marked, unread } satisfies ConsumerNotificationsReadAnswer);
    },
  );
