import { and, asc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { cities, events, placeOwners, places, placeTags, tags, users, type NewPlace, type Place } from "../../drizzle/schema";
import type { Principal } from "../auth/tokens";
import { imageUrl } from "../lib/images";
import { firstFreeSlug, slugify } from "../lib/slug";
import type { BusinessAnswer, OwnedPlace, PublicPlace } from "../../common/schemas/answers";
import type { PlaceFields } from "../../common/schemas/place";
import type { Database } from "./client";
import { isConstraintError } from "./errors";

/** Partner venues for the public logo ticker: only what a visitor may see. */
export async function listPartnerVenues(db: Database) {
  const rows = await db
    .select({ id: places.id, name: places.name, coverImageKey: places.coverImageKey })
    .from(places)
    .orderBy(asc(places.name));
  return rows.map((row) => ({ id: row.id, name: row.name, cover_image: imageUrl(row.coverImageKey) }));
}

export function toPublicPlace(row: Place, tagIds: number[]): PublicPlace {
  const cover = imageUrl(row.coverImageKey);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    postal_code: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    type: row.type,
    category: row.category,
    website: row.website,
    phone_number: row.phoneNumber,
    description: row.description,
    cover_photo_url: cover,
    cover_image: cover,
    monday_open: row.mondayOpen,
    monday_close: row.mondayClose,
    tuesday_open: row.tuesdayOpen,
    tuesday_close: row.tuesdayClose,
    wednesday_open: row.wednesdayOpen,
    wednesday_close: row.wednesdayClose,
    thursday_open: row.thursdayOpen,
    thursday_close: row.thursdayClose,
    friday_open: row.fridayOpen,
    friday_close: row.fridayClose,
    saturday_open: row.saturdayOpen,
    saturday_close: row.saturdayClose,
    sunday_open: row.sundayOpen,
    sunday_close: row.sundayClose,
    open_time: row.openTime,
    close_time: row.closeTime,
    // With the percents visitors see, thresholds give the head count: hidden with the counts
    // (docs/when-to-go.md#public-counts).
    lively_threshold: row.publicCounts ? row.livelyThreshold : null,
    packed_threshold: row.publicCounts ? row.packedThreshold : null,
    timezone: row.timezone,
    day_start_hour: row.dayStartHour,
    tags: tagIds,
  };
}

export function toOwnedPlace(row: Place, tagIds: number[], owners: string[]): OwnedPlace {
  return {
    ...toPublicPlace(row, tagIds),
    lively_threshold: row.livelyThreshold,
    packed_threshold: row.packedThreshold,
    favorite: row.favorite,
    no_device: row.noDevice,
    max_devices: row.maxDevices,
    public_counts: row.publicCounts,
    owners,
  };
}

/** Which places a query covers: every place, one place, or those a user owns. */
type PlaceScope = { all: true } | { placeId: number } | { ownerId: number };

function scopeCondition(column: typeof places.id | typeof placeTags.placeId | typeof placeOwners.placeId, scope: PlaceScope, db: Database): SQL | undefined {
  if ("placeId" in scope) return eq(column, scope.placeId);
  if ("ownerId" in scope) {
    return inArray(column, db.select({ id: placeOwners.placeId }).from(placeOwners).where(eq(placeOwners.userId, scope.ownerId)));
  }
  return undefined;
}

function groupBy<TRow, TValue>(rows: TRow[], key: (row: TRow) => number, value: (row: TRow) => TValue) {
  const groups = new Map<number, TValue[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
}

async function tagIdsByPlace(db: Database, scope: PlaceScope) {
  const rows = await db
    .select({ placeId: placeTags.placeId, tagId: placeTags.tagId })
    .from(placeTags)
    .where(scopeCondition(placeTags.placeId, scope, db))
    .orderBy(asc(placeTags.tagId));
  return groupBy(rows, (row) => row.placeId, (row) => row.tagId);
}

/** Owners as the spec lists them: names, or the email when a name is empty. */
async function ownerNamesByPlace(db: Database, scope: PlaceScope) {
  const rows = await db
    .select({ placeId: placeOwners.placeId, name: users.name, email: users.email })
    .from(placeOwners)
    .innerJoin(users, eq(users.id, placeOwners.userId))
    .where(scopeCondition(placeOwners.placeId, scope, db))
    .orderBy(asc(placeOwners.createdAt), asc(users.id));
  return groupBy(rows, (row) => row.placeId, (row) => row.name.trim() || row.email);
}

async function placeRows(db: Database, scope: PlaceScope) {
  return db.select().from(places).where(scopeCondition(places.id, scope, db)).orderBy(asc(places.name), asc(places.id));
}

/** GET /api/places: every venue, public fields only. */
export async function listPublicPlaces(db: Database): Promise<PublicPlace[]> {
  const scope = { all: true } as const;
  const [rows, tagIds] = await Promise.all([placeRows(db, scope), tagIdsByPlace(db, scope)]);
  return rows.map((row) => toPublicPlace(row, tagIds.get(row.id) ?? []));
}

/** The places a caller manages, with private fields: an owner's own, or every place for the admin. */
export async function listOwnedPlaces(db: Database, principal: Principal): Promise<OwnedPlace[]> {
  const scope: PlaceScope =
    principal.role === "admin" ? { all: true } : { ownerId: principal.userId ?? 0 };
  const [rows, tagIds, owners] = await Promise.all([
    placeRows(db, scope),
    tagIdsByPlace(db, scope),
    ownerNamesByPlace(db, scope),
  ]);
  return rows.map((row) => toOwnedPlace(row, tagIds.get(row.id) ?? [], owners.get(row.id) ?? []));
}

/**
 * Every venue's slug and when its profile last changed (ms): the place's own row or one of its
 * events, whichever changed last (the sitemap's lastmod, docs/embeds.md#sitemap-and-robots).
 */
export async function sitemapPlaces(db: Database): Promise<{ slug: string; city: string | null; changed: number }[]> {
  const eventChange = sql<number | null>`max(coalesce(${events.updatedAt}, ${events.createdAt}))`;
  const city = sql<string | null>`(SELECT ${cities.slug} FROM ${cities} WHERE ${cities.id} = ${places.cityId})`;
  const rows = await db
    .select({ slug: places.slug, city, created: places.createdAt, updated: places.updatedAt, eventChange })
    .from(places)
    .leftJoin(events, eq(events.placeId, places.id))
    .groupBy(places.id)
    .orderBy(asc(places.slug));
  return rows.map((row) => ({ slug: row.slug, city: row.city, changed: Math.max((row.updated ?? row.created).getTime(), row.eventChange ?? 0) }));
}

/** A place by numeric id or by slug (profile URLs use slugs). */
export async function findPlaceRow(db: Database, idOrSlug: number | string): Promise<Place | undefined> {
  const condition = typeof idOrSlug === "number" ? eq(places.id, idOrSlug) : eq(places.slug, idOrSlug);
  const [row] = await db.select().from(places).where(condition).limit(1);
  return row;
}

export async function publicPlace(db: Database, row: Place): Promise<PublicPlace> {
  const tagIds = await tagIdsByPlace(db, { placeId: row.id });
  return toPublicPlace(row, tagIds.get(row.id) ?? []);
}

export async function ownedPlace(db: Database, row: Place): Promise<OwnedPlace> {
  const scope = { placeId: row.id };
  const [tagIds, owners] = await Promise.all([tagIdsByPlace(db, scope), ownerNamesByPlace(db, scope)]);
  return toOwnedPlace(row, tagIds.get(row.id) ?? [], owners.get(row.id) ?? []);
}

export async function placeExists(db: Database, placeId: number): Promise<boolean> {
  const [row] = await db.select({ id: places.id }).from(places).where(eq(places.id, placeId)).limit(1);
  return row !== undefined;
}

export async function isPlaceOwner(db: Database, userId: number, placeId: number): Promise<boolean> {
  const [row] = await db
    .select({ placeId: placeOwners.placeId })
    .from(placeOwners)
    .where(and(eq(placeOwners.placeId, placeId), eq(placeOwners.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function ownsAnyPlace(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ placeId: placeOwners.placeId }).from(placeOwners).where(eq(placeOwners.userId, userId)).limit(1);
  return row !== undefined;
}

/** May this caller see the place's private fields and change it? */
export async function canManagePlace(db: Database, principal: Principal, placeId: number): Promise<boolean> {
  if (principal.role === "admin") return true;
  return principal.userId !== null && isPlaceOwner(db, principal.userId, placeId);
}

/** Which of these tag ids do not exist. */
export async function unknownTagIds(db: Database, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
  const known = new Set(found.map((row) => row.id));
  return tagIds.filter((id) => !known.has(id));
}

const COLUMN_OF_FIELD = {
  name: "name",
  address: "address",
  city: "city",
  state: "state",
  country: "country",
  postal_code: "postalCode",
  latitude: "latitude",
  longitude: "longitude",
  type: "type",
  category: "category",
  website: "website",
  phone_number: "phoneNumber",
  description: "description",
  favorite: "favorite",
  monday_open: "mondayOpen",
  monday_close: "mondayClose",
  tuesday_open: "tuesdayOpen",
  tuesday_close: "tuesdayClose",
  wednesday_open: "wednesdayOpen",
  wednesday_close: "wednesdayClose",
  thursday_open: "thursdayOpen",
  thursday_close: "thursdayClose",
  friday_open: "fridayOpen",
  friday_close: "fridayClose",
  saturday_open: "saturdayOpen",
  saturday_close: "saturdayClose",
  sunday_open: "sundayOpen",
  sunday_close: "sundayClose",
  open_time: "openTime",
  close_time: "closeTime",
  lively_threshold: "livelyThreshold",
  packed_threshold: "packedThreshold",
  no_device: "noDevice",
  max_devices: "maxDevices",
  public_counts: "publicCounts",
  timezone: "timezone",
} as const satisfies Record<Exclude<keyof PlaceFields, "tags" | "city_slug">, keyof NewPlace>;

/** The columns to write for the given (validated) fields; absent fields are left out. */
export function placeColumns(fields: Omit<PlaceFields, "tags" | "city_slug">): Partial<NewPlace> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF_FIELD)) {
    const value = fields[field as keyof typeof COLUMN_OF_FIELD];
    if (value !== undefined) columns[column] = value;
  }
  return columns as Partial<NewPlace>;
}

/** Links the place matching `placeCondition` to the tags in one statement (usable inside a batch). */
function insertPlaceTags(db: Database, placeCondition: SQL, tagIds: number[]) {
  return db
    .insert(placeTags)
    .select(
      db
        .select({ placeId: places.id, tagId: tags.id })
        .from(places)
        .innerJoin(tags, inArray(tags.id, tagIds))
        .where(placeCondition),
    );
}

async function takenSlugs(db: Database, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: places.slug })
    .from(places)
    .where(or(eq(places.slug, base), like(places.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
}

/**
 * Inserts a place and its tags in one batch (all or nothing) under a slug made from its name.
 * Two admins adding the same name at once collide on the unique slug: the loser retries.
 */
export async function createPlace(
  db: Database,
  values: Omit<NewPlace, "slug">,
  tagIds: number[],
): Promise<Place> {
  const base = slugify(values.name);
  for (let attempt = 0; ; attempt++) {
    const slug = firstFreeSlug(base, await takenSlugs(db, base));
    const insertPlace = db.insert(places).values({ ...values, slug }).returning();
    try {
      const [inserted] =
        tagIds.length > 0
          ? await db.batch([insertPlace, insertPlaceTags(db, eq(places.slug, slug), tagIds)])
          : [await insertPlace];
      return inserted[0];
    } catch (error) {
      if (attempt < 3 && isConstraintError(error, "UNIQUE")) continue;
      throw error;
    }
  }
}

/**
 * Writes the changed columns and, when `tagIds` is given, replaces the place's tags — in one
 * batch, so a failure leaves the old row and the old tags in place.
 */
export async function updatePlace(
  db: Database,
  placeId: number,
  columns: Partial<NewPlace>,
  tagIds?: number[],
): Promise<void> {
  if (Object.keys(columns).length === 0 && tagIds === undefined) return;
  const update = db
    .update(places)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(places.id, placeId));
  if (tagIds === undefined) {
    await update;
    return;
  }
  const clearTags = db.delete(placeTags).where(eq(placeTags.placeId, placeId));
  if (tagIds.length === 0) {
    await db.batch([update, clearTags]);
    return;
  }
  await db.batch([update, clearTags, insertPlaceTags(db, eq(places.id, placeId), tagIds)]);
}

/** GET /api/businesses: what the max-devices screen lists. */
export function listBusinesses(db: Database): Promise<BusinessAnswer[]> {
  return db
    .select({ id: places.id, name: places.name, max_devices: places.maxDevices })
    .from(places)
    .orderBy(asc(places.name), asc(places.id));
}

/** Sets a place's device limit; undefined when there is no such place. */
export async function setMaxDevices(db: Database, placeId: number, maxDevices: number) {
  const [row] = await db
    .update(places)
    .set({ maxDevices, updatedAt: new Date() })
    .where(eq(places.id, placeId))
    .returning({ id: places.id, name: places.name, max_devices: places.maxDevices });
  return row;
}
