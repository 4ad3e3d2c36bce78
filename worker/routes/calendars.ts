// Venues' events as iCalendar files (docs/embeds.md#calendars): a venue's feed to subscribe to,
// one feed of several venues, and one event for "Add to calendar". The text is built by
// worker/lib/ics.ts; here the rows are read and the answer cached.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { calendarEventRow, calendarEventRows, DEFAULT_EVENT_LENGTH_MS, parseDays, type CalendarEventRow } from "../db/events";
import { getDb } from "../db/client";
import { findPlaceRow } from "../db/places";
import type { AppEnv } from "../env";
import { buildCalendar, type CalendarEvent, type CalendarPlace } from "../lib/ics";
import { notFound } from "../lib/errors";
import { describe, params, query } from "../lib/openapi";
import { profileUrl, publicOrigin } from "../lib/origin";
import { cacheKey, edgeOnly, eventsCalendarPath, PROFILE_CACHE_SECONDS, servedFromCache } from "../lib/public-cache";
import { calendarQuerySchema, placeKeySchema } from "../../common/schemas/place";
import { idParamSchema } from "../../common/schemas/fields";

type Place = NonNullable<Awaited<ReturnType<typeof findPlaceRow>>>;

const tag = "Calendars";
const CALENDAR = { media: "text/calendar", description: "An iCalendar (RFC 5545) file: the venue's VTIMEZONE and one VEVENT per event." };
const keyParameter = [
  { in: "path" as const, name: "id", required: true, schema: { type: "string" as const, description: "a numeric id, or a slug such as the-night-owl" } },
];

function calendarPlace(row: Place, origin: string): CalendarPlace {
  return {
    name: row.name,
    timeZone: row.timezone,
    address: [row.address, row.city].filter(Boolean).join(", "),
    url: profileUrl(origin, row.slug),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

function calendarEvent({ event, categoryName }: CalendarEventRow, place: CalendarPlace): CalendarEvent {
  const start = Date.parse(event.startTime);
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    hostName: event.hostName,
    categoryName,
    start,
    end: event.endTime ? Date.parse(event.endTime) : start + DEFAULT_EVENT_LENGTH_MS,
    repeatingDays: event.isRecurring ? parseDays(event.repeatingDays) : [],
    modified: (event.updatedAt ?? event.createdAt).getTime(),
    place,
  };
}

/** The .ics answer: named for download, and cacheable as `cacheControl` says. */
function icsAnswer(c: Context<AppEnv>, text: string, fileName: string, cacheControl: string) {
  return c.body(text, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName}.ics"`,
    "cache-control": cacheControl,
  });
}

/** The feed of some venues (found by id or slug, each once); 404 naming the first unknown one. */
async function venuesFeed(c: Context<AppEnv>, keys: readonly (number | string)[]) {
  const db = getDb(c.env);
  const origin = publicOrigin(c.env, c.req.url);
  const rows = await Promise.all(keys.map((key) => findPlaceRow(db, key)));
  const missing = rows.findIndex((row) => !row);
  if (missing >= 0) throw notFound(`No such place: ${keys[missing]}.`);
  const places = new Map((rows as Place[]).map((row) => [row.id, { row, calendar: calendarPlace(row, origin) }]));
  const now = new Date();
  const events = (await calendarEventRows(db, [...places.keys()], now)).map((row) => calendarEvent(row, places.get(row.event.placeId)!.calendar));
  const names = [...places.values()].map(({ row }) => row.name);
  const text = buildCalendar({
    name: names.length === 1 ? `${names[0]} events` : `Events: ${names.join(" · ")}`,
    uidHost: new URL(origin).host,
    events,
    now: now.getTime(),
  });
  return { text, fileName: places.size === 1 ? [...places.values()][0].row.slug : "third-place-events" };
}

/** One venue's feed, served from the edge for a minute under its canonical path and purged by event and place writes. */
function venueFeed(c: Context<AppEnv>, key: number | string) {
  return servedFromCache(c, cacheKey(c.req.url, eventsCalendarPath(key)), async () => {
    const { text, fileName } = await venuesFeed(c, [key]);
    return icsAnswer(c, text, fileName, edgeOnly(PROFILE_CACHE_SECONDS));
  });
}

export const calendarRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/events.ics",
    describe({
      tag,
      summary: "A venue's events as a calendar to subscribe to (cached up to 60 s)",
      description:
        "Recurring events (weekly, as RRULE) and events that ended within the last 30 days or are still to come, up to 500, each with a stable UID and times in the venue's own zone.",
      access: "public",
      parameters: keyParameter,
      answers: { 200: CALENDAR },
      errors: [404],
    }),
    (c) => {
      const key = v.safeParse(placeKeySchema, c.req.param("id"));
      if (!key.success) throw notFound("No such place.");
      return venueFeed(c, key.output);
    },
  )
  .get(
    "/events.ics",
    describe({
      tag,
      summary: "The events of one or more venues as one calendar to subscribe to",
      description:
        "`place` lists up to 20 venues by id or slug, separated by commas. One venue's calendar is the same as `/api/places/{id}/events.ics` (and cached with it); several venues' are read afresh each time.",
      access: "public",
      answers: { 200: CALENDAR },
      errors: [404],
    }),
    query(calendarQuerySchema),
    async (c) => {
      const keys = c.req.valid("query").place;
      if (keys.length === 1) return venueFeed(c, keys[0]);
      const { text, fileName } = await venuesFeed(c, keys);
      return icsAnswer(c, text, fileName, "no-cache");
    },
  )
  .get(
    "/events/:id/calendar.ics",
    describe({
      tag,
      summary: "One event as a calendar file (\"Add to calendar\")",
      access: "public",
      answers: { 200: { media: "text/calendar", description: "An iCalendar (RFC 5545) file with the event and its venue's VTIMEZONE." } },
      errors: [404],
    }),
    params({ id: idParamSchema("Event id must be a positive whole number.") }),
    async (c) => {
      const db = getDb(c.env);
      const row = await calendarEventRow(db, c.req.valid("param").id);
      const placeRow = row && (await findPlaceRow(db, row.event.placeId));
      if (!row || !placeRow) throw notFound("No such event.");
      const origin = publicOrigin(c.env, c.req.url);
      const text = buildCalendar({
        name: row.event.name,
        uidHost: new URL(origin).host,
        events: [calendarEvent(row, calendarPlace(placeRow, origin))],
        now: Date.now(),
      });
      return icsAnswer(c, text, `${placeRow.slug}-event-${row.event.id}`, "no-cache");
    },
  );
