// A time zone's short name, apart from common/local-time.ts: only the plan form, the hours answer
// and the calendar feed need it, and a page that does venue arithmetic (the profile) should not
// carry it in its first view.

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** Short zone name at an instant ("EDT", "EST", or "GMT+2" where a zone has no abbreviation). */
export function zoneAbbreviation(timeZone: string, instantMs: number): string {
  let formatter = nameFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    nameFormatters.set(timeZone, formatter);
  }
  return formatter.formatToParts(instantMs).find((part) => part.type === "timeZoneName")?.value ?? "";
}
