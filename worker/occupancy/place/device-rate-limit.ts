import { FixedWindowLimit } from "../../lib/fixed-window-limit";
import { MINUTE_MS } from "../aggregate";
import type { DeviceRefusal } from "./types";

/**
 * Requests a sensor may make a minute, readings and heartbeats together: it posts about once a
 * minute, so this leaves room for retries and buffered uploads but stops a runaway loop.
 */
export const DEVICE_REQUESTS_PER_MINUTE = 60;

/** Each device's requests in the object's memory (exact: the object serializes its place's sensors). */
export class DeviceRateLimit {
  private readonly requests = new FixedWindowLimit<number>(DEVICE_REQUESTS_PER_MINUTE, MINUTE_MS);

  /** Counts a request of the device at `now`; a refusal once it made too many this minute. */
  take(deviceId: number, now: number): DeviceRefusal | null {
    const retryAfterSeconds = this.requests.take(deviceId, now);
    return retryAfterSeconds === null ? null : { refused: "rate-limited", retryAfterSeconds };
  }
}
