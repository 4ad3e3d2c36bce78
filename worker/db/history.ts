// D1 side of history import: quarter hours computed from a counter's past, and the device the
// import files under. Shared with the demo seed, which runs in Node: relative imports carry their
// extension.
import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import type { Bucket } from "../occupancy/aggregate.ts";

type Database = DrizzleD1Database<typeof schema>;

/**
 * Rows per statement. They travel as one JSON parameter (D1 binds at most 100 a statement), so a
 * year of quarter hours (35,136) is 18 statements, well under D1's statements per batch.
 */
const ROWS_PER_STATEMENT = 2_000;

/** The device a history import files under when the caller names none. */
export const IMPORT_DEVICE_NAME = "Imported history";

/**
 * Statements that add the quarter hours D1 lacks and leave every stored one as it is: a stored
 * row is the sum of all the place's sensors and keeps a mean, not the minutes behind it, so one
 * sensor's log can neither be added to it nor replace it (importing a file twice changes
 * nothing). Each answers its `changes`.
 */
export function historyBucketWrites(db: Database, placeId: number, buckets: readonly Bucket[]) {
  const statements = [];
  for (let i = 0; i < buckets.length; i += ROWS_PER_STATEMENT) {
    const rows = buckets
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((bucket) => [bucket.start / 1000, bucket.avgPeople, bucket.maxPeople, bucket.samples]);
    statements.push(
      db
        .insert(schema.occupancy15m)
        .select(
          sql`SELECT ${placeId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(${JSON.stringify(rows)}) WHERE true`,
        )
        .onConflictDoNothing({ target: [schema.occupancy15m.placeId, schema.occupancy15m.bucketStart] }),
    );
  }
  return statements;
}

/**
 * The place's "Imported history" device, created on first need. It is created revoked: it has no
 * key and sends nothing, so it takes no place under max_devices and is not listed as a sensor.
 */
export async function importDevice(db: Database, placeId: number): Promise<number> {
  const byName = and(eq(schema.devices.placeId, placeId), eq(schema.devices.name, IMPORT_DEVICE_NAME));
  await db
    .insert(schema.devices)
    .values({ placeId, name: IMPORT_DEVICE_NAME, keyHash: `import:${crypto.randomUUID()}`, revokedAt: new Date() })
    .onConflictDoNothing();
  const [device] = await db.select({ id: schema.devices.id }).from(schema.devices).where(byName).limit(1);
  return device.id;
}

/** Whether `deviceId` is a device of the place, revoked or not (a retired sensor's log is welcome). */
export async function isDeviceOf(db: Database, placeId: number, deviceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: schema.devices.id })
    .from(schema.devices)
    .where(and(eq(schema.devices.id, deviceId), eq(schema.devices.placeId, placeId)))
    .limit(1);
  return rows.length === 1;
}
