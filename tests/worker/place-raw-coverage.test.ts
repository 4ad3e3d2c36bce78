// Where the place object's raw readings start and the 7-day purge (worker/occupancy/place/raw-coverage.ts);
// what it means for late readings is tested through ingest in ingest-integrity.test.ts.
import { describe, expect, it } from "vitest";
import { RETENTION_MS } from "../../worker/occupancy/reading-window";
import { Meta } from "../../worker/occupancy/place/meta";
import { PendingBuckets } from "../../worker/occupancy/place/pending-buckets";
import { RawCoverage } from "../../worker/occupancy/place/raw-coverage";
import { inFreshObject } from "./place-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0); // a quarter-hour boundary
const hour = 60 * 60_000;

function parts(storage: DurableObjectStorage, rollupsEnd: (placeId: number) => Promise<number> = async () => T) {
  const meta = new Meta(storage.sql);
  const pending = new PendingBuckets(storage.sql);
  return { meta, pending, coverage: new RawCoverage(storage.sql, meta, pending, rollupsEnd) };
}

const minutesKept = (storage: DurableObjectStorage) => storage.sql.exec<{ minute: number }>("SELECT minute FROM readings ORDER BY minute").toArray().map((row) => row.minute);

describe("the place object's raw coverage", () => {
  it("starts where D1's quarter hours end, read once for calls that need it at once", async () => {
    const [reads, from, stored] = await inFreshObject(async (storage) => {
      let reads = 0;
      const { coverage } = parts(storage, async (placeId) => {
        reads++;
        return placeId === 1 ? T - hour : 0;
      });
      await Promise.all([coverage.ensure(1), coverage.ensure(1)]);
      await coverage.ensure(1);
      return [reads, coverage.from(), new Meta(storage.sql).get("raw_from")];
    });
    expect(reads).toBe(1);
    expect(from).toBe(T - hour);
    expect(stored).toBe(String(T - hour));
  });

  it("purges readings past the 7-day retention and moves the start up to the readings it keeps", async () => {
    const [from, kept] = await inFreshObject((storage) => {
      const { meta, coverage } = parts(storage);
      meta.set("raw_from", String(T - RETENTION_MS - 2 * hour));
      storage.sql.exec("INSERT INTO readings (minute, device_id, ts, count) VALUES (?, 1, ?, 5), (?, 1, ?, 6)", T - RETENTION_MS - hour, T - RETENTION_MS - hour, T - hour, T - hour);
      coverage.purge(T);
      return [coverage.from(), minutesKept(storage)];
    });
    expect(from).toBe(T - RETENTION_MS);
    expect(kept).toEqual([T - hour]);
  });

  it("keeps what a pending quarter hour still needs, however old", async () => {
    const [from, kept] = await inFreshObject((storage) => {
      const { meta, pending, coverage } = parts(storage);
      meta.set("raw_from", String(T - RETENTION_MS - 2 * hour));
      pending.mark([T - RETENTION_MS - hour]);
      storage.sql.exec("INSERT INTO readings (minute, device_id, ts, count) VALUES (?, 1, ?, 5)", T - RETENTION_MS - hour, T - RETENTION_MS - hour);
      coverage.purge(T);
      return [coverage.from(), minutesKept(storage)];
    });
    expect(from).toBe(T - RETENTION_MS - hour);
    expect(kept).toEqual([T - RETENTION_MS - hour]);
  });
});
