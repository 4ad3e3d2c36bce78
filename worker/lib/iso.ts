/** An instant as the API writes it (ISO-8601 in UTC), or null when there is none. */
export const isoOrNull = (instant: number | Date | null | undefined): string | null =>
  instant == null ? null : new Date(instant).toISOString();
