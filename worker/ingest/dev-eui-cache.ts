// Which active device has a DevEUI, remembered per isolate, so a The Things Stack uplink reads D1
// for its device only now and then. Safe against revocation: the place's object refuses a device
// it was told is revoked (forgetDevice), and the webhook then drops the entry and asks D1 again,
// as the DevEUI may belong to a new device by now. A DevEUI no active device has is remembered
// too, for a minute, like a made-up sensor key (auth/middleware.ts), so its repeated uplinks cost
// no D1 read and no write.
import type { Database } from "../db/client";
import { deviceByDevEui } from "../db/devices";
import { KEY_RECHECK_MS } from "../occupancy/place-occupancy";

export interface DevEuiDevice {
  id: number;
  placeId: number;
  /** The The Things Stack application it is registered under; null until its first uplink. */
  applicationId: string | null;
}

/**
 * An entry is read from D1 again after this long, like a device key in its place's object, so a
 * revocation whose message to the object was lost still takes effect.
 */
export const DEV_EUI_RECHECK_MS = KEY_RECHECK_MS;
const ENTRIES = 10_000;

/**
 * An unknown DevEUI is asked of D1 again after this long. Registering it here forgets it at once;
 * in other isolates its uplinks count from within this time.
 */
export const UNKNOWN_DEV_EUI_TTL_MS = 60_000;

/** A null device: no active device had the DevEUI when D1 was asked. */
const devices = new Map<string, { device: DevEuiDevice | null; checkedAt: number }>();

/** The active device with this DevEUI, and whether the answer came from memory rather than D1. */
export async function activeDeviceOfDevEui(db: Database, devEui: string, now: number): Promise<{ device: DevEuiDevice | null; remembered: boolean }> {
  const known = devices.get(devEui);
  if (known && now - known.checkedAt < (known.device ? DEV_EUI_RECHECK_MS : UNKNOWN_DEV_EUI_TTL_MS)) {
    return { device: known.device, remembered: true };
  }
  devices.delete(devEui);
  const device = await deviceByDevEui(db, devEui);
  // Oldest first out; an entry pushed out costs one more D1 read. A flood of made-up DevEUIs only
  // pushes out entries, as with made-up keys.
  if (devices.size >= ENTRIES) devices.delete(devices.keys().next().value!);
  devices.set(devEui, { device, checkedAt: now });
  return { device, remembered: false };
}

/** The application a remembered device was just registered under (bindDeviceApplication). */
export function rememberDevEuiApplication(devEui: string, applicationId: string | null) {
  const known = devices.get(devEui);
  if (known?.device) known.device = { ...known.device, applicationId };
}

/** Drops what this isolate remembers of a DevEUI. */
export function forgetDevEui(devEui: string) {
  devices.delete(devEui);
}

/** Drops what this isolate remembers of a device (it was revoked here). */
export function forgetDevEuiDevice(deviceId: number) {
  for (const [devEui, entry] of devices) {
    if (entry.device?.id === deviceId) devices.delete(devEui);
  }
}
