import { Hono } from "hono";
import { placeIdSchema } from "../auth/middleware";
import { getDb } from "../db/client";
import { findEventAnswer, listAllEvents, listUpcomingPlaceEvents } from "../db/events";
import { findPlaceRow } from "../db/places";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { parseOrThrow } from "../lib/validation";
import type { EventsAnswer } from "../schemas/answers";
import { idParamSchema } from "../schemas/fields";

const eventIdSchema = idParamSchema("Event id must be a positive whole number.");

export const eventRoutes = new Hono<AppEnv>()
  .get("/business/:placeId/events", async (c) => {
    const placeId = parseOrThrow(placeIdSchema, c.req.param("placeId"));
    const db = getDb(c.env);
    if (!(await findPlaceRow(db, placeId))) throw notFound("No such place.");
    return c.json({ events: await listUpcomingPlaceEvents(db, placeId, new Date()) } satisfies EventsAnswer);
  })
  .get("/events", async (c) => {
    return c.json({ events: await listAllEvents(getDb(c.env)) } satisfies EventsAnswer);
  })
  .get("/events/:id", async (c) => {
    const eventId = parseOrThrow(eventIdSchema, c.req.param("id"));
    const event = await findEventAnswer(getDb(c.env), eventId);
    if (!event) throw notFound("No such event.");
    return c.json(event);
  });
