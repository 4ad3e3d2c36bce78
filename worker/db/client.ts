import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

export type Database = ReturnType<typeof getDb>;

export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}
