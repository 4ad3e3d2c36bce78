// Field schemas shared by the venue, event, tag and category forms. Values arrive either as JSON
// or as multipart text (where every value is a string), so numbers and yes/no accept both.
import * as v from "valibot";

/** The image types uploads may have (the server proves them by their first bytes). */
export const IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** For a file input's `accept`, so the browser offers only those. */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(",");
/** The largest image an upload may carry, checked by the worker and, before sending, by forms. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = "Images must be at most 5 MB.";
/** A Live Look's video (docs/live-looks.md#videos): checked by the worker and, before sending, by the form. */
export const MAX_VIDEO_BYTES = 25 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 15;
export const VIDEO_TOO_LARGE_MESSAGE = "Videos must be at most 25 MB.";
export const VIDEO_TOO_LONG_MESSAGE = `Videos must be at most ${MAX_VIDEO_SECONDS} seconds long.`;

export const tooLong = (max: number) => `Must be at most ${max} characters.`;

/**
 * JSON Schema keywords for the OpenAPI document (/api/openapi.json) where a pipe's transform hides
 * what a client may send. Put it right after the pipe's first schema: the document describes
 * inputs up to their first transform. Validation ignores it.
 */
export const wireFormat = <TInput>(jsonSchema: Record<string, unknown>) => v.metadata<TInput, Record<string, unknown>>(jsonSchema);

/** Free text that may be absent (left unchanged); trimmed and length-capped when given. */
export const optionalText = (max: number) =>
  v.optional(v.pipe(v.string("Must be text."), v.trim(), v.maxLength(max, tooLong(max))));

/** Text that may be absent (left unchanged) but never emptied: `message` when empty. */
export const nonEmptyText = (max: number, message: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max))));

/** Text that must be given: a missing key reads as "" so both get `message`. */
export const requiredText = (max: number, message: string) =>
  v.pipe(v.optional(v.string(message), ""), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max)));

// The pipes below start with an optional unknown defaulting to "", so that a missing key is treated
// like an empty value and gets the field's own message instead of valibot's generic "Invalid key".
// Wrapped in v.optional() (no default) a missing key is skipped instead: "leave it as it is".

const TRUE_WORDS = ["true", "1", "on", "yes"];
const FALSE_WORDS = ["false", "0", "off", "no", ""];

function toBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return value;
}

/** A yes/no sent as a JSON boolean or as form text ('True'/'False', 'true', '1', 'on'; empty is no). */
export const booleanInput = (message: string) =>
  v.pipe(
    v.optional(v.unknown(), ""),
    wireFormat({ type: ["boolean", "string"], description: "true or false; in a form also 'True', '1', 'on' or 'yes' (empty is false)" }),
    v.transform(toBoolean),
    v.boolean(message),
  );

/** Numbers typed into a form arrive as text; only plain decimal notation counts as a number. */
function toNumber(value: unknown, empty: number | null): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return empty;
  return /^[-+]?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
}

/** A whole number in [min, max]; an empty form value means `empty`. */
export const integerInput = (
  message: string,
  { min, max = Number.MAX_SAFE_INTEGER, empty }: { min: number; max?: number; empty: number },
) =>
  v.pipe(
    v.optional(v.unknown(), ""),
    wireFormat({ type: ["integer", "string"], minimum: min, maximum: max, description: "a whole number, or its digits as text" }),
    v.transform((value) => toNumber(value, empty)),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** A decimal in [min, max], or null when empty. */
export const nullableNumberInput = (message: string, min: number, max: number) =>
  v.pipe(
    v.optional(v.unknown(), ""),
    wireFormat({ type: ["number", "string", "null"], minimum: min, maximum: max, description: "a number or its decimal text; empty or null for none" }),
    v.transform((value) => toNumber(value, null)),
    v.nullable(v.pipe(v.number(message), v.minValue(min, message), v.maxValue(max, message))),
  );

/** A list sent as a JSON array, or as JSON text inside a form field; empty text is an empty list. */
export function jsonListInput<TItem extends v.GenericSchema>(item: TItem, message: string, maxItems: number) {
  return v.pipe(
    v.optional(v.unknown(), ""),
    wireFormat({ anyOf: [{ type: "array", maxItems }, { type: "string", description: "the list as JSON text (in a form); empty for none" }] }),
    v.transform((value) => {
      if (typeof value !== "string") return value;
      if (value.trim() === "") return [];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }),
    v.array(item, message),
    v.maxLength(maxItems, `At most ${maxItems} items.`),
  );
}

/** Database ids in paths and bodies: positive whole numbers, as text or JSON numbers. */
export const idInput = (message: string) => integerInput(message, { min: 1, max: 2 ** 31 - 1, empty: 0 });

/** A path parameter that must be a database id. */
export const idParamSchema = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,9}$/, message), v.transform(Number), v.maxValue(2 ** 31 - 1, message));

/** A place id in a path or query (the analytics queries share it with the client). */
export const placeIdParamSchema = idParamSchema("Place id must be a positive whole number.");

/**
 * A plain address only: letters, digits and . _ + ' - before the @, letters, digits, dots and
 * hyphens after it. Whatever else an address may legally hold (?, &, %, #, spaces, quotes) would
 * turn a mailto: link into parameters such as a hidden bcc. Kept apart from the email pattern as an
 * extra check; two character classes split by an @ that neither holds cannot backtrack.
 */
export const PLAIN_EMAIL_CHARACTERS = /^[A-Za-z0-9._+'-]+@[A-Za-z0-9.-]+$/;
