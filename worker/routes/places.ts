import { Hono, type Context } from "hono";
import * as v from "valibot";
import { optionalPrincipal, requireAdmin, requirePlaceOwner, requireUser } from "../auth/middleware";
import { allCities } from "../db/cities";
import { getDb, type Database } from "../db/client";
import { recomputeCalendarPeaks } from "../db/local-hours";
import { placeOccupancy } from "../occupancy/place-occupancy";
import {
  canManagePlace,
  createPlace,
  findPlaceRow,
  listOwnedPlaces,
  listPartnerVenues,
  listPublicPlaces,
  ownedPlace,
  placeColumns,
  publicPlace,
  toOwnedPlace,
  unknownTagIds,
  updatePlace,
} from "../db/places";
import type { AppEnv } from "../env";
import { cityForPlace } from "../lib/city-rule";
import { badRequest, forbidden, notFound } from "../lib/errors";
import { describe, imageFile } from "../lib/openapi";
import { cacheKey, CITIES_PATH, edgeOnly, hasCredentials, placePath, PROFILE_CACHE_SECONDS, purgePaths, purgePlaces, servedFromCache } from "../lib/public-cache";
import { shareImageOf } from "../lib/share-image";
import { deleteImages, imageField, readForm, writeWithImages } from "../lib/uploads";
import { parseOrThrow, readJson, sentFields } from "../lib/validation";
import {
  ownedPlaceSchema,
  partnerVenuesAnswerSchema,
  placeAnswerSchema,
  publicPlaceSchema,
  type PlaceHours,
} from "../../common/schemas/answers";
import {
  HOUR_FIELDS,
  NO_HOURS,
  ownerPlaceFieldsSchema,
  ownerPlaceUpdateSchema,
  placeConsistencyProblem,
  placeCreateSchema,
  PLACE_DEFAULTS,
  placeFieldsSchema,
  placeKeySchema,
} from "../../common/schemas/place";

/** Refuses a place whose final values break a rule spanning fields (hour pairs, thresholds). */
function assertConsistent(place: PlaceHours & { lively_threshold: number; packed_threshold: number }) {
  const problem = placeConsistencyProblem(place);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`, [problem]);
}

async function assertTagsExist(db: Database, tagIds: number[] | undefined) {
  const unknown = await unknownTagIds(db, tagIds ?? []);
  if (unknown.length === 0) return;
  const message = `No tag with id ${unknown.join(", ")}.`;
  throw badRequest(`tags: ${message}`, [{ field: "tags", message }]);
}

/**
 * The city columns of a place being written (docs/cities.md#which-city): its city by the admin's
 * pick or its position, and its zone from that city unless one is given; a 400 when no city fits.
 */
async function cityColumns(
  c: Context<AppEnv>,
  db: Database,
  fields: { city_slug?: string; latitude?: number | null; longitude?: number | null; timezone?: string },
  before?: { cityId: number | null; latitude: number | null; longitude: number | null; timezone: string },
): Promise<{ cityId: number; timezone?: string }> {
  const cities = await allCities(db);
  const latitude = fields.latitude !== undefined ? fields.latitude : (before?.latitude ?? null);
  const longitude = fields.longitude !== undefined ? fields.longitude : (before?.longitude ?? null);
  // A new position (or a first one) places it again; one sent unchanged (the admin's form sends
  // every field) keeps its city, so a city the admin picked is not undone by the next edit.
  const moved = (fields.latitude !== undefined && fields.latitude !== before?.latitude) || (fields.longitude !== undefined && fields.longitude !== before?.longitude);
  // Its city so far; the default city for a new place (or a row written without one).
  const current = cities.find((city) => city.id === before?.cityId) ?? cities.find((city) => city.slug === c.env.DEFAULT_CITY);
  const choice = cityForPlace(cities, {
    picked: fields.city_slug,
    position: (moved || !before) && latitude !== null && longitude !== null ? { latitude, longitude } : null,
    current,
  });
  if ("problem" in choice) throw badRequest(`city_slug: ${choice.problem}`, [{ field: "city_slug", message: choice.problem }]);
  const { city } = choice;
  // A new place, or one changing city, takes its city's zone unless another is named (a form
  // sending the old zone unchanged names none); otherwise a place keeps its own.
  const changesCity = !before || city.id !== before.cityId;
  const named = fields.timezone !== undefined && !(before && changesCity && fields.timezone === before.timezone) ? fields.timezone : undefined;
  const zone = named ?? (changesCity ? city.timeZone : undefined);
  return { cityId: city.id, ...(zone !== undefined ? { timezone: zone } : {}) };
}

async function existingPlace(db: Database, placeId: number) {
  const row = await findPlaceRow(db, placeId);
  if (!row) throw notFound("No such place.");
  return row;
}

const tag = "Places";
const FORM_ERRORS = [400, 404, 409, 413, 415, 422];

export const placeRoutes = new Hono<AppEnv>()
  .get(
    "/website/places",
    describe({ tag, summary: "Partner venues for the logo ticker", access: "public", answers: { 200: partnerVenuesAnswerSchema } }),
    async (c) => {
      return c.json(await listPartnerVenues(getDb(c.env)));
    },
  )
  .get(
    "/places",
    describe({ tag, summary: "Every place, as anyone sees it", access: "public", answers: { 200: v.array(publicPlaceSchema) } }),
    async (c) => {
      return c.json(await listPublicPlaces(getDb(c.env)));
    },
  )
  .get(
    "/place/:idOrSlug",
    describe({
      tag,
      summary: "One place by id or slug; its owners and the admin also get its private fields",
      access: "anyone-or-signed-in",
      parameters: [{ in: "path", name: "idOrSlug", required: true, schema: { type: "string", description: "a numeric id, or a slug such as the-night-owl" } }],
      answers: { 200: placeAnswerSchema },
      errors: [404],
    }),
    async (c) => {
      const key = v.safeParse(placeKeySchema, c.req.param("idOrSlug"));
      if (!key.success) throw notFound("No such place.");
      const db = getDb(c.env);
      // With credentials the answer may hold private fields: never read from nor put in the cache.
      if (hasCredentials(c)) {
        const principal = await optionalPrincipal(c);
        const row = await findPlaceRow(db, key.output);
        if (!row) throw notFound("No such place.");
        const mayManage = principal !== null && (await canManagePlace(db, principal, row.id));
        return c.json(mayManage ? await ownedPlace(db, row) : await publicPlace(db, row));
      }
      // Anyone else gets the public fields, the same for everyone: served from the edge for a minute.
      return servedFromCache(c, cacheKey(c.req.url, placePath(key.output)), async () => {
        const row = await findPlaceRow(db, key.output);
        if (!row) throw notFound("No such place.");
        return c.json(await publicPlace(db, row), 200, { "cache-control": edgeOnly(PROFILE_CACHE_SECONDS) });
      });
    },
  )
  .get(
    "/get-places-owned",
    describe({ tag, summary: "The caller's places (the admin: every place), with private fields", access: "signed-in", answers: { 200: v.array(ownedPlaceSchema) } }),
    requireUser,
    async (c) => {
      return c.json(await listOwnedPlaces(getDb(c.env), c.get("principal")));
    },
  )
  .post(
    "/place/create",
    describe({
      tag,
      summary: "Add a place",
      access: "admin",
      body: { required: true, content: { "multipart/form-data": v.object({ ...placeCreateSchema.entries, photo: imageFile }) } },
      answers: { 201: ownedPlaceSchema },
      errors: FORM_ERRORS,
    }),
    requireAdmin,
    async (c) => {
      const form = await readForm(c);
      const { tags, city_slug, ...fields } = parseOrThrow(placeCreateSchema, form.fields);
      assertConsistent({
        ...NO_HOURS,
        lively_threshold: PLACE_DEFAULTS.lively_threshold,
        packed_threshold: PLACE_DEFAULTS.packed_threshold,
        ...sentFields(fields),
      });
      const photo = await imageField(form, "photo");
      const db = getDb(c.env);
      await assertTagsExist(db, tags);
      const city = await cityColumns(c, db, { ...fields, city_slug });
      const share = photo ? await shareImageOf(c.env.IMAGE_TRANSFORMS, photo) : null;
      const row = await writeWithImages(c.env.IMAGES, "places", { photo, share }, (keys) =>
        createPlace(db, { ...placeColumns(fields), ...city, name: fields.name, coverImageKey: keys.photo ?? null, shareImageKey: keys.share ?? null }, tags ?? []),
      );
      await purgePaths(c, CITIES_PATH);
      return c.json(await ownedPlace(db, row), 201);
    },
  )
  .post(
    "/place/update/:id",
    describe({
      tag,
      summary: "Change a place: the fields sent",
      description: "Owners send JSON of the fields they may edit; the admin may also send a multipart form of every field, the cover image and tags.",
      access: "place-owner",
      body: {
        required: true,
        content: {
          // The schema checks an object first; the document shows the fields.
          "application/json": ownerPlaceFieldsSchema,
          "multipart/form-data": v.object({ ...placeFieldsSchema.entries, cover_image: imageFile }),
        },
      },
      answers: { 200: ownedPlaceSchema },
      errors: FORM_ERRORS,
    }),
    requirePlaceOwner("id"),
    async (c) => {
      const db = getDb(c.env);
      const placeId = c.var.placeId;
      const before = await existingPlace(db, placeId);
      const current = toOwnedPlace(before, [], []);

      // Owners send JSON of the fields they may edit; the admin's form carries every field and images.
      if (/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
        const fields = sentFields(await readJson(c, ownerPlaceUpdateSchema));
        assertConsistent({ ...current, ...fields });
        await updatePlace(db, placeId, placeColumns(fields));
        // New hours change what the place's object may notice (closed wins, docs/watches.md#closed): reload them now.
        if (HOUR_FIELDS.some((field) => field in fields)) await placeOccupancy(c.env, placeId).placeChanged(placeId);
      } else {
        if (c.get("principal").role !== "admin") {
          throw forbidden("Only an administrator can change these details.");
        }
        const form = await readForm(c);
        const { tags, city_slug, ...fields } = sentFields(parseOrThrow(placeFieldsSchema, form.fields));
        assertConsistent({ ...current, ...fields });
        const coverImage = await imageField(form, "cover_image");
        await assertTagsExist(db, tags);
        const city = await cityColumns(c, db, { ...fields, city_slug }, before);
        // A new cover brings its own share image, or none: the old one shows the old cover.
        const share = coverImage ? await shareImageOf(c.env.IMAGE_TRANSFORMS, coverImage) : null;
        await writeWithImages(c.env.IMAGES, "places", { cover_image: coverImage, share }, (keys) =>
          updatePlace(
            db,
            placeId,
            { ...placeColumns(fields), ...city, ...(keys.cover_image ? { coverImageKey: keys.cover_image, shareImageKey: keys.share ?? null } : {}) },
            tags,
          ),
        );
        if (coverImage) await deleteImages(c.env.IMAGES, [before.coverImageKey, before.shareImageKey]);
        if (city.cityId !== before.cityId) await purgePaths(c, CITIES_PATH);
        const movedZone = city.timezone !== undefined && city.timezone !== before.timezone;
        // Day peaks are per local day: the calendar's year is recomputed in the new zone.
        if (movedZone) await recomputeCalendarPeaks(db, placeId);
        // The place's occupancy object caches the thresholds, zone and hours behind its numbers (the
        // hours for closed wins, docs/watches.md#closed): reload them now.
        const hoursChanged = HOUR_FIELDS.some((field) => fields[field] !== undefined);
        if (fields.lively_threshold !== undefined || fields.packed_threshold !== undefined || movedZone || hoursChanged) {
          await placeOccupancy(c.env, placeId).placeChanged(placeId);
        }
      }
      const after = await existingPlace(db, placeId);
      // Its profile shows the change on the next load, under the old slug and the new one.
      await purgePlaces(c, before, after);
      return c.json(await ownedPlace(db, after));
    },
  );
