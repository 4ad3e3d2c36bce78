/**
 * The object's meta table (key → text) with a memory copy, so the per-reading path reads no
 * storage: the object is its only writer. Keys: place_id, raw_from (raw-coverage.ts),
 * import_device (history-import.ts), written_at and live_written (rollup-flush.ts), alert_live and
 * alert_sensor:<device> (alert-state.ts), watch_level and watch_pending (watch-state.ts).
 */
export class Meta {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly sql: SqlStorage) {}

  get(key: string): string | null {
    if (!this.cache.has(key)) {
      const [row] = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray();
      this.cache.set(key, row?.value ?? null);
    }
    return this.cache.get(key)!;
  }

  set(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
    this.cache.set(key, value);
  }

  /** Drops the memory copy: a write to storage may have failed, or the table was emptied. */
  forget() {
    this.cache.clear();
  }

  // The object is addressed by name; it learns its place id from the first call and keeps it for alarms.
  rememberPlace(placeId: number) {
    if (this.placeId() !== placeId) this.set("place_id", String(placeId));
  }

  placeId(): number | null {
    const value = this.get("place_id");
    return value === null ? null : Number(value);
  }

  /** The place's "Imported history" device, which yields to every other (history-import.ts). */
  importDevice(): number | null {
    const id = this.get("import_device");
    return id === null ? null : Number(id);
  }
}
