import { BUCKET_MS, bucketStart } from "../aggregate";
import { RETENTION_MS } from "../reading-window";
import type { Meta } from "./meta";

/**
 * Where an imported history starts being stored as raw readings: the later of the raw coverage
 * start and the first quarter hour wholly within the 7-day retention. The caller writes quarter
 * hours before it itself (worker/routes/history.ts).
 */
export function importRawStart(rawFrom: number, now: number): number {
  return Math.max(rawFrom, bucketStart(now - RETENTION_MS) + BUCKET_MS);
}

/**
 * Remembers the place's "Imported history" device as the one that yields when quarter hours are
 * computed (aggregate.ts peoplePerMinuteYielding), so a live sensor and its own log never add up.
 */
export function rememberImportDevice(meta: Meta, deviceId: number) {
  if (meta.get("import_device") !== String(deviceId)) meta.set("import_device", String(deviceId));
}
