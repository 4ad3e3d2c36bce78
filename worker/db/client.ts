import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

const connect = (binding: D1Database) => drizzle(binding, { schema });

export type Database = ReturnType<typeof connect>;

/**
 * Building a drizzle instance walks the whole schema, which cost a webhook uplink more CPU than
 * its own work: one instance per D1 binding, shared by the requests that use it.
 */
const databases = new WeakMap<D1Database, Database>();

export function getDb(env: Pick<Env, "DB">): Database {
  let db = databases.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    databases.set(env.DB, db);
  }
  return db;
}
