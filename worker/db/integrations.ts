// Integration keys of The Things Stack webhooks and the uplinks whose DevEUI no device has.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { integrationKeys, unregisteredUplinks } from "../../drizzle/schema";
import type { CreatedIntegrationKeyAnswer, IntegrationKeyAnswer, UnregisteredUplinkAnswer } from "../../common/schemas/ttn";
import type { Database } from "./client";
import { isoOrNull } from "../lib/iso";

/** At most this many unregistered DevEUIs are remembered, the least recently seen dropped first. */
export const UNREGISTERED_UPLINKS_KEPT = 500;


export async function createIntegrationKey(db: Database, keyHash: string, key: string, applicationId: string): Promise<CreatedIntegrationKeyAnswer> {
  const [row] = await db
    .insert(integrationKeys)
    .values({ keyHash, applicationId })
    .returning({ id: integrationKeys.id, createdAt: integrationKeys.createdAt });
  return { id: row.id, key, application_id: applicationId, created_at: row.createdAt.toISOString() };
}

export async function activeIntegrationKeys(db: Database): Promise<IntegrationKeyAnswer[]> {
  const rows = await db
    .select({ id: integrationKeys.id, applicationId: integrationKeys.applicationId, createdAt: integrationKeys.createdAt, lastUsedAt: integrationKeys.lastUsedAt })
    .from(integrationKeys)
    .where(isNull(integrationKeys.revokedAt))
    .orderBy(integrationKeys.id);
  return rows.map((row) => ({
    id: row.id,
    application_id: row.applicationId,
    created_at: row.createdAt.toISOString(),
    last_used_at: isoOrNull(row.lastUsedAt),
  }));
}

/** False when there is no such active key. */
export async function revokeIntegrationKey(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(integrationKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(integrationKeys.id, id), isNull(integrationKeys.revokedAt)))
    .returning({ id: integrationKeys.id });
  return rows.length === 1;
}

/** last_used_at is kept to this resolution: it says whether a webhook is alive, not its traffic. */
const LAST_USED_RESOLUTION_MS = 10 * 60_000;

/** An active integration key and the application it is bound to (null: not yet, a key made before binding). */
export interface ActiveIntegrationKey {
  id: number;
  applicationId: string | null;
}

/**
 * The key if it is active: one D1 read, made by requireIntegrationKey at most every
 * INTEGRATION_KEY_RECHECK_MS per isolate. Its use is written at most once per resolution, never
 * once per uplink.
 */
export async function useIntegrationKey(db: Database, keyHash: string, now: number): Promise<ActiveIntegrationKey | null> {
  const [key] = await db
    .select({ id: integrationKeys.id, applicationId: integrationKeys.applicationId, lastUsedAt: integrationKeys.lastUsedAt })
    .from(integrationKeys)
    .where(and(eq(integrationKeys.keyHash, keyHash), isNull(integrationKeys.revokedAt)))
    .limit(1);
  if (!key) return null;
  if (key.lastUsedAt === null || now - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(integrationKeys).set({ lastUsedAt: new Date(now) }).where(eq(integrationKeys.id, key.id));
  }
  return { id: key.id, applicationId: key.applicationId };
}

/**
 * Binds a key made before keys were bound to the application of its first uplink; the application
 * it is bound to afterwards, which a request elsewhere may have set first.
 */
export async function bindIntegrationKey(db: Database, id: number, applicationId: string): Promise<string | null> {
  await db
    .update(integrationKeys)
    .set({ applicationId })
    .where(and(eq(integrationKeys.id, id), isNull(integrationKeys.applicationId)));
  const [key] = await db.select({ applicationId: integrationKeys.applicationId }).from(integrationKeys).where(eq(integrationKeys.id, id)).limit(1);
  return key?.applicationId ?? null;
}

/** Counts an uplink of an unknown DevEUI and drops the least recently seen beyond the bound. */
export async function recordUnregisteredUplink(db: Database, devEui: string, count: number | null, applicationId: string, now: number) {
  const seen = new Date(now);
  await db.batch([
    db
      .insert(unregisteredUplinks)
      .values({ devEui, firstSeen: seen, lastSeen: seen, lastCount: count, applicationId })
      .onConflictDoUpdate({
        target: unregisteredUplinks.devEui,
        set: {
          lastSeen: sql`max(${unregisteredUplinks.lastSeen}, excluded.last_seen)`,
          uplinks: sql`${unregisteredUplinks.uplinks} + 1`,
          lastCount: sql`coalesce(excluded.last_count, ${unregisteredUplinks.lastCount})`,
          applicationId: sql`excluded.application_id`,
        },
      }),
    db.delete(unregisteredUplinks).where(sql`${unregisteredUplinks.devEui} IN (
      SELECT ${unregisteredUplinks.devEui} FROM ${unregisteredUplinks}
      ORDER BY ${unregisteredUplinks.lastSeen} DESC LIMIT -1 OFFSET ${UNREGISTERED_UPLINKS_KEPT})`),
  ]);
}

export async function unregisteredUplinkList(db: Database): Promise<UnregisteredUplinkAnswer[]> {
  const rows = await db.select().from(unregisteredUplinks).orderBy(desc(unregisteredUplinks.lastSeen));
  return rows.map((row) => ({
    dev_eui: row.devEui,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    uplinks: row.uplinks,
    last_count: row.lastCount,
    application_id: row.applicationId,
  }));
}

/** Once a device has the DevEUI its uplinks are no longer unregistered. */
export async function forgetUnregisteredUplinks(db: Database, devEui: string) {
  await db.delete(unregisteredUplinks).where(eq(unregisteredUplinks.devEui, devEui));
}
