// Public holidays at a venue (docs/when-to-go.md#holidays): the days the date-holidays library
// calls "public" in the venue's country and state or region, from the address columns of places.
// The library (its rules for every country, about 240 KB gzipped) is imported on first use, so only
// the forecast's requests load it, never ingest, and never a client bundle (worker code only).
// A country and year's days are computed once per isolate (a few ms the first time). The explicit
// extension lets the demo seed, run by Node without a bundler, import this file too.
import { DAY_MS, type VenueDay } from "../../common/local-time.ts";

/** A venue's address as places keeps it: a country name or ISO code, a state or region name or code. */
export interface VenueRegion {
  country: string;
  state: string;
}

type HolidaysLib = typeof import("date-holidays").default;

let library: Promise<HolidaysLib> | undefined;
const loadLibrary = () => (library ??= import("date-holidays").then((module) => module.default));

const normalize = (text: string) => text.trim().toLowerCase().replace(/[^a-z0-9]/g, "");
/** Country names people write that the library spells otherwise. */
const COUNTRY_ALIASES: Record<string, string> = { unitedstates: "US", usa: "US", uk: "GB", unitedkingdom: "GB" };

/** The code among `names` (code → name) that `text` is or names; undefined for none. */
function codeOf(names: Record<string, string>, text: string, aliases: Record<string, string> = {}): string | undefined {
  const wanted = normalize(text);
  if (wanted === "") return undefined;
  if (aliases[wanted]) return aliases[wanted];
  return Object.entries(names).find(([code, name]) => normalize(code) === wanted || normalize(name) === wanted)?.[0];
}

const daysByKey = new Map<string, Set<VenueDay>>();
const codesByRegion = new Map<string, { country: string; state: string | undefined } | null>();

/** The library's codes of a venue's country and state (null: a country it does not know), looked up once per isolate. */
function codesOf(Holidays: HolidaysLib, region: VenueRegion) {
  const key = JSON.stringify([region.country, region.state]);
  if (!codesByRegion.has(key)) {
    const lookup = new Holidays();
    const country = codeOf(lookup.getCountries("en") ?? {}, region.country, COUNTRY_ALIASES);
    codesByRegion.set(key, country ? { country, state: codeOf(lookup.getStates(country, "en") ?? {}, region.state) } : null);
  }
  return codesByRegion.get(key)!;
}

/** The public holidays (as venue days: the local calendar date) of a country and state in one year. */
function holidaysOfYear(Holidays: HolidaysLib, country: string, state: string | undefined, year: number): Set<VenueDay> {
  const key = `${country}/${state ?? ""}/${year}`;
  let days = daysByKey.get(key);
  if (!days) {
    const calendar = state ? new Holidays(country, state, { types: ["public"] }) : new Holidays(country, { types: ["public"] });
    days = new Set(
      (calendar.getHolidays(year) || [])
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => Date.parse(`${holiday.date.slice(0, 10)}T00:00:00Z`) / DAY_MS),
    );
    daysByKey.set(key, days);
  }
  return days;
}

/**
 * The public holidays at a venue among the venue days [from, to]; empty when its country is not
 * one the library knows. A state the library does not know gives the country's holidays alone.
 */
export async function publicHolidays(region: VenueRegion, from: VenueDay, to: VenueDay): Promise<Set<VenueDay>> {
  const Holidays = await loadLibrary();
  const codes = codesOf(Holidays, region);
  if (!codes) return new Set();
  const days = new Set<VenueDay>();
  const firstYear = new Date(from * DAY_MS).getUTCFullYear();
  const lastYear = new Date(to * DAY_MS).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year++) {
    for (const day of holidaysOfYear(Holidays, codes.country, codes.state, year)) if (day >= from && day <= to) days.add(day);
  }
  return days;
}
