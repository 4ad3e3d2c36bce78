import { is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
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

const dialect = new SQLiteAsyncDialect();

/**
 * A D1 statement of Drizzle SQL, for `db.$client.batch`: Drizzle's own batch cannot bind raw SQL
 * with parameters (its raw query has no prepared statement), so a batch that needs raw SQL is a D1
 * batch, and Drizzle's query builders join it through their `toSQL()`.
 */
export function d1Statement(db: Database, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}
