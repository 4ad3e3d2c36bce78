// Seeded venues' opening hours changed for a journey that needs one open or closed whatever the
// hour it runs at (docs/testing.md#time-independence), and put back after. Through the API as the
// administrator by default, so the place's object reloads them at once (docs/watches.md#closed);
// straight into D1 for a journey that writes a venue's live row itself, which the object's flush
// after a reload would overwrite with its own (no readings: no level).
import { ensureDevVars } from "../../scripts/local-state.ts";
import { queryD1 } from "./browser";
import { baseUrl } from "./server";

export const HOUR_FIELDS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
  `${day}_open`,
  `${day}_close`,
]);

let adminToken: Promise<string> | null = null;

/** One admin token per file (the server allows a few admin sign-ins a minute). */
function admin(): Promise<string> {
  adminToken ??= (async () => {
    const response = await fetch(`${baseUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: ensureDevVars().ADMIN_PASSWORD }),
    });
    if (!response.ok) throw new Error(`admin sign-in answered ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  })();
  return adminToken;
}

const updateOf = (id: number, hours: Record<string, string>) =>
  `UPDATE places SET ${Object.entries(hours).map(([field, time]) => `${field} = '${time}'`).join(", ")} WHERE id = ${id}`;

async function writeHours(id: number, hours: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/place/update/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await admin()}` },
    body: JSON.stringify(hours),
  });
  if (!response.ok) throw new Error(`updating place ${id}'s hours answered ${response.status}: ${await response.text()}`);
}

/**
 * Gives each venue (by slug) the hours `hoursOf` says per field ("" closed that day); resolves to
 * what puts the old ones back. `reloadObject: false` writes D1 only (see above).
 */
export async function setVenueHours(
  slugs: readonly string[],
  hoursOf: (slug: string, field: string) => string,
  { reloadObject = true } = {},
): Promise<() => Promise<void>> {
  const saved = queryD1<Record<string, string | number>>(`SELECT id, slug, ${HOUR_FIELDS.join(", ")} FROM places WHERE slug IN ('${slugs.join("', '")}')`);
  const hoursFor = (hourOf: (field: string) => string) => Object.fromEntries(HOUR_FIELDS.map((field) => [field, hourOf(field)]));
  // Every row in one go: each D1 query from here starts wrangler, which takes seconds.
  const writeAll = async (hourOf: (row: Record<string, string | number>, field: string) => string) => {
    if (!reloadObject) queryD1(saved.map((row) => updateOf(Number(row.id), hoursFor((field) => hourOf(row, field)))).join("; "));
    else for (const row of saved) await writeHours(Number(row.id), hoursFor((field) => hourOf(row, field)));
  };
  await writeAll((row, field) => hoursOf(String(row.slug), field));
  return () => writeAll((row, field) => String(row[field]));
}

/** Open around the clock: every day 00:00–00:00 (a close at the open is 24 hours, docs/when-to-go.md#open-now). */
export const openAllDay = (slugs: readonly string[], options: { reloadObject?: boolean } = {}) => setVenueHours(slugs, () => "00:00", options);
