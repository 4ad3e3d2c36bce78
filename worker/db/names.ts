import { and, ne, sql } from "drizzle-orm";
import { eventCategories, tags } from "../../drizzle/schema";
import type { Database } from "./client";
import { isConstraintError } from "./errors";

/** Tags and event categories share a shape: id, a unique name and a description. */
const NAMED_TABLES = { tag: tags, eventCategory: eventCategories };
/** Named by key, so routes need not import the tables. */
export type NamedResource = keyof typeof NAMED_TABLES;

async function isNameTaken(db: Database, resource: NamedResource, name: string, exceptId?: number): Promise<boolean> {
  const table = NAMED_TABLES[resource];
  const sameName = sql`lower(${table.name}) = lower(${name})`;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId === undefined ? sameName : and(sameName, ne(table.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Runs the write unless another row (other than `exceptId`) already has the name, ignoring case.
 * "taken" either way: found first, or lost a race to the unique index.
 */
export async function writeWithUniqueName<T>(
  db: Database,
  resource: NamedResource,
  name: string,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T | "taken"> {
  if (await isNameTaken(db, resource, name, exceptId)) return "taken";
  try {
    return await write();
  } catch (error) {
    if (isConstraintError(error, "UNIQUE")) return "taken";
    throw error;
  }
}
