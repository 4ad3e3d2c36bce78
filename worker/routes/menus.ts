// A place's menu (issue 30 §1; docs/menus-and-specials.md#menus): public and cached at the edge
// for a minute, written whole by its owners and the admin, with a photo per item through the
// image upload path (metadata stripped). Every write purges the public answer before answering.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { menuAnswerSchema, menuInputSchema, type MenuAnswer } from "../../common/schemas/menu";
import { placeIdSchema, requirePlaceOwner } from "../auth/middleware";
import { getDb, type Database } from "../db/client";
import { findMenu, saveMenu } from "../db/menus";
import type { AppEnv } from "../env";
import { ApiError, conflict, notFound } from "../lib/errors";
import { findItem, menuAnswer, planMenuWrite, withItemPhoto } from "../lib/menu-document";
import { describe, imageFile, jsonBody, noBody, params } from "../lib/openapi";
import { cacheKey, edgeOnly, menuPath, PROFILE_CACHE_SECONDS, purgeMenu, servedFromCache } from "../lib/public-cache";
import { deleteImages, imageField, MAX_IMAGE_BYTES, readForm, writeWithImages } from "../lib/uploads";

/** 300 items of 500-character descriptions fit; a menu is never larger. */
const MAX_MENU_BYTES = 256 * 1024;
const CHANGED_MEANWHILE = "The menu was changed by someone else meanwhile. Load it again and retry.";
const NO_SUCH_ITEM = "No such item on this menu.";
const tag = "Menus";

const itemIdSchema = v.pipe(
  v.string("Item id must be a positive whole number."),
  v.regex(/^[1-9]\d{0,9}$/, "Item id must be a positive whole number."),
  v.transform(Number),
  v.maxValue(2 ** 31 - 1, "Item id must be a positive whole number."),
);

async function placeMenu(db: Database, placeId: number) {
  const found = await findMenu(db, placeId);
  if (!found) throw notFound("No such place.");
  return found;
}

/** Replaces one item's photo (null removes it), guarded against a write that lands in between. */
async function setItemPhoto(c: Context<AppEnv>, placeId: number, itemId: number, photoKey: string | null): Promise<MenuAnswer> {
  const db = getDb(c.env);
  const { menu, money } = await placeMenu(db, placeId);
  const item = findItem(menu, itemId);
  if (!menu || !item) throw notFound(NO_SUCH_ITEM);
  const sections = withItemPhoto(menu.sections, itemId, photoKey);
  if (!(await saveMenu(db, placeId, menu.version, { sections, kitchenUntil: menu.kitchenUntil, nextId: menu.nextId }, new Date()))) {
    throw conflict(CHANGED_MEANWHILE);
  }
  await deleteImages(c.env.IMAGES, [item.photo_key]);
  await purgeMenu(c, db, placeId);
  return menuAnswer((await findMenu(db, placeId))!.menu, money);
}

const itemParams = params({ id: placeIdSchema, itemId: itemIdSchema });

export const menuRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/menu",
    describe({
      tag,
      summary: "A place's menu: sections of items with prices in its currency, dietary tags and kitchen hours",
      description: "Public; the same for everyone and cached at the edge for a minute (writes purge it). A place without a menu answers no sections.",
      access: "public",
      answers: { 200: menuAnswerSchema },
      errors: [404],
    }),
    params({ id: placeIdSchema }),
    async (c) => {
      const { id } = c.req.valid("param");
      return servedFromCache(c, cacheKey(c.req.url, menuPath(id)), async () => {
        const { menu, money } = await placeMenu(getDb(c.env), id);
        return c.json(menuAnswer(menu, money), 200, { "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) });
      });
    },
  )
  .put(
    "/place/:id/menu",
    describe({
      tag,
      summary: "Write a place's whole menu",
      description:
        "Sections and items in the order to show them. Send a section's or item's `id` to keep it (an item keeps its photo); leave it out for a new one. Items left out are deleted with their photos. 422 names every id that is not this menu's or is sent twice; 409 when another write landed meanwhile.",
      access: "place-owner",
      answers: { 200: menuAnswerSchema },
      errors: [409, 422],
    }),
    requirePlaceOwner(),
    jsonBody(menuInputSchema, MAX_MENU_BYTES),
    async (c) => {
      const placeId = c.var.placeId;
      const input = c.req.valid("json");
      const db = getDb(c.env);
      const { menu, money } = await placeMenu(db, placeId);
      const plan = planMenuWrite(menu, input);
      if (!plan.ok) throw new ApiError(422, `${plan.problems[0].field}: ${plan.problems[0].message}`, { details: plan.problems });
      const saved = await saveMenu(db, placeId, menu?.version ?? null, { sections: plan.sections, kitchenUntil: input.kitchen_hours?.until ?? null, nextId: plan.nextId }, new Date());
      if (!saved) throw conflict(CHANGED_MEANWHILE);
      await deleteImages(c.env.IMAGES, plan.removedPhotoKeys);
      await purgeMenu(c, db, placeId);
      return c.json(menuAnswer((await findMenu(db, placeId))!.menu, money));
    },
  )
  .put(
    "/place/:id/menu/items/:itemId/photo",
    describe({
      tag,
      summary: "Set a menu item's photo",
      description: "Multipart with the file in `photo`: JPEG, PNG or WebP up to 5 MB, stored without its metadata. Replaces the item's photo.",
      access: "place-owner",
      answers: { 200: menuAnswerSchema },
      errors: [409, 413, 415, 422],
      body: { required: true, content: { "multipart/form-data": v.object({ photo: imageFile }) } },
    }),
    requirePlaceOwner(),
    itemParams,
    async (c) => {
      const { id, itemId } = c.req.valid("param");
      const photo = await imageField(await readForm(c, MAX_IMAGE_BYTES + 64 * 1024), "photo");
      if (!photo) throw new ApiError(400, "photo: Choose a photo to upload.", { details: [{ field: "photo", message: "Choose a photo to upload." }] });
      const answer = await writeWithImages(c.env.IMAGES, "menus", { photo }, (keys) => setItemPhoto(c, id, itemId, keys.photo!));
      return c.json(answer);
    },
  )
  .delete(
    "/place/:id/menu/items/:itemId/photo",
    describe({ tag, summary: "Remove a menu item's photo", access: "place-owner", answers: { 200: menuAnswerSchema }, errors: [409] }),
    requirePlaceOwner(),
    itemParams,
    noBody(),
    async (c) => {
      const { id, itemId } = c.req.valid("param");
      return c.json(await setItemPhoto(c, id, itemId, null));
    },
  );
