// What the place object's RPC methods answer the worker (re-exported by place-occupancy.ts).
import type * as v from "valibot";
import type { heartbeatBodySchema } from "../../../common/schemas/ingest";

export interface IngestResult {
  accepted: number;
  duplicates: number;
  /** Readings not stored because the sensor has a later one in the same minute. */
  superseded: number;
  /** Indexes (as sent) of readings refused because their quarter hour is before `rawFrom`. */
  final: number[];
  /** Where the object's raw readings start (epoch ms, a quarter-hour boundary). */
  rawFrom: number;
}

/** Why the object turned a sensor's request away; nothing was stored. */
export type DeviceRefusal =
  | { refused: "unknown-key" }
  | { refused: "revoked" }
  | { refused: "rate-limited"; retryAfterSeconds: number };

/**
 * What the worker's D1 read for this request said of a key: the active device of this place it
 * belongs to. Spares the object a second read of the same row (see key-cache.ts).
 */
export interface KeyFromD1 {
  deviceId: number;
}

export const isRefusal = (outcome: object): outcome is DeviceRefusal => "refused" in outcome;

export type HeartbeatInput = v.InferOutput<typeof heartbeatBodySchema>;
