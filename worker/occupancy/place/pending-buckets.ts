/**
 * pending_buckets: the quarter hours the next flush writes to D1 (rollup-flush.ts), each with how
 * often it was marked. A memory copy of which are pending (null until read) lets a reading in a
 * quarter hour already pending write nothing there; it is dropped whenever the table may differ.
 */
export class PendingBuckets {
  private starts: Set<number> | null = null;
  /** While a flush waits for D1, every mark must bump its row, so the flush keeps it pending. */
  flushing = false;

  constructor(private readonly sql: SqlStorage) {}

  /**
   * Marks quarter hours pending for the next flush. Each mark while a flush is under way bumps the
   * row's count, so that flush knows its result is out of date; otherwise a quarter hour already
   * pending needs no write.
   */
  mark(starts: Iterable<number>) {
    this.starts ??= new Set(
      this.sql.exec<{ bucket_start: number }>("SELECT bucket_start FROM pending_buckets").toArray().map((row) => row.bucket_start),
    );
    for (const start of starts) {
      if (!this.flushing && this.starts.has(start)) continue;
      this.sql.exec("INSERT INTO pending_buckets (bucket_start) VALUES (?) ON CONFLICT DO UPDATE SET marks = marks + 1", start);
      this.starts.add(start);
    }
  }

  /** The earliest pending quarter hour's start, null when none is. */
  oldest(): number | null {
    const [pending] = this.sql.exec<{ start: number | null }>("SELECT min(bucket_start) AS start FROM pending_buckets").toArray();
    return pending?.start ?? null;
  }

  /** The pending quarter hours that start no later than `last`, oldest first, with their marks. */
  due(last: number): { bucket_start: number; marks: number }[] {
    return this.sql
      .exec<{ bucket_start: number; marks: number }>(
        "SELECT bucket_start, marks FROM pending_buckets WHERE bucket_start <= ? ORDER BY bucket_start",
        last,
      )
      .toArray();
  }

  /**
   * Clears quarter hours a flush wrote. Readings may arrive while D1 answers (the object takes
   * calls during that wait): a quarter hour marked again since it was read stays pending for the
   * next flush.
   */
  clearWritten(rows: readonly { bucket_start: number; marks: number }[]) {
    for (const row of rows) {
      this.sql.exec("DELETE FROM pending_buckets WHERE bucket_start = ? AND marks = ?", row.bucket_start, row.marks);
    }
  }

  /** Drops the memory copy: which rows are left is for the table to say, read again on the next mark. */
  forget() {
    this.starts = null;
  }
}
