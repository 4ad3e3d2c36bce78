// Demo sensors and occupancy for the seeded venues: one or two devices each (with local-only
// keys written to the state folder for `npm run simulate`) and 8 weeks of quarter hours produced
// by the product's own aggregation from generated readings. Live numbers come only from counts
// posted through the places' objects (the simulator), so D1 and the objects never disagree.
// Idempotent: devices are matched by name, history is deterministic and is written only for a
// venue that has none: a place's object holds no raw readings for quarter hours before the end of
// the D1 history it first finds, and refuses late readings for them, so the seed must never add
// quarter hours after that point.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq, lt } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../drizzle/schema.ts";
import { historyBucketWrites } from "../worker/db/history.ts";
import { dayRollupWrites } from "../worker/db/local-hours.ts";
import type { Bucket } from "../worker/occupancy/aggregate.ts";
import { DAY_MS, venueDayAt, type PlaceClock } from "../common/local-time.ts";
import { demoDeviceNames, demoHistory, deviceShares, HISTORY_DAYS, seedHolidays } from "./seed-data/occupancy.ts";
import { seedVenues } from "./seed-data/venues.ts";
import { stateDir } from "./local-state.ts";

type SeedDb = DrizzleD1Database<typeof schema>;
type SeedD1 = Parameters<typeof drizzle>[0];

/** Device keys of the demo sensors, for the simulator. Local state only: never in production. */
export const demoKeysPath = () => path.join(stateDir(), "demo-device-keys.json");

export interface DemoDeviceKey {
  placeId: number;
  slug: string;
  deviceId: number;
  name: string;
  key: string;
}

export function readDemoKeys(): DemoDeviceKey[] {
  return existsSync(demoKeysPath()) ? (JSON.parse(readFileSync(demoKeysPath(), "utf8")) as DemoDeviceKey[]) : [];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Registers the demo sensors (keeping keys that still match) and returns every key. */
async function seedDevices(db: SeedDb, places: Map<string, number>): Promise<DemoDeviceKey[]> {
  const known = new Map(readDemoKeys().map((entry) => [`${entry.placeId}/${entry.name}`, entry.key]));
  const keys: DemoDeviceKey[] = [];
  for (const venue of seedVenues) {
    const placeId = places.get(venue.slug);
    if (placeId === undefined) continue;
    const names = demoDeviceNames(venue);
    await db
      .update(schema.places)
      .set({ maxDevices: names.length })
      .where(and(eq(schema.places.id, placeId), lt(schema.places.maxDevices, names.length)));
    for (const name of names) {
      const [row] = await db
        .select({ id: schema.devices.id, keyHash: schema.devices.keyHash, revokedAt: schema.devices.revokedAt })
        .from(schema.devices)
        .where(and(eq(schema.devices.placeId, placeId), eq(schema.devices.name, name)));
      const knownKey = known.get(`${placeId}/${name}`);
      if (row && row.revokedAt === null && knownKey && sha256(knownKey) === row.keyHash) {
        keys.push({ placeId, slug: venue.slug, deviceId: row.id, name, key: knownKey });
        continue;
      }
      const key = `tpd_${randomBytes(32).toString("base64url")}`;
      const [device] = row
        ? await db
            .update(schema.devices)
            .set({ keyHash: sha256(key), revokedAt: null })
            .where(eq(schema.devices.id, row.id))
            .returning({ id: schema.devices.id })
        : await db.insert(schema.devices).values({ placeId, name, keyHash: sha256(key) }).returning({ id: schema.devices.id });
      keys.push({ placeId, slug: venue.slug, deviceId: device.id, name, key });
    }
  }
  writeFileSync(demoKeysPath(), JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
  return keys;
}

/**
 * Adds a place's quarter hours to occupancy_15m as a history import does (historyBucketWrites:
 * rows already there, from an earlier seed or the place's object, stay unless the new ones are
 * more complete), then recomputes the day peaks of the days they cover in the same batch.
 */
export async function storeHistory(d1: SeedD1, place: { id: number } & PlaceClock, buckets: readonly Bucket[]) {
  if (buckets.length === 0) return;
  const db = drizzle(d1, { schema });
  const days = [buckets[0].start, buckets[buckets.length - 1].start].map((start) => venueDayAt(place, start));
  const [first, ...rest] = historyBucketWrites(db, place.id, buckets);
  await db.batch([first, ...rest, ...dayRollupWrites(db, place.id, place, days[0], days[1], Date.now())]);
}

export async function seedOccupancy(d1: SeedD1, now = Date.now()) {
  const db = drizzle(d1, { schema });
  const placeRows = await db
    .select({
      id: schema.places.id,
      slug: schema.places.slug,
      timeZone: schema.places.timezone,
      dayStartHour: schema.places.dayStartHour,
    })
    .from(schema.places);
  const places = new Map(placeRows.map((place) => [place.slug, place]));
  const keys = await seedDevices(db, new Map(placeRows.map((place) => [place.slug, place.id])));

  let quarterHours = 0;
  const nowDay = Math.floor(now / DAY_MS);
  for (const [index, venue] of seedVenues.entries()) {
    const place = places.get(venue.slug);
    const venueKeys = keys.filter((key) => key.slug === venue.slug);
    if (!place || venueKeys.length === 0) continue;
    const [existing] = await db.select({ n: count() }).from(schema.occupancy15m).where(eq(schema.occupancy15m.placeId, place.id));
    if (existing.n > 0) continue;
    const shares = deviceShares(venueKeys.length);
    const devices = venueKeys.map((key, i) => ({ id: key.deviceId, share: shares[i] }));
    const holidays = await seedHolidays(venue.city, nowDay - HISTORY_DAYS - 1, nowDay + 1);
    const buckets = demoHistory(venue, index + 1, devices, place.timeZone, now, holidays);
    quarterHours += buckets.length;
    await storeHistory(d1, place, buckets);
  }
  return { devices: keys.length, quarterHours };
}
