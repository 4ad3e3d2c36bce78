import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { devices, places } from "../../drizzle/schema";
import { isRecent } from "../occupancy/aggregate";
import type { DeviceReport } from "../occupancy/device-status";
import { implausibleReason } from "../occupancy/plausibility";
import { sensorHealth, type HealthContext } from "../occupancy/sensor-health";
import type { DeviceAnswer, RegisteredDeviceAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";
import { hourColumns, hoursOfRow } from "./when-to-go";
import { isoOrNull } from "../lib/iso";


type DeviceRow = { id: number; name: string; devEui: string | null; createdAt: Date };

/**
 * A registered device with what its place's object last heard from it (nothing yet: `status`
 * undefined) and its problems by the place's hours.
 */
export function toDeviceAnswer(device: DeviceRow, status: DeviceReport | undefined, place: Omit<HealthContext, "lorawan">, now: number): DeviceAnswer {
  return {
    id: device.id,
    name: device.name,
    dev_eui: device.devEui,
    created_at: device.createdAt.toISOString(),
    online: isRecent(status?.lastSeenAt ?? null, now),
    last_seen_at: isoOrNull(status?.lastSeenAt ?? null),
    last_count: status?.count ?? null,
    last_reading_at: isoOrNull(status?.readingTs ?? null),
    firmware: status?.firmware ?? null,
    uptime_s: status?.uptimeS ?? null,
    rssi: status?.rssi ?? null,
    flagged: status?.implausible
      ? {
          implausible_readings_24h: status.implausible.count,
          latest_count: status.implausible.latestCount,
          latest_at: new Date(status.implausible.latestTs).toISOString(),
          reason: implausibleReason(status.implausible.packedThreshold),
        }
      : null,
    health: sensorHealth(status, { ...place, lorawan: device.devEui !== null }, now),
  };
}

/** The one answer that carries the device's key: it is shown once and stored only as its hash. */
export function toRegisteredDeviceAnswer(device: DeviceRow, key: string): RegisteredDeviceAnswer {
  return { id: device.id, name: device.name, dev_eui: device.devEui, key, created_at: device.createdAt.toISOString() };
}

export async function activeDevices(db: Database, placeId: number): Promise<DeviceRow[]> {
  return db
    .select({ id: devices.id, name: devices.name, devEui: devices.devEui, createdAt: devices.createdAt })
    .from(devices)
    .where(and(eq(devices.placeId, placeId), isNull(devices.revokedAt)))
    .orderBy(asc(devices.id));
}

export async function deviceLimit(db: Database, placeId: number): Promise<number | null> {
  const [row] = await db.select({ maxDevices: places.maxDevices }).from(places).where(eq(places.id, placeId)).limit(1);
  return row?.maxDevices ?? null;
}

/** The place's device limit, and its hours and zone for sensor health; null when there is no such place. */
export async function devicePlace(db: Database, placeId: number) {
  const [row] = await db
    .select({ maxDevices: places.maxDevices, timeZone: places.timezone, ...hourColumns })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  if (!row) return null;
  return { maxDevices: row.maxDevices, hours: hoursOfRow(row), timeZone: row.timeZone };
}

export type RegisterOutcome =
  | { kind: "registered"; id: number; createdAt: Date }
  | { kind: "limit-reached" }
  | { kind: "name-taken" }
  | { kind: "dev-eui-taken" };

/**
 * Registers a device under the place's max_devices in one statement, so two admins registering
 * at once cannot both slip under the limit. A revoked device's name is reused by giving that
 * device a new key (its history continues); an active device's name is taken.
 */
export async function registerDevice(
  db: Database,
  placeId: number,
  name: string,
  keyHash: string,
  devEui: string | null,
  ttnApplicationId: string | null,
): Promise<RegisterOutcome> {
  const [existing] = await db
    .select({ id: devices.id, revokedAt: devices.revokedAt })
    .from(devices)
    .where(and(eq(devices.placeId, placeId), eq(devices.name, name)))
    .limit(1);
  if (existing && existing.revokedAt === null) return { kind: "name-taken" };
  if (devEui !== null && (await deviceByDevEui(db, devEui))) return { kind: "dev-eui-taken" };
  const underLimit = sql`(SELECT count(*) FROM ${devices} WHERE ${devices.placeId} = ${placeId} AND ${devices.revokedAt} IS NULL)
    < (SELECT ${places.maxDevices} FROM ${places} WHERE ${places.id} = ${placeId})`;
  const rows = existing
    ? await db
        .update(devices)
        .set({ keyHash, devEui, ttnApplicationId, revokedAt: null, createdAt: new Date() })
        .where(and(eq(devices.id, existing.id), sql`${devices.revokedAt} IS NOT NULL`, underLimit))
        .returning({ id: devices.id, createdAt: devices.createdAt })
    : await db.all<{ id: number; created_at: number }>(sql`
        INSERT INTO ${devices} (place_id, name, key_hash, dev_eui, ttn_application_id, created_at)
        SELECT ${placeId}, ${name}, ${keyHash}, ${devEui}, ${ttnApplicationId}, ${Date.now()} WHERE ${underLimit}
        ON CONFLICT DO NOTHING
        RETURNING id, created_at`).then((inserted) => inserted.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) })));
  if (rows.length === 1) return { kind: "registered", ...rows[0] };
  // Nothing written: the limit, or another request took the name or the DevEUI a moment ago.
  const [again] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.placeId, placeId), eq(devices.name, name), isNull(devices.revokedAt)))
    .limit(1);
  if (again) return { kind: "name-taken" };
  if (devEui !== null && (await deviceByDevEui(db, devEui))) return { kind: "dev-eui-taken" };
  return { kind: "limit-reached" };
}

/** The active device with this DevEUI (upper case), if any, and the application it is registered under. */
export async function deviceByDevEui(db: Database, devEui: string) {
  const [device] = await db
    .select({ id: devices.id, placeId: devices.placeId, applicationId: devices.ttnApplicationId })
    .from(devices)
    .where(and(eq(devices.devEui, devEui), isNull(devices.revokedAt)))
    .limit(1);
  return device ?? null;
}

/** The device a key belongs to, revoked or not. */
export async function deviceByKeyHash(db: Database, keyHash: string) {
  const [device] = await db
    .select({ id: devices.id, placeId: devices.placeId, revokedAt: devices.revokedAt })
    .from(devices)
    .where(eq(devices.keyHash, keyHash))
    .limit(1);
  return device ?? null;
}

/** Marks an active device revoked; false when there is no such active device at the place. */
export async function revokeDevice(db: Database, placeId: number, deviceId: number): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ revokedAt: new Date() })
    .where(and(eq(devices.id, deviceId), eq(devices.placeId, placeId), isNull(devices.revokedAt)))
    .returning({ id: devices.id });
  return rows.length === 1;
}

/**
 * Registers a DevEUI device that has no application yet under `applicationId` (its first uplink's
 * key's); the application it is registered under afterwards, which another request may have set.
 */
export async function bindDeviceApplication(db: Database, deviceId: number, applicationId: string): Promise<string | null> {
  await db.update(devices).set({ ttnApplicationId: applicationId }).where(and(eq(devices.id, deviceId), isNull(devices.ttnApplicationId)));
  const [device] = await db.select({ applicationId: devices.ttnApplicationId }).from(devices).where(eq(devices.id, deviceId)).limit(1);
  return device?.applicationId ?? null;
}
