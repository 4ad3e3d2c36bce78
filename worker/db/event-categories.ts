import { and, asc, count, eq, notInArray } from "drizzle-orm";
import { eventCategories, events, placeOwners, type EventCategory } from "../../drizzle/schema";
import type { EventCategoryAnswer } from "../schemas/answers";
import type { NamedRecordInput } from "../schemas/tag";
import type { Database } from "./client";

const categoryColumns = { id: eventCategories.id, name: eventCategories.name, description: eventCategories.description };

export function listEventCategories(db: Database): Promise<EventCategoryAnswer[]> {
  return db.select(categoryColumns).from(eventCategories).orderBy(asc(eventCategories.name));
}

export async function findEventCategory(db: Database, categoryId: number): Promise<EventCategory | undefined> {
  const [row] = await db.select().from(eventCategories).where(eq(eventCategories.id, categoryId)).limit(1);
  return row;
}

export async function insertEventCategory(
  db: Database,
  input: NamedRecordInput,
  createdBy: number | null,
): Promise<EventCategoryAnswer> {
  const [row] = await db
    .insert(eventCategories)
    .values({ ...input, createdBy })
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
