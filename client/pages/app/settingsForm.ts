// Pure logic of /app/settings, apart from the page so it is unit-tested: the form's text fields
// from GET /api/me, and the PATCH /api/me body (or the first message per field) from them.
import * as v from "valibot";
import type { MeAnswer } from "../../../common/schemas/answers";
import type { PasskeysAnswer } from "../../../common/schemas/passkeys";
import { profilePatchSchema, roundHome, type ProfilePatchInput } from "../../../common/schemas/profile";
import type { Level } from "../../../common/vocabulary";

export interface SettingsFields {
  name: string;
  handle: string;
  lat: string;
  lng: string;
  categories: string[];
  /** Tag names, comma separated. */
  tags: string;
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
    lat: me.home ? String(me.home.lat) : "",
    lng: me.home ? String(me.home.lng) : "",
    categories: me.preferences.categories,
    tags: me.preferences.tags.join(", "),
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
export const homeFromPosition = (latitude: number, longitude: number) => ({ lat: String(roundHome(latitude)), lng: String(roundHome(longitude)) });

const numberOrText = (text: string) => (text.trim() === "" || Number.isNaN(Number(text)) ? text : Number(text));

export function settingsPatch(fields: SettingsFields): { patch: ProfilePatchInput } | { errors: SettingsErrors } {
  const noHome = fields.lat.trim() === "" && fields.lng.trim() === "";
  const patch = {
    name: fields.name,
    handle: fields.handle,
    home: noHome ? null : { lat: numberOrText(fields.lat), lng: numberOrText(fields.lng) },
    preferences: {
      categories: fields.categories,
      tags: fields.tags.split(",").map((tag) => tag.trim()).filter(Boolean),
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
