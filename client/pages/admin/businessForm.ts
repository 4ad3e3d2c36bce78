// Pure logic of the admin's Add Business and Edit Business forms (spec §2, §5, §9): the values
// as the form holds them (text), their defaults, the checks, and the multipart payload.
import { WEEKDAYS, type OwnedPlace, type PlaceHours } from "../../../worker/schemas/answers";
import { REQUIRED_MESSAGE } from "../../../worker/schemas/submission";

/** Place categories offered (spec §3), plus "bar", the add-place default (spec §9). */
export const PLACE_CATEGORIES = [
  "bar",
  "dive-bar",
  "sports-bar",
  "rooftop-bar",
  "cocktail-bar",
  "wine-bar",
  "beer-garden",
  "speakeasy",
  "nightclub",
  "pub",
  "restaurant-bar",
  "karaoke-bar",
  "gastropub",
  "hotel-bar",
] as const;

export const PLACE_TYPES = ["Bar", "Restaurant"] as const;

export const HOUR_FIELDS = WEEKDAYS.flatMap((day) => [`${day}_open`, `${day}_close`] as const);

export const WEBSITE_MESSAGE = "Enter a full web address, like https://example.com.";

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
  | keyof PlaceHours;

export type BusinessFormValues = Record<TextField, string> & {
  favorite: boolean;
  no_device: boolean;
  tags: number[];
};

export type BusinessFormErrors = Partial<Record<TextField, string>>;
export type BusinessFormMode = "add" | "edit";

const closedAllWeek = Object.fromEntries(HOUR_FIELDS.map((field) => [field, ""])) as PlaceHours;

/** A new business: New York / NY / United States / Bar / bar (spec §9), closed until hours are set. */
export function newBusinessForm(): BusinessFormValues {
  return {
    name: "",
    address: "",
    city: "New York",
    state: "NY",
    postal_code: "",
    country: "United States",
    latitude: "",
    longitude: "",
    type: "Bar",
    category: "bar",
    website: "",
    phone_number: "",
    description: "",
    ...closedAllWeek,
    open_time: "",
    close_time: "",
    lively_threshold: "40",
    packed_threshold: "100",
    timezone: "America/New_York",
    favorite: false,
    no_device: false,
    tags: [],
  };
}

/** The edit form of a place as the API answers it. */
export function businessFormFrom(place: OwnedPlace): BusinessFormValues {
  const hours = Object.fromEntries(HOUR_FIELDS.map((field) => [field, place[field] ?? ""])) as PlaceHours;
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
    favorite: place.favorite,
    no_device: place.no_device,
    tags: [...place.tags],
  };
}

const isWebAddress = (url: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url);

/** The form's own checks: name required (and address when editing, spec §5), a full web address. */
export function validateBusiness(values: BusinessFormValues, mode: BusinessFormMode): BusinessFormErrors {
  const errors: BusinessFormErrors = {};
  if (values.name.trim() === "") errors.name = REQUIRED_MESSAGE;
  if (mode === "edit" && values.address.trim() === "") errors.address = REQUIRED_MESSAGE;
  const website = values.website.trim();
  if (website !== "" && !isWebAddress(website)) errors.website = WEBSITE_MESSAGE;
  return errors;
}

/**
 * The multipart body of POST /api/place/create ("photo") and POST /api/place/update/{id}
 * ("cover_image"): every place field as text, tags as a JSON list of ids, the file when chosen.
 */
export function businessFormData(values: BusinessFormValues, mode: BusinessFormMode, cover: File | null): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(values)) {
    if (field === "tags") continue;
    form.set(field, typeof value === "boolean" ? String(value) : String(value).trim());
  }
  form.set("tags", JSON.stringify(values.tags));
  if (cover) form.set(mode === "add" ? "photo" : "cover_image", cover);
  return form;
}

/** "dive-bar" → "Dive bar", for the category picker. */
export const categoryLabel = (category: string) =>
  category.charAt(0).toUpperCase() + category.slice(1).replace(/-/g, " ");
