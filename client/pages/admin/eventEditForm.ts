// Pure logic of the admin's event editor: every field of an event,
// place id, name, description and start time required; PUT sends the non-empty fields as
// multipart, is_recurring as 'True'/'False', times as ISO strings, and the image files when
// chosen. The checks are the worker's own event schema.
import * as v from "valibot";
import type { EventAnswer } from "../../../common/schemas/answers";
import { EVENT_DAYS, EVENT_MESSAGES, eventConsistencyProblem, eventFieldsSchema, type EventDay } from "../../../common/schemas/event";
import { eventTextValues, toIsoInstant, type EventTextValues } from "../../lib/eventForm";
import { fieldErrors } from "../../lib/formErrors";

/** The dashboard form's fields plus the frequency, which only the admin editor shows. */
export interface EventEditValues extends Omit<EventTextValues, "repeating_days"> {
  /** The days a recurring event repeats on: the server refuses a recurring event without one. */
  repeating_days: EventDay[];
  frequency: string;
}

export type EventEditErrors = Partial<Record<keyof EventEditValues, string>>;

export const DESCRIPTION_REQUIRED = "Description is required.";

const REQUIRED: Partial<Record<keyof EventEditValues, string>> = {
  place_id: EVENT_MESSAGES.place,
  name: EVENT_MESSAGES.name,
  description: DESCRIPTION_REQUIRED,
  start_time: EVENT_MESSAGES.startTime,
};

export function eventEditValuesFrom(event: EventAnswer): EventEditValues {
  return {
    ...eventTextValues(event),
    repeating_days: EVENT_DAYS.filter((day) => event.repeating_days.includes(day)),
    frequency: event.frequency,
  };
}

/** The text fields PUT /api/events/{id} receives: only the non-empty ones. */
export function eventEditFields(values: EventEditValues): Record<string, string> {
  const text: Record<string, string> = {
    place_id: values.place_id.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    start_time: toIsoInstant(values.start_time),
    end_time: toIsoInstant(values.end_time),
    max_capacity: values.max_capacity.trim(),
    category: values.category,
    frequency: values.frequency.trim(),
    host_name: values.host_name.trim(),
    additional_details: values.additional_details.trim(),
  };
  const fields = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== ""));
  fields.is_recurring = values.is_recurring ? "True" : "False";
  fields.repeating_days = JSON.stringify(values.is_recurring ? values.repeating_days : []);
  return fields;
}

export function validateEventEdit(values: EventEditValues): EventEditErrors {
  const errors: EventEditErrors = {};
  for (const [field, message] of Object.entries(REQUIRED) as [keyof EventEditValues, string][]) {
    if (String(values[field]).trim() === "") errors[field] = message;
  }
  const result = v.safeParse(eventFieldsSchema, eventEditFields(values));
  if (!result.success) return { ...fieldErrors(result.issues), ...errors };
  const { output } = result;
  // Without a start time (already reported) the end-after-start rule has nothing to compare.
  const problem = eventConsistencyProblem({
    start_time: output.start_time ?? "",
    end_time: output.end_time ?? null,
    is_recurring: output.is_recurring ?? false,
    repeating_days: output.repeating_days ?? [],
  });
  const field = problem?.field as keyof EventEditValues | undefined;
  if (problem && field && !errors[field]) errors[field] = problem.message;
  return errors;
}

/** The multipart body of PUT /api/events/{id}. */
export function eventEditFormData(
  values: EventEditValues,
  images: { cover_image: File | null; flyer_image: File | null },
): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(eventEditFields(values))) form.set(field, value);
  if (images.cover_image) form.set("cover_image", images.cover_image);
  if (images.flyer_image) form.set("flyer_image", images.flyer_image);
  return form;
}
