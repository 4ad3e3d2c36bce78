// Pure logic of /app/settings, apart from the page so it is unit-tested (docs/accounts.md#settings-for-people):
// the form's fields from GET /api/me, the PATCH /api/me body (or the first message per field) from
// them, the home area found by a place's name or street, tags as chips and the time-zone picker's groups.
import * as v from "valibot";
import type { MeAnswer } from "../../../common/schemas/answers";
import type { PasskeysAnswer } from "../../../common/schemas/passkeys";
import { profilePatchSchema, roundHome, type ProfilePatchInput } from "../../../common/schemas/profile";
import type { Level } from "../../../common/vocabulary";
import type { Point } from "./nearMe";

export interface SettingsFields {
  name: string;
  handle: string;
  /** The home area, rounded as the server keeps it; null for none. */
  home: Point | null;
  categories: string[];
  /** Tag names. */
  tags: string[];
  level: Level | "";
  /** The neighbourhood they go out from, in their words. */
  neighbourhood: string;
  /** Whether places whose news they follow may count what they like (docs/announcements.md#what-followers-tell-us). */
  shareLikes: boolean;
  timeZone: string;
  quietOn: boolean;
  quietFrom: string;
  quietTo: string;
}

export type SettingsErrors = Partial<Record<"name" | "handle" | "home" | "preferences" | "neighbourhood" | "time_zone" | "quiet_hours", string>>;

export function fieldsOf(me: MeAnswer, browserTimeZone: string): SettingsFields {
  return {
    name: me.name,
    handle: me.handle,
    home: me.home,
    categories: me.preferences.categories,
    tags: me.preferences.tags,
    level: me.preferences.level ?? "",
    neighbourhood: me.neighbourhood ?? "",
    shareLikes: me.share_likes,
    // An account still on the default follows this browser's zone until it is saved.
    timeZone: me.time_zone === "UTC" ? browserTimeZone : me.time_zone,
    quietOn: me.quiet_hours !== null,
    // What turning quiet hours on proposes: the hours after a night out, not its peak.
    quietFrom: me.quiet_hours?.from ?? "03:00",
    quietTo: me.quiet_hours?.to ?? "11:00",
  };
}

/** A point from the browser, rounded the way the server stores it: an area, not where you stand. */
export const homeFromPosition = (latitude: number, longitude: number): Point => ({ lat: roundHome(latitude), lng: roundHome(longitude) });

export function settingsPatch(fields: SettingsFields): { patch: ProfilePatchInput } | { errors: SettingsErrors } {
  const patch = {
    name: fields.name,
    handle: fields.handle,
    home: fields.home,
    preferences: {
      categories: fields.categories,
      tags: fields.tags,
      level: fields.level === "" ? null : fields.level,
    },
    neighbourhood: fields.neighbourhood,
    share_likes: fields.shareLikes,
    time_zone: fields.timeZone,
    quiet_hours: fields.quietOn ? { from: fields.quietFrom, to: fields.quietTo } : null,
  };
  const result = v.safeParse(profilePatchSchema, patch);
  if (result.success) return { patch: patch as ProfilePatchInput };
  const errors: SettingsErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof SettingsErrors | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

/** Whether the account's one passkey is its only way in (no password): it cannot be removed (docs/accounts.md#passkeys). */
export const isOnlyWayIn = (answer: Pick<PasskeysAnswer, "passkeys" | "has_password">) => !answer.has_password && answer.passkeys.length === 1;

/** A place one can pick as the home area: the live map's places with a position. */
export interface KnownPlace {
  id: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Places picked by a name or street: every typed word in the name or address, names that start with it first; none under 2 letters. */
export function placeMatches<P extends KnownPlace>(query: string, places: readonly P[], limit = 6): P[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.join("").length < 2) return [];
  const wanted = query.trim().toLowerCase();
  return places
    .filter((place) => place.latitude !== null && place.longitude !== null)
    .filter((place) => {
      const text = `${place.name} ${place.address ?? ""}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => Number(b.name.toLowerCase().startsWith(wanted)) - Number(a.name.toLowerCase().startsWith(wanted)) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The chips to offer: every known tag, then any the account follows that is no longer known (so it can be turned off). */
export function tagChoices(known: readonly string[], chosen: readonly string[]): string[] {
  const lower = new Set(known.map((tag) => tag.toLowerCase()));
  return [...known, ...chosen.filter((tag) => !lower.has(tag.toLowerCase()))];
}

/** A tag chip pressed: added, or taken off when it was on (ignoring case, as the server matches tags). */
export function toggleTag(chosen: readonly string[], tag: string): string[] {
  const rest = chosen.filter((one) => one.toLowerCase() !== tag.toLowerCase());
  return rest.length === chosen.length ? [...chosen, tag] : rest;
}

export interface ZoneGroup {
  region: string;
  zones: { value: string; label: string }[];
}

/**
 * The time-zone picker's choices (`Intl.supportedValuesOf("timeZone")`), grouped by region as
 * `<optgroup>`s: "America" holds "New York" and "Argentina – Buenos Aires". Zones without a region
 * ("UTC") go last under "Other". `current` is kept even when this browser does not list it.
 */
export function timeZoneGroups(zones: readonly string[], current: string, other: string): ZoneGroup[] {
  const groups = new Map<string, ZoneGroup["zones"]>();
  for (const zone of zones.includes(current) || current === "" ? zones : [...zones, current]) {
    const [region, ...place] = zone.split("/");
    const key = place.length > 0 ? region! : other;
    const label = (place.length > 0 ? place.join(" – ") : zone).replace(/_/g, " ");
    groups.set(key, [...(groups.get(key) ?? []), { value: zone, label }]);
  }
  return [...groups]
    .map(([region, list]) => ({ region, zones: list.sort((a, b) => a.label.localeCompare(b.label)) }))
    .sort((a, b) => Number(a.region === other) - Number(b.region === other) || a.region.localeCompare(b.region));
}

/** Every zone this browser knows (`Intl.supportedValuesOf`, missing in older browsers: then only the current one is offered). */
export const supportedTimeZones = (): string[] => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
