import { asc, eq } from "drizzle-orm";
import { tags } from "../../drizzle/schema";
import type { TagAnswer } from "../../common/schemas/answers";
import type { NamedRecordInput } from "../../common/schemas/tag";
import type { Database } from "./client";

const tagColumns = { id: tags.id, name: tags.name, description: tags.description };

export function listTags(db: Database): Promise<TagAnswer[]> {
  return db.select(tagColumns).from(tags).orderBy(asc(tags.name));
}

export async function findTag(db: Database, tagId: number): Promise<TagAnswer | undefined> {
  const [row] = await db.select(tagColumns).from(tags).where(eq(tags.id, tagId)).limit(1);
  return row;
}

export async function insertTag(db: Database, input: NamedRecordInput): Promise<TagAnswer> {
  const [row] = await db.insert(tags).values(input).returning(tagColumns);
  return row;
}

/** Undefined when there is no such tag. */
export async function updateTag(db: Database, tagId: number, input: NamedRecordInput): Promise<TagAnswer | undefined> {
  const [row] = await db.update(tags).set(input).where(eq(tags.id, tagId)).returning(tagColumns);
  return row;
}

/** Removes the tag from every place too (place_tags cascades); false when there was no such tag. */
export async function deleteTag(db: Database, tagId: number): Promise<boolean> {
  const deleted = await db.delete(tags).where(eq(tags.id, tagId)).returning({ id: tags.id });
  return deleted.length > 0;
}
