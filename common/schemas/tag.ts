// Tags (admin, Manage Tags) and event categories (owners, Events manager): a name and a description.
import * as v from "valibot";
import { optionalText, requiredText } from "./fields";

export const TAG_NAME_REQUIRED = "Tag name is required.";
export const CATEGORY_NAME_REQUIRED = "Category name is required.";

/** POST/PUT /api/tags: name required, description optional. */
export const tagSchema = v.object({
  name: requiredText(50, TAG_NAME_REQUIRED),
  description: optionalText(500),
});

/** POST/PUT /api/event-categories: name required ('Category name is required.'). */
export const eventCategorySchema = v.object({
  name: requiredText(50, CATEGORY_NAME_REQUIRED),
  description: optionalText(500),
});

export type NamedRecordInput = v.InferOutput<typeof tagSchema>;
