// Seeded venues' opening hours changed for a journey that needs one open or closed whatever the
// hour it runs at (docs/testing.md#time-independence), through the API as the administrator (so
// the place's object reloads them at once, docs/watches.md#closed), and put back after.
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

async function writeHours(id: number, hours: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/place/update/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await admin()}` },
    body: JSON.stringify(hours),
  });
  if (!response.ok) throw new Error(`updating place ${id}'s hours answered ${response.status}: ${await response.text()}`);
}

/** Gives each venue (by slug) the hours `hoursOf` says per field ("" closed that day); resolves to what puts the old ones back. */
export async function setVenueHours(slugs: readonly string[], hoursOf: (slug: string, field: string) => string): Promise<() => Promise<void>> {
  const saved = queryD1<Record<string, string | number>>(`SELECT id, slug, ${HOUR_FIELDS.join(", ")} FROM places WHERE slug IN ('${slugs.join("', '")}')`);
  for (const row of saved) await writeHours(Number(row.id), Object.fromEntries(HOUR_FIELDS.map((field) => [field, hoursOf(String(row.slug), field)])));
  return async () => {
    for (const row of saved) await writeHours(Number(row.id), Object.fromEntries(HOUR_FIELDS.map((field) => [field, String(row[field])])));
  };
}

/** Open around the clock: every day 00:00–00:00 (a close at the open is 24 hours, docs/when-to-go.md#open-now). */
export const openAllDay = (slugs: readonly string[]) => setVenueHours(slugs, () => "00:00");
