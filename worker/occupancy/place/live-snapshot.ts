import type { OccupancyConfig } from "../../db/occupancy";
import { liveSnapshot, type DeviceLatest, type LiveSnapshot } from "../aggregate";
import { calibratedPeople } from "../calibration";

/** The live numbers of a place, in people by its calibration; `yielding` is its imported history's device. */
export const liveSnapshotOf = (devices: readonly DeviceLatest[], config: OccupancyConfig, now: number, yielding: number | null) =>
  liveSnapshot(devices, config, now, (count) => calibratedPeople(count, config.calibration), yielding);

/** The answer for a place D1 no longer has (or never had). */
export const NO_LIVE: LiveSnapshot = { people: null, percent: null, level: null, devices: null, devicesOnline: 0, updatedAt: null };
