import { MINUTE_MS } from "../aggregate";
import type { KeyFromD1 } from "./types";

/**
 * A key the object knows to be valid is checked against D1 again after this long, so a revocation
 * whose forgetDevice call never arrived (the admin's request failed half way) still takes effect.
 */
export const KEY_RECHECK_MS = 5 * MINUTE_MS;

/** A device row as D1 has it for a key hash (worker/db/devices.ts deviceByKeyHash). */
export interface KeyOwner {
  id: number;
  placeId: number;
  revokedAt: unknown;
}

/**
 * The place's valid device keys (SHA-256 → device id, and when D1 last said so) and the ones
 * found revoked or foreign. Sensor requests are checked here rather than in D1 because the object
 * hears each revocation at once (forget), so ingest reads D1 only for a key's first request and
 * then every KEY_RECHECK_MS.
 */
export class KeyCache {
  private readonly validKeys = new Map<string, { deviceId: number; checkedAt: number }>();
  private readonly refusedKeys = new Set<string>();
  /** Bumped by every revocation, so a D1 read that a revocation overtook is not trusted. */
  private revocations = 0;

  /**
   * `readOwner` reads a key's device from D1; `isRevoked` says whether a revocation of the device
   * reached the object (device-registry.ts).
   */
  constructor(
    private readonly readOwner: (keyHash: string) => Promise<KeyOwner | undefined | null>,
    private readonly isRevoked: (deviceId: number) => boolean,
  ) {}

  /** The id of the unrevoked device of this place that `keyHash` belongs to, or null. */
  async deviceOf(placeId: number, keyHash: string, readFromD1?: KeyFromD1): Promise<number | null> {
    const known = this.validKeys.get(keyHash);
    if (known && Date.now() - known.checkedAt < KEY_RECHECK_MS) return known.deviceId;
    if (this.refusedKeys.has(keyHash)) return null;
    // The worker read this key from D1 for this very request. A revocation that reached this object
    // since then put the device in revoked_devices, and such a device's key is read from D1 again
    // (it may be the new key of a device registered again under its name).
    if (readFromD1 && !this.isRevoked(readFromD1.deviceId)) {
      this.validKeys.set(keyHash, { deviceId: readFromD1.deviceId, checkedAt: Date.now() });
      return readFromD1.deviceId;
    }
    // Other calls run while D1 answers: read again if a revocation came in meanwhile.
    let device: KeyOwner | undefined | null;
    let revocationsBefore: number;
    do {
      revocationsBefore = this.revocations;
      device = await this.readOwner(keyHash);
    } while (revocationsBefore !== this.revocations);
    if (!device || device.placeId !== placeId || device.revokedAt !== null) {
      // Only keys that once belonged to this place get here, so the set stays small.
      this.validKeys.delete(keyHash);
      this.refusedKeys.add(keyHash);
      return null;
    }
    this.validKeys.set(keyHash, { deviceId: device.id, checkedAt: Date.now() });
    return device.id;
  }

  /**
   * A revocation: the device's keys are forgotten, not refused. The device may have a new key
   * already (registered again under its name), and D1 tells the revoked key from the new one on
   * their next request.
   */
  forget(deviceId: number) {
    this.revocations++;
    for (const [keyHash, key] of this.validKeys) {
      if (key.deviceId === deviceId) this.validKeys.delete(keyHash);
    }
  }
}
