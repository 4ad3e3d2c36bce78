// Venue fields, validated with the same schemas in the admin and dashboard forms
// and in the worker. Every field is optional here: on update an absent field stays as it is.
import * as v from "valibot";
import { isValidTimeZone } from "../local-time";
import { PLACE_TYPES, WEEKDAYS, type PlaceHours } from "./answers";
import {
  booleanInput,
  integerInput,
  jsonListInput,
  idInput,
  nonEmptyText,
  nullableNumberInput,
  optionalText,
  requiredText,
} from "./fields";
import { PHONE_MESSAGE, PHONE_PATTERN, REQUIRED_MESSAGE } from "./submission";

/** The place categories the original client offers, plus "bar", its add-place default. */
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

// Declared beside the answers that carry it; re-exported for the forms.
export { PLACE_TYPES };

/** Add-place defaults (as the original client fills the form) and the schema's defaults for the numbers. */
export const PLACE_DEFAULTS = {
  city: "New York",
  state: "NY",
  country: "United States",
  type: "Bar",
  category: "bar",
  lively_threshold: 40,
  packed_threshold: 100,
  max_devices: 1,
  timezone: "America/New_York",
} as const;

export const HOUR_FIELDS = WEEKDAYS.flatMap((day) => [`${day}_open`, `${day}_close`] as const);

/** Closed every day: the hours of a new place unless given. */
export const NO_HOURS = Object.fromEntries(HOUR_FIELDS.map((field) => [field, ""])) as PlaceHours;

/** `/api/place/{idOrSlug}`: a numeric id, or the slug that profile URLs use. */
export const placeKeySchema = v.pipe(
  v.string(),
  v.maxLength(100),
  v.regex(/^(?:[1-9]\d{0,9}|[a-z0-9]+(?:-[a-z0-9]+)*)$/),
  // Only the id's own spelling is an id: "007" would otherwise be a second cache entry of place 7
  // that no purge knows of (worker/lib/public-cache.ts); as a slug it finds nothing.
  v.transform((key): number | string => (/^[1-9]\d{0,9}$/.test(key) ? Number(key) : key)),
);

/** Most venues one calendar subscription may combine (`GET /api/events.ics?place=`). */
export const CALENDAR_MAX_PLACES = 20;
export const CALENDAR_PLACES_MESSAGE = `place must list 1 to ${CALENDAR_MAX_PLACES} venues by id or slug, separated by commas.`;

/** `?place=the-night-owl,12`: the venues of a calendar subscription, each named once. */
export const calendarQuerySchema = v.object({
  place: v.pipe(
    v.string(CALENDAR_PLACES_MESSAGE),
    v.maxLength(CALENDAR_MAX_PLACES * 101, CALENDAR_PLACES_MESSAGE),
    v.transform((list) => list.split(",")),
    v.array(v.pipe(v.string(), v.check((key) => v.is(placeKeySchema, key), CALENDAR_PLACES_MESSAGE))),
    v.minLength(1, CALENDAR_PLACES_MESSAGE),
    v.maxLength(CALENDAR_MAX_PLACES, CALENDAR_PLACES_MESSAGE),
    v.transform((keys) => [...new Set(keys.map((key) => v.parse(placeKeySchema, key)))]),
  ),
});

export const HOURS_MESSAGE = "Use a time like 17:00, or leave it empty when closed.";
export const WEBSITE_MESSAGE = "Enter a full web address, like https://example.com.";
export const CATEGORY_MESSAGE = `Choose one of: ${PLACE_CATEGORIES.join(", ")}.`;
export const TYPE_MESSAGE = "Choose Bar or Restaurant.";
export const HOURS_PAIR_MESSAGE = "Give both an opening and a closing time, or leave both empty when closed.";
export const MAX_DEVICES_MESSAGE = "Max devices must be a whole number, 0 or more.";
export const CITY_SLUG_MESSAGE = "City must be a city's slug, like new-york, or empty for the nearest.";
export const THRESHOLDS_MESSAGE = "The packed threshold must be greater than the lively threshold.";

/** "HH:MM" (seconds from a time input are dropped) or "" for closed. */
const timeOfDay = v.optional(
  v.pipe(
    v.string(HOURS_MESSAGE),
    v.trim(),
    v.regex(/^(?:|(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)$/, HOURS_MESSAGE),
    v.transform((time) => time.slice(0, 5)),
  ),
);

const withDefault = (fallback: string) => v.transform((text: string) => text || fallback);

const defaultedText = (max: number, fallback: string) =>
  v.optional(v.pipe(v.string("Must be text."), v.trim(), v.maxLength(max, `Must be at most ${max} characters.`), withDefault(fallback)));

const hourEntries = Object.fromEntries(HOUR_FIELDS.map((field) => [field, timeOfDay])) as Record<
  keyof PlaceHours,
  typeof timeOfDay
>;

/** Every editable field of a place; an empty value means the field's default (or closed, or none). */
export const placeFieldsSchema = v.object({
  name: nonEmptyText(200, REQUIRED_MESSAGE),
  address: nonEmptyText(300, REQUIRED_MESSAGE),
  city: defaultedText(100, PLACE_DEFAULTS.city),
  state: defaultedText(100, PLACE_DEFAULTS.state),
  country: defaultedText(100, PLACE_DEFAULTS.country),
  postal_code: optionalText(20),
  latitude: v.optional(nullableNumberInput("Latitude must be a number from -90 to 90.", -90, 90)),
  longitude: v.optional(nullableNumberInput("Longitude must be a number from -180 to 180.", -180, 180)),
  type: v.optional(v.pipe(v.string(TYPE_MESSAGE), v.trim(), withDefault(PLACE_DEFAULTS.type), v.picklist(PLACE_TYPES, TYPE_MESSAGE))),
  category: v.optional(
    v.pipe(v.string(CATEGORY_MESSAGE), v.trim(), withDefault(PLACE_DEFAULTS.category), v.picklist(PLACE_CATEGORIES, CATEGORY_MESSAGE)),
  ),
  website: v.optional(
    v.pipe(
      v.string(WEBSITE_MESSAGE),
      v.trim(),
      v.maxLength(500, "Must be at most 500 characters."),
      v.check((url) => url === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url), WEBSITE_MESSAGE),
    ),
  ),
  phone_number: v.optional(
    v.pipe(v.string(PHONE_MESSAGE), v.trim(), v.check((phone) => phone === "" || PHONE_PATTERN.test(phone), PHONE_MESSAGE)),
  ),
  description: optionalText(2000),
  favorite: v.optional(booleanInput("Favorite must be true or false.")),
  ...hourEntries,
  open_time: timeOfDay,
  close_time: timeOfDay,
  lively_threshold: v.optional(
    integerInput("The lively threshold must be a whole number of people, at least 1.", {
      min: 1,
      max: 100_000,
      empty: PLACE_DEFAULTS.lively_threshold,
    }),
  ),
  packed_threshold: v.optional(
    integerInput("The packed threshold must be a whole number of people, at least 2.", {
      min: 2,
      max: 100_000,
      empty: PLACE_DEFAULTS.packed_threshold,
    }),
  ),
  no_device: v.optional(booleanInput("No device must be true or false.")),
  max_devices: v.optional(integerInput(MAX_DEVICES_MESSAGE, { min: 0, max: 1000, empty: PLACE_DEFAULTS.max_devices })),
  /** Whether visitors see "about N people" and percents; off leaves them levels only (docs/when-to-go.md#public-counts). */
  public_counts: v.optional(booleanInput("Public counts must be true or false.")),
  /** Empty: its city's zone (docs/cities.md#which-city). */
  timezone: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((zone) => zone === "" || isValidTimeZone(zone), "Unknown time zone."),
      v.transform((zone) => zone || undefined),
    ),
  ),
  /** The admin's choice of city (a slug of GET /api/cities); empty: the nearest to its position (docs/cities.md#which-city). */
  city_slug: v.optional(
    v.pipe(
      v.string(CITY_SLUG_MESSAGE),
      v.trim(),
      v.check((slug) => slug === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug), CITY_SLUG_MESSAGE),
      v.maxLength(100, CITY_SLUG_MESSAGE),
      v.transform((slug) => slug || undefined),
    ),
  ),
  /** Tag ids, as a JSON list (in a form: its JSON text). */
  tags: v.optional(
    v.pipe(
      jsonListInput(idInput("Tags must be a list of tag ids."), "Tags must be a list of tag ids.", 50),
      v.transform((ids) => [...new Set(ids)]),
    ),
  ),
});

export type PlaceFields = v.InferOutput<typeof placeFieldsSchema>;

/** POST /api/place/create (admin): only the name is required. */
export const placeCreateSchema = v.object({
  ...placeFieldsSchema.entries,
  name: requiredText(200, REQUIRED_MESSAGE),
  address: optionalText(300),
});

/** The fields the dashboard and place info edit. */
export const ownerPlaceFieldsSchema = v.pick(placeFieldsSchema, [
  "name",
  "address",
  "phone_number",
  "website",
  "favorite",
  "public_counts",
  ...HOUR_FIELDS,
]);

/** POST /api/place/update/{id} as an owner: JSON of those fields. */
export const ownerPlaceUpdateSchema = v.pipe(
  // v.object alone would take a JSON array for an object with no fields.
  v.custom<Record<string, unknown>>(
    (input) => typeof input === "object" && input !== null && !Array.isArray(input),
    "Send the fields as a JSON object.",
  ),
  ownerPlaceFieldsSchema,
);

export type OwnerPlaceUpdate = v.InferOutput<typeof ownerPlaceUpdateSchema>;

/** PUT /api/businesses/{id}/max-devices (admin): a required whole number. */
export const maxDevicesSchema = v.object({
  max_devices: integerInput(MAX_DEVICES_MESSAGE, { min: 0, max: 1000, empty: Number.NaN }),
});

/** The first rule that spans fields broken by a place's final values, or null. */
export function placeConsistencyProblem(
  place: PlaceHours & { lively_threshold: number; packed_threshold: number },
): { field: string; message: string } | null {
  for (const day of WEEKDAYS) {
    const open = place[`${day}_open`];
    const close = place[`${day}_close`];
    if ((open === "") !== (close === "")) return { field: open === "" ? `${day}_open` : `${day}_close`, message: HOURS_PAIR_MESSAGE };
  }
  if (place.packed_threshold <= place.lively_threshold) return { field: "packed_threshold", message: THRESHOLDS_MESSAGE };
  return null;
}
