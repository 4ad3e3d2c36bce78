import { eq } from "drizzle-orm";
import { featureFlags } from "../../drizzle/schema";
import type { Database } from "./client";

/** A flag's value; a flag that was never defined is off. */
export async function isFeatureEnabled(db: Database, name: string): Promise<boolean> {
  const [row] = await db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.name, name)).limit(1);
  return row?.enabled ?? false;
}
