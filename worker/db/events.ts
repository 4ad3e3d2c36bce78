import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { eventCategories, events, places, type Event } from "../../drizzle/schema";
import { imageUrl } from "../lib/images";
import { sentFields } from "../lib/validation";
import type { EventAnswer } from "../../common/schemas/answers";
import type { EventFields, EventPage } from "../../common/schemas/event";
import type { Database } from "./client";

type NewEvent = typeof events.$inferInsert;

/** An event without an end time counts as on for this long (the dashboard's default length). */
export const DEFAULT_EVENT_LENGTH_MS = 2 * 60 * 60 * 1000;

const eventWithNames = {
  event: events,
  placeName: places.name,
  categoryName: eventCategories.name,
};

type EventWithNames = { event: Event; placeName: string | null; categoryName: string | null };

/** An event's stored day list (JSON text), tolerant of bad data. */
export function parseDays(json: string): string[] {
  try {
    const days: unknown = JSON.parse(json);
    return Array.isArray(days) ? days.filter((day): day is string => typeof day === "string") : [];
  } catch {
    return [];
  }
}

/** The columns to write for the given (validated) fields; absent fields are left out. */
export function eventColumns(fields: EventFields): Partial<NewEvent> {
  const columns: Partial<NewEvent> = {
    placeId: fields.place_id,
    name: fields.name,
    description: fields.description,
    startTime: fields.start_time,
    endTime: fields.end_time,
    maxCapacity: fields.max_capacity,
    categoryId: fields.category,
    isRecurring: fields.is_recurring,
    frequency: fields.frequency,
    hostName: fields.host_name,
    additionalDetails: fields.additional_details,
    repeatingDays: fields.repeating_days && JSON.stringify(fields.repeating_days),
  };
  return sentFields(columns);
}

export function toEventAnswer({ event, placeName, categoryName }: EventWithNames): EventAnswer {
  const cover = imageUrl(event.coverImageKey);
  return {
    id: event.id,
    place_id: event.placeId,
    place_name: placeName,
    name: event.name,
    description: event.description,
    start_time: event.startTime,
    end_time: event.endTime,
    max_capacity: event.maxCapacity,
    category: event.categoryId,
    category_name: categoryName,
    is_recurring: event.isRecurring,
    repeats: event.isRecurring,
    repeating_days: parseDays(event.repeatingDays),
    frequency: event.frequency,
    host_name: event.hostName,
    additional_details: event.additionalDetails,
    photo_url: cover,
    cover_image: cover,
    flyer_image: imageUrl(event.flyerImageKey),
  };
}

/** One page of events in start order, and the offset of the next page (null after the last). */
async function selectEvents(db: Database, condition: SQL | undefined, page: EventPage) {
  // One row more than asked tells whether another page follows.
  const rows = await db
    .select(eventWithNames)
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(condition)
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return {
    events: rows.slice(0, page.limit).map(toEventAnswer),
    next_offset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}

/** Events still to come or under way at `now`, and every recurring event. */
function upcomingCondition(now: Date): SQL {
  const nowIso = now.toISOString();
  const startedRecently = new Date(now.getTime() - DEFAULT_EVENT_LENGTH_MS).toISOString();
  return or(
    eq(events.isRecurring, true),
    gte(events.endTime, nowIso),
    and(isNull(events.endTime), gte(events.startTime, startedRecently)),
  )!;
}

/** GET /api/business/{placeId}/events: a page of a place's upcoming and recurring events, soonest first. */
export function listUpcomingPlaceEvents(db: Database, placeId: number, now: Date, page: EventPage) {
  return selectEvents(db, and(eq(events.placeId, placeId), upcomingCondition(now)), page);
}

/**
 * A place's one-off events still to come or under way at `now`, soonest first, at most `limit`: a
 * profile's structured data (worker/lib/venue-json-ld.ts) gives each its date, which a recurring
 * event's first start is not.
 */
export async function upcomingOneOffEvents(db: Database, placeId: number, now: Date, limit: number): Promise<EventAnswer[]> {
  const condition = and(eq(events.placeId, placeId), eq(events.isRecurring, false), upcomingCondition(now));
  return (await selectEvents(db, condition, { limit, offset: 0 })).events;
}

/** GET /api/events: a page of every place's events, in start order. */
export function listAllEvents(db: Database, page: EventPage) {
  return selectEvents(db, undefined, page);
}

/** A calendar feed lists events that ended at most this long ago, so a subscriber's recent past stays in their calendar. */
export const CALENDAR_PAST_DAYS = 30;
/** At most this many events in one calendar file, the soonest first. */
export const CALENDAR_MAX_EVENTS = 500;

/** An event as a calendar reads it: its row and its category's name. */
export interface CalendarEventRow {
  event: Event;
  categoryName: string | null;
}

/** The events of calendar feeds (docs/embeds.md#calendars): every recurring one, and those ended within CALENDAR_PAST_DAYS. */
export async function calendarEventRows(db: Database, placeIds: readonly number[], now: Date): Promise<CalendarEventRow[]> {
  const since = new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000);
  return db
    .select({ event: events, categoryName: eventCategories.name })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(inArray(events.placeId, [...placeIds]), upcomingCondition(since)))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(CALENDAR_MAX_EVENTS);
}

/** One event as a calendar reads it, whether over or not. */
export async function calendarEventRow(db: Database, eventId: number): Promise<CalendarEventRow | undefined> {
  const [row] = await db
    .select({ event: events, categoryName: eventCategories.name })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

export async function findEventAnswer(db: Database, eventId: number): Promise<EventAnswer | undefined> {
  const { events: [answer] } = await selectEvents(db, eq(events.id, eventId), { limit: 1, offset: 0 });
  return answer;
}

export async function findEventRow(db: Database, eventId: number): Promise<Event | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export async function insertEvent(db: Database, values: NewEvent): Promise<number> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row.id;
}

export async function updateEvent(db: Database, eventId: number, values: Partial<NewEvent>): Promise<void> {
  await db
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(events.id, eventId));
}

export async function deleteEvent(db: Database, eventId: number): Promise<void> {
  await db.delete(events).where(eq(events.id, eventId));
}

/**
 * Events that may have an occurrence starting in [from, to): one-offs starting then, and recurring
 * ones that began by `to` (their occurrences are computed by the caller, worker/occupancy/
 * event-insights.ts), with their venue's zone; `where` narrows the places. Times in ms; an event
 * without an end lasts DEFAULT_EVENT_LENGTH_MS.
 */
export async function eventsStartingBetween(db: Database, from: number, to: number, where?: SQL) {
  const rows = await db
    .select({
      id: events.id,
      placeId: events.placeId,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      recurring: events.isRecurring,
      repeatingDays: events.repeatingDays,
      timeZone: places.timezone,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(
      and(
        where,
        or(
          and(eq(events.isRecurring, false), gte(events.startTime, new Date(from).toISOString()), lt(events.startTime, new Date(to).toISOString())),
          and(eq(events.isRecurring, true), lt(events.startTime, new Date(to).toISOString())),
        ),
      ),
    );
  return rows.map((row) => {
    const start = Date.parse(row.startTime);
    return { ...row, start, end: row.endTime ? Date.parse(row.endTime) : start + DEFAULT_EVENT_LENGTH_MS, repeatingDays: parseDays(row.repeatingDays) };
  });
}
