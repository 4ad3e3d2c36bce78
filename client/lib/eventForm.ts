// The Add/Edit event form's pure logic: defaults, the values an existing event fills
// in, and the multipart encoding the API expects.
import * as v from "valibot";
import { nextOpeningAt } from "../../common/opening-hours";
import type { EventAnswer, PlaceHours } from "../../common/schemas/answers";
import { EVENT_DAYS, eventConsistencyProblem, eventCreateSchema } from "../../common/schemas/event";
import { fieldErrors } from "./formErrors";

/** The fields both event forms (the dashboard's and the admin's) fill in from an existing event. */
export interface EventTextValues {
  place_id: string;
  name: string;
  description: string;
  /** datetime-local values ("YYYY-MM-DDTHH:mm", the browser's time zone). */
  start_time: string;
  end_time: string;
  max_capacity: string;
  /** Category id. */
  category: string;
  is_recurring: boolean;
  repeating_days: string[];
  host_name: string;
  additional_details: string;
}

export interface EventFormValues extends EventTextValues {
  cover_image: File | null;
}

const HOUR_MS = 60 * 60 * 1000;

/** A Date as a datetime-local input value in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; "" stays "" so it is omitted. */
export function toIsoInstant(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/**
 * When a new event starts: an hour from now (the spec's default) when the venue is open then or has
 * no hours, else at its next opening after that, so at 5:31 AM a bar opening at 5 PM offers 5 PM,
 * not 6:31 AM (docs/insights.md#the-owners-evening).
 */
export function newEventStart(now: number, opening?: { hours: PlaceHours; timeZone: string }): number {
  const inAnHour = now + HOUR_MS;
  return (opening && nextOpeningAt(opening.hours, opening.timeZone, inAnHour)) ?? inAnHour;
}

/** A new event starts at newEventStart and ends two hours later (an hour and three from now by the spec). */
export function eventFormDefaults(now: Date, placeId: number | null, opening?: { hours: PlaceHours; timeZone: string }): EventFormValues {
  const start = newEventStart(now.getTime(), opening);
  return {
    place_id: placeId === null ? "" : String(placeId),
    name: "",
    description: "",
    start_time: toDateTimeLocal(new Date(start)),
    end_time: toDateTimeLocal(new Date(start + 2 * HOUR_MS)),
    max_capacity: "",
    category: "",
    is_recurring: false,
    repeating_days: [],
    host_name: "",
    additional_details: "",
    cover_image: null,
  };
}

export function eventTextValues(event: EventAnswer): EventTextValues {
  return {
    place_id: String(event.place_id),
    name: event.name,
    description: event.description,
    start_time: toDateTimeLocal(new Date(event.start_time)),
    end_time: event.end_time ? toDateTimeLocal(new Date(event.end_time)) : "",
    max_capacity: event.max_capacity === null ? "" : String(event.max_capacity),
    category: event.category === null ? "" : String(event.category),
    is_recurring: event.is_recurring,
    repeating_days: event.repeating_days,
    host_name: event.host_name,
    additional_details: event.additional_details,
  };
}

export function eventFormValues(event: EventAnswer): EventFormValues {
  return { ...eventTextValues(event), cover_image: null };
}

/**
 * The multipart body of create and update: the boolean as text 'True'/'False', repeating days as
 * JSON text, times as ISO instants, and every empty value left out.
 */
export function toEventFormData(values: EventFormValues): FormData {
  const form = new FormData();
  const text: [string, string][] = [
    ["place_id", values.place_id],
    ["name", values.name.trim()],
    ["description", values.description.trim()],
    ["start_time", toIsoInstant(values.start_time)],
    ["end_time", toIsoInstant(values.end_time)],
    ["max_capacity", values.max_capacity.trim()],
    ["category", values.category],
    ["is_recurring", values.is_recurring ? "True" : "False"],
    ["repeating_days", values.is_recurring && values.repeating_days.length ? JSON.stringify(orderedDays(values.repeating_days)) : ""],
    ["host_name", values.host_name.trim()],
    ["additional_details", values.additional_details.trim()],
  ];
  for (const [name, value] of text) if (value !== "") form.set(name, value);
  if (values.cover_image) form.set("cover_image", values.cover_image);
  return form;
}

/** Days in week order, whatever order they were ticked in. */
const orderedDays = (days: string[]) => EVENT_DAYS.filter((day) => days.includes(day));

export type EventFormErrors = Partial<Record<keyof EventFormValues | "form", string>>;

/**
 * Field messages for an event the server would refuse, from its own schema (place, name,
 * start time and category required) and its rules across fields; empty when it would take it.
 */
export function validateEventForm(values: EventFormValues): EventFormErrors {
  const sent = Object.fromEntries([...toEventFormData(values)].filter(([, value]) => typeof value === "string"));
  const result = v.safeParse(eventCreateSchema, sent);
  if (!result.success) return fieldErrors(result.issues);
  const event = result.output;
  const problem = eventConsistencyProblem({
    start_time: event.start_time,
    end_time: event.end_time ?? null,
    is_recurring: event.is_recurring ?? false,
    repeating_days: event.repeating_days ?? [],
  });
  return problem ? { [problem.field]: problem.message } : {};
}
