// The place object's memory of device keys (worker/occupancy/place/key-cache.ts); through ingest
// it is tested in ingest.test.ts ("device keys"). The D1 read is a stand-in here, counting its calls.
import { describe, expect, it, vi } from "vitest";
import { KeyCache, KEY_RECHECK_MS, type KeyOwner } from "../../worker/occupancy/place/key-cache";
import { useFixedClock } from "./occupancy-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0);
useFixedClock(T);

function keyCache(owner: (read: number) => KeyOwner | null, isRevoked: (deviceId: number) => boolean = () => false) {
  const reads: string[] = [];
  const cache = new KeyCache(async (keyHash) => {
    reads.push(keyHash);
    return owner(reads.length);
  }, isRevoked);
  return { cache, reads };
}

describe("the place object's key cache", () => {
  it("reads a key's device from D1 on its first request, then again only after KEY_RECHECK_MS", async () => {
    const { cache, reads } = keyCache(() => ({ id: 7, placeId: 1, revokedAt: null }));
    expect(await cache.deviceOf(1, "k")).toBe(7);
    vi.setSystemTime(T + KEY_RECHECK_MS - 1);
    expect(await cache.deviceOf(1, "k")).toBe(7);
    expect(reads).toEqual(["k"]);
    vi.setSystemTime(T + KEY_RECHECK_MS);
    expect(await cache.deviceOf(1, "k")).toBe(7);
    expect(reads).toEqual(["k", "k"]);
  });

  it("refuses an unknown key, another place's key and a revoked device's key, and remembers each without reading D1 again", async () => {
    const owners: (KeyOwner | null)[] = [null, { id: 8, placeId: 2, revokedAt: null }, { id: 9, placeId: 1, revokedAt: new Date(T) }];
    const { cache, reads } = keyCache((read) => owners[read - 1]);
    for (const key of ["unknown", "foreign", "revoked"]) expect(await cache.deviceOf(1, key)).toBeNull();
    for (const key of ["unknown", "foreign", "revoked"]) expect(await cache.deviceOf(1, key)).toBeNull();
    expect(reads).toEqual(["unknown", "foreign", "revoked"]);
  });

  it("takes the worker's own D1 read of the key, unless a revocation of its device reached the object since", async () => {
    const { cache, reads } = keyCache(() => null, (deviceId) => deviceId === 5);
    expect(await cache.deviceOf(1, "fresh", { deviceId: 4 })).toBe(4);
    expect(await cache.deviceOf(1, "stale", { deviceId: 5 })).toBeNull();
    expect(reads).toEqual(["stale"]);
  });

  it("reads D1 again when a revocation arrived while it was reading, and forgets a revoked device's keys", async () => {
    let cache: KeyCache;
    const answers: KeyOwner[] = [
      { id: 7, placeId: 1, revokedAt: null },
      { id: 7, placeId: 1, revokedAt: new Date(T) },
    ];
    let reads = 0;
    cache = new KeyCache(async () => {
      if (reads === 0) cache.forget(7);
      return answers[Math.min(reads++, 1)];
    }, () => false);
    expect(await cache.deviceOf(1, "k")).toBeNull();
    expect(reads).toBe(2);

    let valid = true;
    cache = new KeyCache(async () => ({ id: 3, placeId: 1, revokedAt: valid ? null : new Date(T) }), () => false);
    expect(await cache.deviceOf(1, "k3")).toBe(3);
    cache.forget(3);
    valid = false;
    expect(await cache.deviceOf(1, "k3")).toBeNull();
  });
});
