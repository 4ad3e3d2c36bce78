import { Hono } from "hono";
import * as v from "valibot";
import { assertCanManagePlace, placeIdSchema, requireUser } from "../auth/middleware";
import { getDb, type Database } from "../db/client";
import { findEventCategory } from "../db/event-categories";
import {
  deleteEvent,
  eventColumns,
  findEventAnswer,
  findEventRow,
  insertEvent,
  listAllEvents,
  listUpcomingPlaceEvents,
  parseDays,
  updateEvent,
} from "../db/events";
import { findPlaceRow } from "../db/places";
import type { AppEnv } from "../env";
import { badRequest, notFound } from "../lib/errors";
import { deleteImages, imageField, readForm, writeWithImages, type FormInput } from "../lib/uploads";
import { describe, imageFile, params, query } from "../lib/openapi";
import { cacheKey, edgeOnly, eventsPath, PROFILE_CACHE_SECONDS, purgePlaceIds, servedFromCache } from "../lib/public-cache";
import { parseOrThrow, sentFields } from "../lib/validation";
import { eventAnswerSchema, eventsAnswerSchema, okAnswerSchema, type EventsAnswer, type OkAnswer } from "../../common/schemas/answers";
import {
  EVENT_PAGE_DEFAULT_LIMIT,
  eventConsistencyProblem,
  eventCreateSchema,
  eventFieldsSchema,
  eventPageQuerySchema,
} from "../../common/schemas/event";
import { idParamSchema } from "../../common/schemas/fields";

const eventIdSchema = idParamSchema("Event id must be a positive whole number.");

async function assertCategoryExists(db: Database, categoryId: number | undefined) {
  if (categoryId === undefined || (await findEventCategory(db, categoryId))) return;
  const message = "No such event category.";
  throw badRequest(`category: ${message}`, [{ field: "category", message }]);
}

/**
 * The final schedule must hold together (end after start, a recurring event has days). A
 * one-off event keeps no day list, so the days stored are what the answer shows.
 */
function checkedSchedule(schedule: Parameters<typeof eventConsistencyProblem>[0]) {
  const problem = eventConsistencyProblem(schedule);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`, [problem]);
  return JSON.stringify(schedule.is_recurring ? schedule.repeating_days : []);
}

async function eventImages(form: FormInput) {
  return {
    cover_image: await imageField(form, "cover_image"),
    flyer_image: await imageField(form, "flyer_image"),
  };
}

async function existingEvent(db: Database, eventId: number) {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound("No such event.");
  return event;
}

const tag = "Events";
/** The form's fields, and its two images. */
const eventForm = (fields: typeof eventFieldsSchema | typeof eventCreateSchema) => ({
  required: true,
  content: { "multipart/form-data": v.object({ ...fields.entries, cover_image: imageFile, flyer_image: imageFile }) },
});
const eventParams = params({ id: eventIdSchema });
const FORM_ERRORS = [400, 403, 404, 413, 415, 422];

export const eventRoutes = new Hono<AppEnv>()
  .get(
    "/business/:placeId/events",
    describe({ tag, summary: "A place's upcoming and recurring events, a page at a time", access: "public", answers: { 200: eventsAnswerSchema }, errors: [404] }),
    params({ placeId: placeIdSchema }),
    query(eventPageQuerySchema),
    async (c) => {
      const { placeId } = c.req.valid("param");
      const page = c.req.valid("query");
      const db = getDb(c.env);
      const answer = async (headers?: Record<string, string>) => {
        if (!(await findPlaceRow(db, placeId))) throw notFound("No such place.");
        return c.json((await listUpcomingPlaceEvents(db, placeId, new Date(), page)) satisfies EventsAnswer, 200, headers);
      };
      // The first page, the one profiles show, is public and the same for everyone: served from the
      // edge for a minute under the bare path, so no query string (unknown ones are ignored) busts it.
      // Later pages are read from D1 each time.
      if (page.limit !== EVENT_PAGE_DEFAULT_LIMIT || page.offset !== 0) return answer();
      return servedFromCache(c, cacheKey(c.req.url, eventsPath(placeId)), () => answer({ "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) }));
    },
  )
  .get(
    "/events",
    describe({ tag, summary: "Every event, past ones too, a page at a time", access: "public", answers: { 200: eventsAnswerSchema } }),
    query(eventPageQuerySchema),
    async (c) => {
      return c.json((await listAllEvents(getDb(c.env), c.req.valid("query"))) satisfies EventsAnswer);
    },
  )
  .get(
    "/events/:id",
    describe({ tag, summary: "One event", access: "public", answers: { 200: eventAnswerSchema }, errors: [404] }),
    eventParams,
    async (c) => {
      const event = await findEventAnswer(getDb(c.env), c.req.valid("param").id);
      if (!event) throw notFound("No such event.");
      return c.json(event);
    },
  )
  .post(
    "/create_user_event",
    describe({
      tag,
      summary: "Add an event to a place the caller manages",
      access: "signed-in",
      body: eventForm(eventCreateSchema),
      answers: { 201: eventAnswerSchema },
      errors: FORM_ERRORS,
    }),
    requireUser,
    async (c) => {
      const principal = c.get("principal");
      const form = await readForm(c);
      const fields = parseOrThrow(eventCreateSchema, form.fields);
      // The place comes from the body: the caller must manage it, whatever the form claims.
      await assertCanManagePlace(c, principal, fields.place_id);
      const db = getDb(c.env);
      await assertCategoryExists(db, fields.category);
      const repeatingDays = checkedSchedule({
        start_time: fields.start_time,
        end_time: fields.end_time ?? null,
        is_recurring: fields.is_recurring ?? false,
        repeating_days: fields.repeating_days ?? [],
      });
      const eventId = await writeWithImages(c.env.IMAGES, "events", await eventImages(form), (keys) =>
        insertEvent(db, {
          ...eventColumns(fields),
          placeId: fields.place_id,
          name: fields.name,
          startTime: fields.start_time,
          repeatingDays,
          coverImageKey: keys.cover_image ?? null,
          flyerImageKey: keys.flyer_image ?? null,
          createdBy: principal.userId,
        }),
      );
      await purgePlaceIds(c, db, fields.place_id);
      return c.json(await findEventAnswer(db, eventId), 201);
    },
  )
  .put(
    "/events/:id",
    describe({
      tag,
      summary: "Change an event: the fields sent (the caller manages its place, and the new one if it moves)",
      access: "signed-in",
      body: eventForm(eventFieldsSchema),
      answers: { 200: eventAnswerSchema },
      errors: FORM_ERRORS,
    }),
    requireUser,
    eventParams,
    async (c) => {
      const eventId = c.req.valid("param").id;
      const principal = c.get("principal");
      const db = getDb(c.env);
      const before = await existingEvent(db, eventId);
      await assertCanManagePlace(c, principal, before.placeId);
      const form = await readForm(c);
      const fields = sentFields(parseOrThrow(eventFieldsSchema, form.fields));
      // Moving an event to another place needs the right to manage that place as well.
      if (fields.place_id !== undefined && fields.place_id !== before.placeId) {
        await assertCanManagePlace(c, principal, fields.place_id);
      }
      await assertCategoryExists(db, fields.category);
      const repeatingDays = checkedSchedule({
        start_time: fields.start_time ?? before.startTime,
        end_time: fields.end_time === undefined ? before.endTime : fields.end_time,
        is_recurring: fields.is_recurring ?? before.isRecurring,
        repeating_days: fields.repeating_days ?? parseDays(before.repeatingDays),
      });
      const images = await eventImages(form);
      await writeWithImages(c.env.IMAGES, "events", images, (keys) =>
        updateEvent(db, eventId, {
          ...eventColumns(fields),
          repeatingDays,
          ...(keys.cover_image ? { coverImageKey: keys.cover_image } : {}),
          ...(keys.flyer_image ? { flyerImageKey: keys.flyer_image } : {}),
        }),
      );
      await deleteImages(c.env.IMAGES, [
        images.cover_image ? before.coverImageKey : null,
        images.flyer_image ? before.flyerImageKey : null,
      ]);
      // Both profiles show the change on their next load: the place it left, and the one it moved to.
      await purgePlaceIds(c, db, before.placeId, fields.place_id ?? before.placeId);
      return c.json(await findEventAnswer(db, eventId));
    },
  )
  .delete(
    "/events/:id",
    describe({ tag, summary: "Delete an event of a place the caller manages", access: "signed-in", answers: { 200: okAnswerSchema }, errors: [400, 403, 404] }),
    requireUser,
    eventParams,
    async (c) => {
      const eventId = c.req.valid("param").id;
      const db = getDb(c.env);
      const event = await existingEvent(db, eventId);
      await assertCanManagePlace(c, c.get("principal"), event.placeId);
      await deleteEvent(db, eventId);
      await deleteImages(c.env.IMAGES, [event.coverImageKey, event.flyerImageKey]);
      await purgePlaceIds(c, db, event.placeId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
