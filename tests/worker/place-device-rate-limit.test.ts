// The per-device request limit of the place object (worker/occupancy/place/device-rate-limit.ts);
// the window itself is tested in fixed-window-limit.test.ts, the 429 through ingest in ingest.test.ts.
import { describe, expect, it } from "vitest";
import { DEVICE_REQUESTS_PER_MINUTE, DeviceRateLimit } from "../../worker/occupancy/place/device-rate-limit";

const T = Date.UTC(2031, 4, 13, 16, 0);

describe("the place object's device rate limit", () => {
  it("allows 60 requests a device a minute, then refuses with the seconds left; each device counts apart", () => {
    const limit = new DeviceRateLimit();
    for (let i = 0; i < DEVICE_REQUESTS_PER_MINUTE; i++) expect(limit.take(1, T + i)).toBeNull();
    expect(limit.take(1, T + 30_000)).toEqual({ refused: "rate-limited", retryAfterSeconds: 30 });
    expect(limit.take(2, T + 30_000)).toBeNull();
    expect(limit.take(1, T + 60_000)).toBeNull();
  });
});
