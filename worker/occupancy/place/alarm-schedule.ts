import { BUCKET_MS, MINUTE_MS, type LiveSnapshot } from "../aggregate";
import type { Meta } from "./meta";
import type { PendingBuckets } from "./pending-buckets";

/** A quarter hour is written this long after it ends, so readings still in flight make it in. */
export const CLOSE_GRACE_MS = MINUTE_MS;
/**
 * D1 is written at most this often per place. With the live map's cache (at most 25 s) a new
 * count reaches GET /api/live within a minute.
 */
export const WRITE_INTERVAL_MS = 30_000;

/** When the object's alarm (its flush to D1) runs next; a memory copy spares the per-reading path a storage read. */
export class AlarmSchedule {
  /** The alarm as last set or read; undefined until known. */
  private alarmAt: number | null | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly meta: Meta,
    private readonly pending: PendingBuckets,
  ) {}

  /** The alarm that woke the object is spent. */
  spent() {
    this.alarmAt = null;
  }

  /**
   * Every 30 seconds while a device is online (the run after the last one falls silent writes the
   * venue offline), then once more for each quarter hour still pending; idle venues cost nothing.
   */
  async scheduleNext(now: number, live: LiveSnapshot) {
    const pending = this.pending.oldest();
    const candidates: number[] = [];
    if (live.devicesOnline > 0) candidates.push(now + WRITE_INTERVAL_MS);
    if (pending != null) candidates.push(Math.max(now + WRITE_INTERVAL_MS, pending + BUCKET_MS + CLOSE_GRACE_MS));
    // Alerts whose delivery failed are tried again.
    if (this.storage.sql.exec("SELECT 1 FROM pending_alerts LIMIT 1").toArray().length > 0) candidates.push(now + WRITE_INTERVAL_MS);
    if (candidates.length > 0) await this.set(Math.min(...candidates));
  }

  /** Brings the alarm forward to the earliest moment D1 may be written again. */
  async scheduleFlush() {
    const writtenAt = Number(this.meta.get("written_at") ?? 0);
    const at = Math.max(Date.now(), writtenAt + WRITE_INTERVAL_MS);
    this.alarmAt ??= await this.storage.getAlarm();
    if (this.alarmAt === null || this.alarmAt > at) await this.set(at);
  }

  async set(at: number) {
    this.alarmAt = undefined;
    await this.storage.setAlarm(at);
    this.alarmAt = at;
  }
}
