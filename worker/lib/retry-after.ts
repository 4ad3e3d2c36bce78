// The Retry-After header of an answer (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
// Push services send it with 429 and 503 (docs/push.md#delivery).

/** Seconds from `now` the header asks to wait (0 for a date already past), or null for none or one unreadable. */
export function retryAfterSeconds(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at) || !/GMT$/.test(value)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
