/**
 * Counts requests per key in fixed windows that start at a key's first request. It lives in the
 * memory of one object, so it is exact for whatever that object serializes (one place's sensors)
 * and starts afresh if the object is evicted, which only an idle key lets happen.
 */
export class FixedWindowLimit<Key> {
  private readonly windows = new Map<Key, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly periodMs: number,
  ) {}

  /** Counts one request of `key` at `now`: null when it is allowed, else the whole seconds until its window ends. */
  take(key: Key, now: number): number | null {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.periodMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return Math.max(1, Math.ceil((window.start + this.periodMs - now) / 1000));
    window.count++;
    return null;
  }
}
