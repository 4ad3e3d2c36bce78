import { and, asc, count, eq, notInArray, sql } from "drizzle-orm";
import { eventCategories, events, placeOwners, users, type EventCategory } from "../../drizzle/schema";
import type { EventCategoryAnswer } from "../../common/schemas/answers";
import type { NamedRecordInput } from "../../common/schemas/tag";
import type { Database } from "./client";

const categoryColumns = { id: eventCategories.id, name: eventCategories.name, description: eventCategories.description };

/** How many categories one owner account may create; the admin has no cap. */
export const CATEGORIES_PER_ACCOUNT = 20;
/** GET /api/event-categories answers at most this many, so the public list stays bounded. */
export const MAX_LISTED_CATEGORIES = 200;

export function listEventCategories(db: Database): Promise<EventCategoryAnswer[]> {
  return db
    .select(categoryColumns)
    .from(eventCategories)
    .orderBy(asc(eventCategories.name))
    .limit(MAX_LISTED_CATEGORIES);
}

export async function findEventCategory(db: Database, categoryId: number): Promise<EventCategory | undefined> {
  const [row] = await db.select().from(eventCategories).where(eq(eventCategories.id, categoryId)).limit(1);
  return row;
}

/** The admin's category: no creator, no cap. */
export async function insertAdminEventCategory(db: Database, input: NamedRecordInput): Promise<EventCategoryAnswer> {
  const [row] = await db
    .insert(eventCategories)
    .values({ ...input, createdBy: null })
    .returning(categoryColumns);
  return row;
}

/**
 * An owner's category, written only while they have fewer than CATEGORIES_PER_ACCOUNT: the count
 * is inside the insert, so parallel creates cannot pass the cap together. Undefined when at the cap.
 */
export async function insertOwnerEventCategory(
  db: Database,
  input: NamedRecordInput,
  createdBy: number,
): Promise<EventCategoryAnswer | undefined> {
  const theirs = db.select({ n: count() }).from(eventCategories).where(eq(eventCategories.createdBy, createdBy));
  const [row] = await db
    .insert(eventCategories)
    .select(
      db
        // Insert-select names every column in table order: the id is SQLite's to choose.
        .select({
          id: sql`null`.as("id"),
          name: sql`${input.name}`.as("name"),
          description: sql`${input.description ?? ""}`.as("description"),
          createdBy: users.id,
          createdAt: sql`${Date.now()}`.as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, createdBy), sql`(${theirs}) < ${CATEGORIES_PER_ACCOUNT}`)),
    )
    .returning(categoryColumns);
  return row;
}

export async function updateEventCategory(
  db: Database,
  categoryId: number,
  input: NamedRecordInput,
): Promise<EventCategoryAnswer> {
  const [row] = await db
    .update(eventCategories)
    .set(input)
    .where(eq(eventCategories.id, categoryId))
    .returning(categoryColumns);
  return row;
}

export async function countEventsInCategory(db: Database, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(eq(events.categoryId, categoryId));
  return row.n;
}

/** Events using the category at places `userId` does not own: renaming would change their label. */
export async function countOthersEventsInCategory(db: Database, categoryId: number, userId: number): Promise<number> {
  const ownPlaces = db.select({ id: placeOwners.placeId }).from(placeOwners).where(eq(placeOwners.userId, userId));
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.categoryId, categoryId), notInArray(events.placeId, ownPlaces)));
  return row.n;
}

export async function deleteEventCategory(db: Database, categoryId: number): Promise<void> {
  await db.delete(eventCategories).where(eq(eventCategories.id, categoryId));
}
