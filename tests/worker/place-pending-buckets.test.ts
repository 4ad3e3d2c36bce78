// The quarter hours waiting for the place object's flush (worker/occupancy/place/pending-buckets.ts);
// the flush itself is tested in place-occupancy.test.ts.
import { describe, expect, it } from "vitest";
import { PendingBuckets } from "../../worker/occupancy/place/pending-buckets";
import { inFreshObject } from "./place-fixtures";

const Q = Date.UTC(2031, 4, 13, 16, 0);
const QUARTER = 15 * 60_000;

const rowsOf = (storage: DurableObjectStorage) => storage.sql.exec("SELECT bucket_start, marks FROM pending_buckets ORDER BY bucket_start").toArray();

describe("the place object's pending quarter hours", () => {
  it("writes a quarter hour already pending no more while no flush runs, and bumps its marks while one does", async () => {
    const [idle, flushing, oldest, due] = await inFreshObject((storage) => {
      const pending = new PendingBuckets(storage.sql);
      pending.mark([Q, Q + QUARTER]);
      pending.mark([Q]);
      const idle = rowsOf(storage);
      pending.flushing = true;
      pending.mark([Q]);
      pending.flushing = false;
      return [idle, rowsOf(storage), pending.oldest(), pending.due(Q)];
    });
    expect(idle).toEqual([
      { bucket_start: Q, marks: 1 },
      { bucket_start: Q + QUARTER, marks: 1 },
    ]);
    expect(flushing).toEqual([
      { bucket_start: Q, marks: 2 },
      { bucket_start: Q + QUARTER, marks: 1 },
    ]);
    expect(oldest).toBe(Q);
    expect(due).toEqual([{ bucket_start: Q, marks: 2 }]);
  });

  it("clears a written quarter hour only when no mark came in since the flush read it", async () => {
    const [left, afterMarks, none] = await inFreshObject((storage) => {
      const pending = new PendingBuckets(storage.sql);
      pending.mark([Q, Q + QUARTER]);
      const due = pending.due(Q + QUARTER);
      pending.flushing = true;
      pending.mark([Q + QUARTER]);
      pending.flushing = false;
      pending.clearWritten(due);
      pending.forget();
      const left = rowsOf(storage);
      pending.mark([Q, Q + QUARTER]);
      const afterMarks = rowsOf(storage);
      storage.sql.exec("DELETE FROM pending_buckets");
      return [left, afterMarks, pending.oldest()];
    });
    expect(left).toEqual([{ bucket_start: Q + QUARTER, marks: 2 }]);
    expect(afterMarks).toEqual([
      { bucket_start: Q, marks: 1 },
      { bucket_start: Q + QUARTER, marks: 2 },
    ]);
    expect(none).toBeNull();
  });
});
