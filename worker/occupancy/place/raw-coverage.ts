import { bucketStart, readingsWindowFor } from "../aggregate";
import { RETENTION_MS } from "../reading-window";
import type { Meta } from "./meta";
import type { PendingBuckets } from "./pending-buckets";

/**
 * The object's raw coverage start (meta `raw_from`): quarter hours from it on were computed only
 * from readings it holds. On first use it starts where D1's quarter hours of the place end, so
 * history it never held (the demo seed's, or everything before its storage was lost) is never
 * recomputed from a few late readings; the purge moves it forward at the 7-day retention.
 */
export class RawCoverage {
  /** The one D1 read of where the place's rollups end, shared by calls that need it at once. */
  private load: Promise<number> | null = null;

  /** `rollupsEnd` reads where D1's quarter hours of the place end (worker/db/occupancy.ts). */
  constructor(
    private readonly sql: SqlStorage,
    private readonly meta: Meta,
    private readonly pending: PendingBuckets,
    private readonly rollupsEnd: (placeId: number) => Promise<number>,
  ) {}

  async ensure(placeId: number): Promise<void> {
    if (this.meta.get("raw_from") !== null) return;
    this.load ??= this.rollupsEnd(placeId).finally(() => {
      this.load = null;
    });
    const end = await this.load;
    if (this.meta.get("raw_from") === null) this.meta.set("raw_from", String(end));
  }

  /** Where the raw readings start (epoch ms, a quarter-hour boundary); read it after any await. */
  from(): number {
    return Number(this.meta.get("raw_from"));
  }

  /**
   * Keeps 7 days, and anything a pending quarter hour still needs. Quarter hours before the kept
   * readings can no longer be recomputed, so the raw coverage start moves up to them.
   */
  purge(now: number) {
    const keepFrom = Math.min(bucketStart(now - RETENTION_MS), this.pending.oldest() ?? Infinity);
    const rawFrom = this.meta.get("raw_from");
    if (rawFrom !== null && keepFrom > Number(rawFrom)) this.meta.set("raw_from", String(keepFrom));
    this.sql.exec("DELETE FROM readings WHERE minute < ?", readingsWindowFor(keepFrom).from);
  }
}
