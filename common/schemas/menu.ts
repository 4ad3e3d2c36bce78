// A venue's menu (issue 30 §1; docs/menus-and-specials.md): the owner writes it whole with
// PUT /api/place/{id}/menu, visitors read GET /api/places/{id}/menu. The dashboard's editor checks
// with the same schema before sending, so it shows the server's sentences.
import * as v from "valibot";
import { DIETARY_TAGS, MENU_LIMITS } from "../menu-vocabulary";
import { nullableIso } from "./answers";
import { tooLong } from "./fields";

export const MENU_MESSAGES = {
  sectionName: "Give the section a name.",
  itemName: "Give the item a name.",
  price: `Price must be a number from 0 to ${MENU_LIMITS.maxPrice.toLocaleString("en-US")} with at most 2 decimals.`,
  dietary: `Dietary tags must be some of: ${DIETARY_TAGS.join(", ")}.`,
  sections: `A menu has at most ${MENU_LIMITS.sections} sections.`,
  itemsPerSection: `A section has at most ${MENU_LIMITS.itemsPerSection} items.`,
  items: `A menu has at most ${MENU_LIMITS.items} items.`,
  kitchen: "Kitchen hours are a time like 23:00 (food until), or null.",
  id: "An id must be a positive whole number.",
} as const;

const idField = v.optional(v.pipe(v.number(MENU_MESSAGES.id), v.integer(MENU_MESSAGES.id), v.minValue(1, MENU_MESSAGES.id), v.maxValue(2 ** 31 - 1, MENU_MESSAGES.id)));

const name = (max: number, message: string) =>
  v.pipe(v.optional(v.string(message), ""), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max)));

/** Whole cents, so 0.1 + 0.2 never reaches a bill. */
const hasCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

export const menuItemInputSchema = v.strictObject({
  id: idField,
  name: name(MENU_LIMITS.itemName, MENU_MESSAGES.itemName),
  description: v.optional(v.pipe(v.string("Must be text."), v.trim(), v.maxLength(MENU_LIMITS.description, tooLong(MENU_LIMITS.description))), ""),
  price: v.pipe(v.number(MENU_MESSAGES.price), v.minValue(0, MENU_MESSAGES.price), v.maxValue(MENU_LIMITS.maxPrice, MENU_MESSAGES.price), v.check(hasCents, MENU_MESSAGES.price)),
  dietary: v.optional(
    v.pipe(
      v.array(v.picklist(DIETARY_TAGS, MENU_MESSAGES.dietary), MENU_MESSAGES.dietary),
      v.maxLength(DIETARY_TAGS.length, MENU_MESSAGES.dietary),
      // Kept in the list's own order, once each.
      v.transform((tags) => DIETARY_TAGS.filter((tag) => tags.includes(tag))),
    ),
    [],
  ),
});

export const menuSectionInputSchema = v.strictObject({
  id: idField,
  name: name(MENU_LIMITS.sectionName, MENU_MESSAGES.sectionName),
  items: v.pipe(v.array(menuItemInputSchema, "Items must be a list."), v.maxLength(MENU_LIMITS.itemsPerSection, MENU_MESSAGES.itemsPerSection)),
});

/** "HH:MM" on the venue's clock: the kitchen takes orders until then. */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (message: string) => v.pipe(v.string(message), v.regex(TIME_OF_DAY_PATTERN, message));

export const kitchenHoursSchema = v.strictObject({ until: timeOfDay(MENU_MESSAGES.kitchen) });

/** PUT /api/place/{id}/menu: the whole menu. Items and sections with an id keep it (and an item its photo); without, they are new. */
export const menuInputSchema = v.pipe(
  v.strictObject({
    sections: v.pipe(v.array(menuSectionInputSchema, "Sections must be a list."), v.maxLength(MENU_LIMITS.sections, MENU_MESSAGES.sections)),
    kitchen_hours: v.optional(v.nullable(kitchenHoursSchema), null),
  }),
  v.check((menu) => menu.sections.reduce((sum, section) => sum + section.items.length, 0) <= MENU_LIMITS.items, MENU_MESSAGES.items),
);
export type MenuInput = v.InferOutput<typeof menuInputSchema>;
export type MenuSectionInput = v.InferOutput<typeof menuSectionInputSchema>;
export type MenuItemInput = v.InferOutput<typeof menuItemInputSchema>;

// ---- Answers ----------------------------------------------------------------------------------

export const menuItemSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  // In `currency`, a number with at most 2 decimals.
  price: v.number(),
  dietary: v.array(v.picklist(DIETARY_TAGS)),
  // The item's photo (stored without its metadata), or null.
  photo_url: v.nullable(v.string()),
});
export type MenuItem = v.InferOutput<typeof menuItemSchema>;

export const menuSectionSchema = v.strictObject({ id: v.number(), name: v.string(), items: v.array(menuItemSchema) });
export type MenuSection = v.InferOutput<typeof menuSectionSchema>;

/** GET /api/places/{id}/menu, PUT /api/place/{id}/menu and the photo routes. */
export const menuAnswerSchema = v.strictObject({
  // ISO 4217, from the venue's country (docs/menus-and-specials.md#currency).
  currency: v.string(),
  // BCP 47 locale of the venue's country: prices are written the way its menus write them.
  locale: v.string(),
  sections: v.array(menuSectionSchema),
  kitchen_hours: v.nullable(kitchenHoursSchema),
  // When the menu was last written; null for a place without a menu.
  updated_at: nullableIso,
});
export type MenuAnswer = v.InferOutput<typeof menuAnswerSchema>;
