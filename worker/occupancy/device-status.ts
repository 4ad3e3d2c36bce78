// What the place's object knows about each of its devices, as its devices() answers it. Its own
// module so the object, the devices query (worker/db/devices.ts) and sensor health can all read the
// shapes without importing one another (docs/code-layout.md).
import type { DeviceLatest } from "./aggregate";

/** A device's implausible readings of the last 24 hours (see plausibility.ts). */
export interface ImplausibleReadings {
  count: number;
  latestCount: number;
  latestTs: number;
  /** The packed threshold the latest one exceeded ten times over. */
  packedThreshold: number;
}

/** What the object knows about one device. */
export interface DeviceStatus extends DeviceLatest {
  heartbeatAt: number | null;
  firmware: string | null;
  uptimeS: number | null;
  rssi: number | null;
  /** Since when (epoch ms) its latest count has been unchanged; null before the first reading. */
  countSince: number | null;
  /** Its newest live reading's stamp minus the arrival (ms): its clock's drift; null when unknown. */
  driftMs: number | null;
}

/** A device as the devices list shows it: its status and what it sent that was flagged. */
export interface DeviceReport extends DeviceStatus {
  implausible: ImplausibleReadings | null;
}
