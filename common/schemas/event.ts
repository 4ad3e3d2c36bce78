// Events: the dashboard's Add/Edit Event forms, the admin's event editor and the
// worker validate with these. Forms send multipart text: 'True'/'False', repeating_days as JSON
// text, and empty values left out.
import * as v from "valibot";
import { booleanInput, idInput, jsonListInput, nonEmptyText, nullableNumberInput, optionalText, requiredText } from "./fields";

/** The seven day names, Monday first. */
export const EVENT_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type EventDay = (typeof EVENT_DAYS)[number];

export const EVENT_MESSAGES = {
  place: "Place is required.",
  name: "Event name is required.",
  startTime: "Start time is required.",
  category: "Category is required.",
  time: "Use a date and time with a time zone, like 2026-05-01T20:00:00Z.",
  endAfterStart: "End time must be after the start time.",
  days: "Repeating days must be day names, Monday to Sunday.",
  recurringNeedsDay: "Pick at least one day for a recurring event.",
  recurring: "Recurring must be True or False.",
  maxCapacity: "Max capacity must be a whole number, at least 1.",
} as const;

const INSTANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

/** The pattern matches and the date exists (Date.parse would roll 31 February into March). */
function isRealInstant(text: string): boolean {
  const match = INSTANT_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1, 4).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO-8601 date-time with a zone, stored as UTC ISO text so that text order is time order (specials use it too). */
export const instant = (missingMessage: string) =>
  v.pipe(
    v.optional(v.string(missingMessage), ""),
    v.trim(),
    v.nonEmpty(missingMessage),
    v.check(isRealInstant, EVENT_MESSAGES.time),
    v.transform((text) => new Date(text).toISOString()),
  );

/** An optional instant: empty text clears it. */
const clearableInstant = v.union([v.pipe(v.literal(""), v.transform(() => null)), instant(EVENT_MESSAGES.time)], EVENT_MESSAGES.time);

const dayName = v.pipe(
  v.string(EVENT_MESSAGES.days),
  v.transform((day) => day.trim().toLowerCase()),
  v.check((day) => EVENT_DAYS.some((name) => name.toLowerCase() === day), EVENT_MESSAGES.days),
  v.transform((day) => EVENT_DAYS.find((name) => name.toLowerCase() === day) as EventDay),
);

/** Every editable field of an event; absent means "leave as it is" on update. */
export const eventFieldsSchema = v.object({
  place_id: v.optional(idInput(EVENT_MESSAGES.place)),
  name: nonEmptyText(200, EVENT_MESSAGES.name),
  description: optionalText(2000),
  start_time: v.optional(instant(EVENT_MESSAGES.startTime)),
  end_time: v.optional(clearableInstant),
  // Empty text clears it.
  max_capacity: v.optional(
    v.pipe(
      nullableNumberInput(EVENT_MESSAGES.maxCapacity, 1, 1_000_000),
      v.check((capacity) => capacity === null || Number.isInteger(capacity), EVENT_MESSAGES.maxCapacity),
    ),
  ),
  category: v.optional(idInput(EVENT_MESSAGES.category)),
  is_recurring: v.optional(booleanInput(EVENT_MESSAGES.recurring)),
  frequency: optionalText(50),
  host_name: optionalText(200),
  additional_details: optionalText(2000),
  repeating_days: v.optional(
    v.pipe(
      jsonListInput(dayName, EVENT_MESSAGES.days, 7),
      // Monday first, each day once.
      v.transform((days) => EVENT_DAYS.filter((day) => days.includes(day))),
    ),
  ),
});

export type EventFields = v.InferOutput<typeof eventFieldsSchema>;

/** POST /api/create_user_event: place, name, start time and category are required. */
export const eventCreateSchema = v.object({
  ...eventFieldsSchema.entries,
  place_id: idInput(EVENT_MESSAGES.place),
  name: requiredText(200, EVENT_MESSAGES.name),
  start_time: instant(EVENT_MESSAGES.startTime),
  category: idInput(EVENT_MESSAGES.category),
});

/** The first rule spanning fields that an event's final values break, or null. */
export function eventConsistencyProblem(event: {
  start_time: string;
  end_time: string | null;
  is_recurring: boolean;
  repeating_days: readonly string[];
}): { field: string; message: string } | null {
  if (event.end_time !== null && Date.parse(event.end_time) <= Date.parse(event.start_time)) {
    return { field: "end_time", message: EVENT_MESSAGES.endAfterStart };
  }
  if (event.is_recurring && event.repeating_days.length === 0) {
    return { field: "repeating_days", message: EVENT_MESSAGES.recurringNeedsDay };
  }
  return null;
}

const PAGE_LIMIT_MESSAGE = "limit must be a whole number from 1 to 200.";
const PAGE_OFFSET_MESSAGE = "offset must be a whole number from 0 to 1,000,000.";
export const EVENT_PAGE_DEFAULT_LIMIT = 100;

/** ?limit=&offset= of the event lists: one page at a time, so a list never grows without bound. */
export const eventPageQuerySchema = v.object({
  limit: v.optional(
    v.pipe(v.string(PAGE_LIMIT_MESSAGE), v.regex(/^[1-9]\d{0,2}$/, PAGE_LIMIT_MESSAGE), v.transform(Number), v.maxValue(200, PAGE_LIMIT_MESSAGE)),
    String(EVENT_PAGE_DEFAULT_LIMIT),
  ),
  offset: v.optional(
    v.pipe(v.string(PAGE_OFFSET_MESSAGE), v.regex(/^\d{1,7}$/, PAGE_OFFSET_MESSAGE), v.transform(Number), v.maxValue(1_000_000, PAGE_OFFSET_MESSAGE)),
    "0",
  ),
});
export type EventPage = v.InferOutput<typeof eventPageQuerySchema>;
