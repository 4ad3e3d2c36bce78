// Seeded venues' opening hours changed for a journey that needs one open or closed whatever the
// hour it runs at (docs/testing.md#time-independence), written to the server's D1 and put back after.
import { queryD1 } from "./browser";

export const HOUR_FIELDS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
  `${day}_open`,
  `${day}_close`,
]);

/** Gives each venue (by slug) the hours `hoursOf` says per field ("" closed that day); returns what puts the old ones back. */
export function setVenueHours(slugs: readonly string[], hoursOf: (slug: string, field: string) => string): () => void {
  const saved = queryD1<Record<string, string>>(`SELECT slug, ${HOUR_FIELDS.join(", ")} FROM places WHERE slug IN ('${slugs.join("', '")}')`);
  for (const slug of slugs) {
    queryD1(`UPDATE places SET ${HOUR_FIELDS.map((field) => `${field} = '${hoursOf(slug, field)}'`).join(", ")} WHERE slug = '${slug}'`);
  }
  return () => {
    for (const row of saved) {
      queryD1(`UPDATE places SET ${HOUR_FIELDS.map((field) => `${field} = '${row[field]}'`).join(", ")} WHERE slug = '${row.slug}'`);
    }
  };
}

/** Open around the clock: every day 00:00–00:00 (a close at the open is 24 hours, docs/when-to-go.md#open-now). */
export const openAllDay = (slugs: readonly string[]) => setVenueHours(slugs, () => "00:00");
