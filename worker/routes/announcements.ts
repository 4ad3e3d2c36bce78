// Announcements to followers (issue 30 §3; docs/announcements.md): a place's owners send one to the
// people who saved the place with its news on (inbox and push through the watch fan-out, with
// their quiet hours and daily cap), at most 3 in any 7 days, and list past ones with their reach as
// totals; the admin pauses and resumes a place's announcements.
import { Hono } from "hono";
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENTS_LISTED,
  announcementBodySchema,
  announcementPauseAnswerSchema,
  announcementPauseSchema,
  announcementSentSchema,
  announcementsAnswerSchema,
  type AnnouncementPauseAnswer,
  type AnnouncementSent,
  type AnnouncementsAnswer,
} from "../../common/schemas/announcements";
import { placeIdSchema, requireAdmin, requirePlaceOwner } from "../auth/middleware";
import {
  announcementsOf,
  deleteAnnouncement,
  eventOfPlace,
  insertAnnouncement,
  isPaused,
  setPaused,
  specialOfPlace,
  weekUsage,
} from "../db/announcements";
import { getDb } from "../db/client";
import { placeExists } from "../db/places";
import type { AppEnv } from "../env";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { describe, jsonBody, params } from "../lib/openapi";
import { reachOf } from "../lib/follower-counts";
import { announcementKeyOf, fanOutOf } from "../watches/changes";

const tag = "Announcements";
const MAX_BODY_BYTES = 4 * 1024;

/** "Tue 2 Dec, 18:05 UTC": when the next one may go, in words the 429 can carry. */
const whenText = (at: number) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(at);

export const announcementRoutes = new Hono<AppEnv>()
  .post(
    "/place/:id/announcements",
    describe({
      tag,
      summary: "Send an announcement to the place's followers",
      description:
        `Followers are accounts that saved the place with news on (PUT /api/me/saved/{placeId} {"news": true}). Each gets it once in the inbox, and as a push unless their quiet hours or daily cap hold it back. ` +
        `At most ${ANNOUNCEMENT_LIMITS.perWeek} per place in any 7 days (429 with Retry-After); 403 while the admin has paused the place's announcements; 422 for an event or special not of this place. ` +
        "The answer's reach is totals only, every count null below 5 followers.",
      access: "place-owner",
      answers: { 201: announcementSentSchema },
      errors: [413, 415, 422, 429],
    }),
    requirePlaceOwner(),
    jsonBody(announcementBodySchema, MAX_BODY_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const placeId = c.var.placeId;
      const body = c.req.valid("json");
      if (body.event_id !== undefined && !(await eventOfPlace(db, placeId, body.event_id))) {
        throw new ApiError(422, ANNOUNCEMENT_MESSAGES.noSuchEvent, { details: [{ field: "event_id", message: ANNOUNCEMENT_MESSAGES.noSuchEvent }] });
      }
      if (body.special_id !== undefined && !(await specialOfPlace(db, placeId, body.special_id))) {
        throw new ApiError(422, ANNOUNCEMENT_MESSAGES.noSuchSpecial, { details: [{ field: "special_id", message: ANNOUNCEMENT_MESSAGES.noSuchSpecial }] });
      }
      const now = Date.now();
      const sent = await insertAnnouncement(db, placeId, { title: body.title, text: body.text, eventId: body.event_id ?? null, specialId: body.special_id ?? null }, now);
      if (sent === "paused") throw forbidden(ANNOUNCEMENT_MESSAGES.paused);
      if (sent === "limit") {
        const { nextAt } = await weekUsage(db, placeId, now);
        const at = nextAt ?? now + 60_000;
        throw new ApiError(429, `A place can send ${ANNOUNCEMENT_LIMITS.perWeek} announcements in any 7 days. The next can go out from ${whenText(at)}.`, {
          headers: { "Retry-After": String(Math.max(1, Math.ceil((at - now) / 1000))) },
        });
      }
      try {
        await c.env.WATCH_QUEUE.send(fanOutOf({ key: announcementKeyOf(sent.id), place_id: placeId, at: now, kind: "announcement", announcement: { id: sent.id } }), {
          contentType: "json",
        });
      } catch (error) {
        // Not queued, so nobody will get it: it must not count against the week either.
        await deleteAnnouncement(db, sent.id);
        throw error;
      }
      return c.json({ id: sent.id, reach: reachOf(sent.followers, 0, 0) } satisfies AnnouncementSent, 201);
    },
  )
  .get(
    "/place/:id/announcements",
    describe({
      tag,
      summary: "The place's past announcements with their reach, the weekly limit and whether the admin paused them",
      description: `The newest ${ANNOUNCEMENTS_LISTED}. Reach is followers when sent, delivered (inboxes) and opened (read in the inbox): totals, never who, all null below 5 followers.`,
      access: "place-owner",
      answers: { 200: announcementsAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => {
      const db = getDb(c.env);
      const placeId = c.var.placeId;
      const now = Date.now();
      const [rows, usage, paused] = await Promise.all([announcementsOf(db, placeId, ANNOUNCEMENTS_LISTED), weekUsage(db, placeId, now), isPaused(db, placeId)]);
      return c.json({
        announcements: rows.map((row) => ({
          id: row.id,
          title: row.title,
          text: row.text,
          event: row.eventId !== null && row.eventName !== null ? { id: row.eventId, name: row.eventName } : null,
          special: row.specialId !== null && row.specialTitle !== null ? { id: row.specialId, title: row.specialTitle } : null,
          created_at: row.createdAt.toISOString(),
          reach: reachOf(row.followers, row.delivered, row.opened),
        })),
        paused,
        limit: { per_week: ANNOUNCEMENT_LIMITS.perWeek, sent_this_week: usage.sent, next_at: usage.nextAt === null ? null : new Date(usage.nextAt).toISOString() },
      } satisfies AnnouncementsAnswer);
    },
  )
  .put(
    "/place/:id/announcements/pause",
    describe({
      tag,
      summary: "Pause or resume a place's announcements (admin)",
      description: "While paused, the owners' sends are refused with a 403 that says so; followers keep following.",
      access: "admin",
      answers: { 200: announcementPauseAnswerSchema },
      errors: [404],
    }),
    requireAdmin,
    params({ id: placeIdSchema }),
    jsonBody(announcementPauseSchema),
    async (c) => {
      const db = getDb(c.env);
      const { id } = c.req.valid("param");
      if (!(await placeExists(db, id))) throw notFound("No such place.");
      const { paused } = c.req.valid("json");
      await setPaused(db, id, paused, Date.now());
      return c.json({ paused } satisfies AnnouncementPauseAnswer);
    },
  );
