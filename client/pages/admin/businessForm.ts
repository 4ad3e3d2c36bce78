// Pure logic of the admin's Add Business and Edit Business forms: the values
// as the form holds them (text), their defaults, the checks (the worker's own schemas), and the
// multipart payload.
import * as v from "valibot";
import type { OwnedPlace, PlaceHours } from "../../../common/schemas/answers";
import {
  HOUR_FIELDS,
  NO_HOURS,
  PLACE_DEFAULTS,
  placeConsistencyProblem,
  placeCreateSchema,
  placeFieldsSchema,
} from "../../../common/schemas/place";
import { fieldErrors } from "../../lib/formErrors";

type TextField =
  | "name"
  | "address"
  | "city"
  | "state"
  | "postal_code"
  | "country"
  | "latitude"
  | "longitude"
  | "type"
  | "category"
  | "website"
  | "phone_number"
  | "description"
  | "open_time"
  | "close_time"
  | "lively_threshold"
  | "packed_threshold"
  | "timezone"
  | "city_slug"
  | keyof PlaceHours;

export type BusinessFormValues = Record<TextField, string> & {
  favorite: boolean;
  no_device: boolean;
  tags: number[];
};

export type BusinessFormErrors = Partial<Record<TextField, string>>;
export type BusinessFormMode = "add" | "edit";

/** A new business: New York / NY / United States / Bar / bar, closed until hours are set; its city and zone from its position. */
export function newBusinessForm(): BusinessFormValues {
  return {
    name: "",
    address: "",
    city: PLACE_DEFAULTS.city,
    state: PLACE_DEFAULTS.state,
    postal_code: "",
    country: PLACE_DEFAULTS.country,
    latitude: "",
    longitude: "",
    type: PLACE_DEFAULTS.type,
    category: PLACE_DEFAULTS.category,
    website: "",
    phone_number: "",
    description: "",
    ...NO_HOURS,
    open_time: "",
    close_time: "",
    lively_threshold: String(PLACE_DEFAULTS.lively_threshold),
    packed_threshold: String(PLACE_DEFAULTS.packed_threshold),
    // Empty: its city's zone, and its city the nearest to its position (docs/cities.md#which-city).
    timezone: "",
    city_slug: "",
    favorite: false,
    no_device: false,
    tags: [],
  };
}

/** The edit form of a place as the API answers it. */
export function businessFormFrom(place: OwnedPlace): BusinessFormValues {
  const hours = Object.fromEntries(HOUR_FIELDS.map((field) => [field, place[field]])) as PlaceHours;
  return {
    name: place.name,
    address: place.address,
    city: place.city,
    state: place.state,
    postal_code: place.postal_code,
    country: place.country,
    latitude: place.latitude === null ? "" : String(place.latitude),
    longitude: place.longitude === null ? "" : String(place.longitude),
    type: place.type,
    category: place.category,
    website: place.website,
    phone_number: place.phone_number,
    description: place.description,
    ...hours,
    open_time: place.open_time,
    close_time: place.close_time,
    lively_threshold: String(place.lively_threshold),
    packed_threshold: String(place.packed_threshold),
    timezone: place.timezone,
    // Empty: its city stays, or follows a new position (docs/cities.md#which-city).
    city_slug: "",
    favorite: place.favorite,
    no_device: place.no_device,
    tags: [...place.tags],
  };
}

/** Every field as the multipart text the API reads: booleans as true/false, tags as a JSON list. */
export function businessFields(values: BusinessFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    fields[field] = field === "tags" ? JSON.stringify(value) : typeof value === "boolean" ? String(value) : String(value).trim();
  }
  return fields;
}

/**
 * The worker's own checks, so the form shows the same sentences the server would answer: name
 * required (and address when editing), a full web address, times, numbers, hour pairs
 * and thresholds.
 */
export function validateBusiness(values: BusinessFormValues, mode: BusinessFormMode): BusinessFormErrors {
  const result = v.safeParse(mode === "add" ? placeCreateSchema : placeFieldsSchema, businessFields(values));
  if (!result.success) return fieldErrors(result.issues);
  const { output } = result;
  const problem = placeConsistencyProblem({
    ...NO_HOURS,
    ...Object.fromEntries(HOUR_FIELDS.map((field) => [field, output[field] ?? ""])),
    lively_threshold: output.lively_threshold ?? PLACE_DEFAULTS.lively_threshold,
    packed_threshold: output.packed_threshold ?? PLACE_DEFAULTS.packed_threshold,
  });
  return problem ? { [problem.field]: problem.message } : {};
}

/**
 * The multipart body of POST /api/place/create ("photo") and POST /api/place/update/{id}
 * ("cover_image"): every place field as text, tags as a JSON list of ids, the file when chosen.
 */
export function businessFormData(values: BusinessFormValues, mode: BusinessFormMode, cover: File | null): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(businessFields(values))) form.set(field, value);
  if (cover) form.set(mode === "add" ? "photo" : "cover_image", cover);
  return form;
}

export { categoryLabel } from "../../../common/vocabulary";
