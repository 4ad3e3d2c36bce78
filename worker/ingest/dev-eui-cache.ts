// Which active device has a DevEUI, remembered per isolate, so a The Things Stack uplink reads D1
// for its device only now and then. Safe against revocation: the place's object refuses a device
// it was told is revoked (forgetDevice), and the webhook then drops the entry and asks D1 again,
// as the DevEUI may belong to a new device by now.
import type { Database } from "../db/client";
import { deviceByDevEui } from "../db/devices";
import { KEY_RECHECK_MS } from "../occupancy/place-occupancy";

export interface DevEuiDevice {
  id: number;
  placeId: number;
}

/**
 * An entry is read from D1 again after this long, like a device key in its place's object, so a
 * revocation whose message to the object was lost still takes effect.
 */
export const DEV_EUI_RECHECK_MS = KEY_RECHECK_MS;
const ENTRIES = 10_000;

const devices = new Map<string, { device: DevEuiDevice; checkedAt: number }>();

/** The active device with this DevEUI, and whether the answer came from memory rather than D1. */
export async function activeDeviceOfDevEui(db: Database, devEui: string, now: number): Promise<{ device: DevEuiDevice | null; remembered: boolean }> {
  const known = devices.get(devEui);
  if (known && now - known.checkedAt < DEV_EUI_RECHECK_MS) return { device: known.device, remembered: true };
  devices.delete(devEui);
  const device = await deviceByDevEui(db, devEui);
  if (device) {
    // Oldest first out; a device pushed out costs one more D1 read.
    if (devices.size >= ENTRIES) devices.delete(devices.keys().next().value!);
    devices.set(devEui, { device, checkedAt: now });
  }
  return { device, remembered: false };
}

/** Drops what this isolate remembers of a DevEUI. */
export function forgetDevEui(devEui: string) {
  devices.delete(devEui);
}

/** Drops what this isolate remembers of a device (it was revoked here). */
export function forgetDevEuiDevice(deviceId: number) {
  for (const [devEui, entry] of devices) {
    if (entry.device.id === deviceId) devices.delete(devEui);
  }
}
