import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import type { Principal } from "../auth/tokens";
import { getDb, type Database } from "../db/client";
import { isConstraintError } from "../db/errors";
import {
  countEventsInCategory,
  countOthersEventsInCategory,
  deleteEventCategory,
  CATEGORIES_PER_ACCOUNT,
  findEventCategory,
  insertAdminEventCategory,
  insertOwnerEventCategory,
  listEventCategories,
  updateEventCategory,
} from "../db/event-categories";
import { writeWithUniqueName } from "../db/names";
import { ownsAnyPlace } from "../db/places";
import type { AppEnv } from "../env";
import { conflict, forbidden, notFound } from "../lib/errors";
import { describe, params } from "../lib/openapi";
import { readForm } from "../lib/uploads";
import { parseOrThrow } from "../lib/validation";
import {
  eventCategoriesAnswerSchema,
  eventCategoryAnswerSchema,
  okAnswerSchema,
  type EventCategoriesAnswer,
  type OkAnswer,
} from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { eventCategorySchema } from "../../common/schemas/tag";

const categoryIdSchema = idParamSchema("Category id must be a positive whole number.");
const nameTaken = (name: string) => conflict(`An event category named "${name}" already exists.`);
export const CATEGORY_NEEDS_VENUE_MESSAGE =
  "Only owners of a venue can add event categories. Ask an administrator, or accept an invite to your venue first.";
export const CATEGORY_CAP_MESSAGE = `You have created ${CATEGORIES_PER_ACCOUNT} event categories, the most one account may. Delete one you no longer use, or ask an administrator to add it.`;
const inUse = (events: number) =>
  conflict(
    `This category is used by ${events === 1 ? "1 event" : `${events} events`}; give ${events === 1 ? "it" : "them"} another category before deleting it.`,
  );

/** Owners of a venue may add categories (up to a cap); only the creator or the admin may change or delete one. */
async function categoryTheCallerMayChange(db: Database, principal: Principal, categoryId: number) {
  const category = await findEventCategory(db, categoryId);
  if (!category) throw notFound("No such event category.");
  if (principal.role !== "admin" && (category.createdBy === null || category.createdBy !== principal.userId)) {
    throw forbidden("Only the owner who created this category, or an administrator, can change it.");
  }
  return category;
}

const tag = "Events";
const categoryForm = { required: true, content: { "multipart/form-data": eventCategorySchema } };
const categoryParams = params({ id: categoryIdSchema });

export const eventCategoryRoutes = new Hono<AppEnv>()
  .get(
    "/event-categories",
    describe({ tag, summary: "Event categories, by name (at most 200)", access: "public", answers: { 200: eventCategoriesAnswerSchema } }),
    async (c) => {
      return c.json({ categories: await listEventCategories(getDb(c.env)) } satisfies EventCategoriesAnswer);
    },
  )
  .post(
    "/event-categories",
    describe({
      tag,
      summary: "Add an event category (an owner of a venue, or the admin)",
      access: "signed-in",
      body: categoryForm,
      answers: { 201: eventCategoryAnswerSchema },
      errors: [400, 403, 409, 413, 415],
    }),
    requireUser,
    async (c) => {
      const { role, userId } = c.get("principal");
      const db = getDb(c.env);
      // Categories are global and public: an account with no venue has no business adding them.
      if (role !== "admin" && !(await ownsAnyPlace(db, userId!))) throw forbidden(CATEGORY_NEEDS_VENUE_MESSAGE);
      const input = parseOrThrow(eventCategorySchema, (await readForm(c)).fields);
      const category = await writeWithUniqueName(db, "eventCategory", input.name, undefined, () =>
        role === "admin" ? insertAdminEventCategory(db, input) : insertOwnerEventCategory(db, input, userId!),
      );
      if (category === "taken") throw nameTaken(input.name);
      // A cap, not a rate: waiting does not lift it, so 409 rather than 429.
      if (!category) throw conflict(CATEGORY_CAP_MESSAGE);
      return c.json(category, 201);
    },
  )
  .put(
    "/event-categories/:id",
    describe({
      tag,
      summary: "Rename or re-describe a category (its creator or the admin)",
      access: "signed-in",
      body: categoryForm,
      answers: { 200: eventCategoryAnswerSchema },
      errors: [400, 403, 404, 409, 413, 415],
    }),
    requireUser,
    categoryParams,
    async (c) => {
      const categoryId = c.req.valid("param").id;
      const db = getDb(c.env);
      const principal = c.get("principal");
      await categoryTheCallerMayChange(db, principal, categoryId);
      // Categories are shared: once other venues' events use one, only the admin may rename it.
      if (principal.role !== "admin" && (await countOthersEventsInCategory(db, categoryId, principal.userId!)) > 0) {
        throw conflict("Other venues' events use this category, so only an administrator can change it now.");
      }
      const input = parseOrThrow(eventCategorySchema, (await readForm(c)).fields);
      const category = await writeWithUniqueName(db, "eventCategory", input.name, categoryId, () =>
        updateEventCategory(db, categoryId, input),
      );
      if (category === "taken") throw nameTaken(input.name);
      return c.json(category);
    },
  )
  .delete(
    "/event-categories/:id",
    describe({ tag, summary: "Delete an unused category (its creator or the admin)", access: "signed-in", answers: { 200: okAnswerSchema }, errors: [400, 403, 404, 409] }),
    requireUser,
    categoryParams,
    async (c) => {
      const categoryId = c.req.valid("param").id;
      const db = getDb(c.env);
      await categoryTheCallerMayChange(db, c.get("principal"), categoryId);
      const events = await countEventsInCategory(db, categoryId);
      if (events > 0) throw inUse(events);
      try {
        await deleteEventCategory(db, categoryId);
      } catch (error) {
        // An event took the category between the count and the delete: the foreign key refuses.
        if (isConstraintError(error, "FOREIGN KEY")) throw inUse(await countEventsInCategory(db, categoryId));
        throw error;
      }
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
