// Pure logic of the admin's event editor (spec §2 Admin events, §5, §7): every field of an event,
// place id, name, description and start time required; PUT sends the non-empty fields as
// multipart, is_recurring as 'True'/'False', times as ISO strings, and the image files when chosen.
import type { EventAnswer } from "../../../worker/schemas/answers";
import { REQUIRED_MESSAGE } from "../../../worker/schemas/submission";

export interface EventEditValues {
  place_id: string;
  name: string;
  description: string;
  /** `datetime-local` values, in the browser's time zone. */
  start_time: string;
  end_time: string;
  max_capacity: string;
  /** Event category id. */
  category: string;
  is_recurring: boolean;
  frequency: string;
  host_name: string;
  additional_details: string;
}

export type EventEditErrors = Partial<Record<keyof EventEditValues, string>>;

export const END_BEFORE_START_MESSAGE = "End time must be after the start time.";
export const MAX_CAPACITY_MESSAGE = "Max capacity must be a whole number, at least 1.";

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (browser time zone) as an ISO instant; "" stays "". */
export function toIsoString(local: string): string {
  if (local === "") return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function eventEditValuesFrom(event: EventAnswer): EventEditValues {
  return {
    place_id: String(event.place_id),
    name: event.name,
    description: event.description,
    start_time: toLocalInput(event.start_time),
    end_time: toLocalInput(event.end_time),
    max_capacity: event.max_capacity === null ? "" : String(event.max_capacity),
    category: event.category === null ? "" : String(event.category),
    is_recurring: event.is_recurring,
    frequency: event.frequency,
    host_name: event.host_name,
    additional_details: event.additional_details,
  };
}

export function validateEventEdit(values: EventEditValues): EventEditErrors {
  const errors: EventEditErrors = {};
  for (const field of ["place_id", "name", "description", "start_time"] as const) {
    if (values[field].trim() === "") errors[field] = REQUIRED_MESSAGE;
  }
  if (values.max_capacity.trim() !== "" && !/^[1-9]\d*$/.test(values.max_capacity.trim())) {
    errors.max_capacity = MAX_CAPACITY_MESSAGE;
  }
  if (values.start_time && values.end_time && new Date(values.end_time) <= new Date(values.start_time)) {
    errors.end_time = END_BEFORE_START_MESSAGE;
  }
  return errors;
}

/** The multipart body of PUT /api/events/{id}. */
export function eventEditFormData(
  values: EventEditValues,
  images: { cover_image: File | null; flyer_image: File | null },
): FormData {
  const form = new FormData();
  const text: Record<string, string> = {
    place_id: values.place_id,
    name: values.name,
    description: values.description,
    start_time: toIsoString(values.start_time),
    end_time: toIsoString(values.end_time),
    max_capacity: values.max_capacity,
    category: values.category,
    frequency: values.frequency,
    host_name: values.host_name,
    additional_details: values.additional_details,
  };
  for (const [field, value] of Object.entries(text)) {
    if (value.trim() !== "") form.set(field, value.trim());
  }
  form.set("is_recurring", values.is_recurring ? "True" : "False");
  if (images.cover_image) form.set("cover_image", images.cover_image);
  if (images.flyer_image) form.set("flyer_image", images.flyer_image);
  return form;
}
