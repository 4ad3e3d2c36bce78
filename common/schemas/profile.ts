// An account's profile (GET/PATCH/DELETE /api/me): handle, home area, preferences, time zone and
// quiet hours. The settings page validates with the same schemas (docs/accounts.md#profile).
import * as v from "valibot";
import { isValidTimeZone } from "../local-time";
import { LEVELS } from "../vocabulary";
import {
  NAME_MAX_LENGTH,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_REQUIRED_MESSAGE,
  newPasswordSchema,
  signUpSchema,
} from "./auth";
import { PLACE_CATEGORIES } from "./place";
import { authenticationCredentialSchema } from "./webauthn";

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 20;
export const HANDLE_MESSAGE = `A handle is ${HANDLE_MIN_LENGTH}–${HANDLE_MAX_LENGTH} letters, digits or _.`;
export const HANDLE_RESERVED_MESSAGE = "Handles of the form user123 are kept for accounts that did not choose one.";
export const HANDLE_TAKEN_MESSAGE = "That handle is taken. Try another.";
/** Handle changes tried a day per account, taken or free (docs/accounts.md#profile). */
export const HANDLE_CHANGES_PER_DAY = 5;
/** The shape the users_default_handle trigger gives accounts without a chosen handle. */
export const AUTOMATIC_HANDLE = /^user\d+$/;
export const HOME_MESSAGE = "Send home as {lat, lng} with lat −90…90 and lng −180…180, or null.";
export const TIME_ZONE_MESSAGE = "Send a time zone such as Europe/Berlin.";
export const QUIET_HOURS_MESSAGE = 'Send quiet hours as {from, to} in "HH:MM" (24 h), or null for none.';
export const DELETE_PASSWORD_MESSAGE = "That password is not right. Your account was not deleted.";
export const LAST_OWNER_MESSAGE = "You are the only owner of a venue. Add another owner or ask the admin before deleting your account.";
/** Tags a person may follow; each is a tag's name. */
export const PREFERENCE_TAGS_MAX = 20;
/** Three decimals of a degree: about 110 m of latitude, an area rather than a location. */
export const HOME_DECIMALS = 3;

/** A point rounded to HOME_DECIMALS, so a stored home never says more than the area. */
export const roundHome = (degrees: number) => Math.round(degrees * 10 ** HOME_DECIMALS) / 10 ** HOME_DECIMALS;

/** Lower-case letters, digits and _ made from a name; undefined when fewer than 3 remain. */
export function handleFromName(name: string): string | undefined {
  const handle = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, HANDLE_MAX_LENGTH)
    .replace(/_+$/, "");
  return handle.length >= HANDLE_MIN_LENGTH && !AUTOMATIC_HANDLE.test(handle) ? handle : undefined;
}

/** A chosen handle: "@" allowed in front, compared and stored lower-case. */
export const handleSchema = v.pipe(
  v.string(HANDLE_MESSAGE),
  v.trim(),
  v.transform((text) => text.replace(/^@/, "").toLowerCase()),
  v.regex(new RegExp(`^[a-z0-9_]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`), HANDLE_MESSAGE),
  v.check((handle) => !AUTOMATIC_HANDLE.test(handle), HANDLE_RESERVED_MESSAGE),
);

const coordinate = (max: number) =>
  v.pipe(v.number(HOME_MESSAGE), v.finite(HOME_MESSAGE), v.minValue(-max, HOME_MESSAGE), v.maxValue(max, HOME_MESSAGE), v.transform(roundHome));

export const homeSchema = v.nullable(v.strictObject({ lat: coordinate(90), lng: coordinate(180) }, HOME_MESSAGE));

export const preferencesSchema = v.strictObject(
  {
    categories: v.pipe(
      v.array(v.picklist(PLACE_CATEGORIES, `Categories are some of: ${PLACE_CATEGORIES.join(", ")}.`), "Send categories as a list."),
      v.maxLength(PLACE_CATEGORIES.length, "Each category once."),
      v.transform((list) => [...new Set(list)]),
    ),
    tags: v.pipe(
      v.array(v.pipe(v.string("Tags are names."), v.trim(), v.nonEmpty("Tags are names."), v.maxLength(50, "Tags are at most 50 characters.")), "Send tags as a list."),
      v.maxLength(PREFERENCE_TAGS_MAX, `At most ${PREFERENCE_TAGS_MAX} tags.`),
      v.transform((list) => [...new Set(list)]),
    ),
    level: v.nullable(v.picklist(LEVELS, "Level is Relaxed, Lively, Packed or null.")),
  },
  "Send preferences as {categories, tags, level}.",
);
export type Preferences = v.InferOutput<typeof preferencesSchema>;
export const NO_PREFERENCES: Preferences = { categories: [], tags: [], level: null };

const clock = v.pipe(v.string(QUIET_HOURS_MESSAGE), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_HOURS_MESSAGE));

export const quietHoursSchema = v.nullable(
  v.pipe(
    v.strictObject({ from: clock, to: clock }, QUIET_HOURS_MESSAGE),
    v.check(({ from, to }) => from !== to, "Quiet hours need a start and an end that differ."),
  ),
);

export const NEIGHBOURHOOD_MAX = 40;
export const NEIGHBOURHOOD_MESSAGE = `A neighbourhood is a name of up to ${NEIGHBOURHOOD_MAX} letters, spaces, ' or -, or null.`;
/** The neighbourhood someone goes out from, in their words (docs/announcements.md#what-followers-tell-us); "" means none. */
export const neighbourhoodSchema = v.nullable(
  v.pipe(
    v.string(NEIGHBOURHOOD_MESSAGE),
    v.transform((text) => text.trim().replace(/\s+/g, " ")),
    v.maxLength(NEIGHBOURHOOD_MAX, NEIGHBOURHOOD_MESSAGE),
    v.regex(/^[\p{L} .'-]*$/u, NEIGHBOURHOOD_MESSAGE),
    v.transform((text) => (text === "" ? null : text)),
  ),
);

export const timeZoneSchema = v.pipe(
  v.string(TIME_ZONE_MESSAGE),
  v.trim(),
  v.maxLength(64, TIME_ZONE_MESSAGE),
  v.check(isValidTimeZone, TIME_ZONE_MESSAGE),
);

/** PATCH /api/me: any of these; a key left out stays as it is. */
export const profilePatchSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(
        v.pipe(v.string(NAME_REQUIRED_MESSAGE), v.trim(), v.nonEmpty(NAME_REQUIRED_MESSAGE), v.maxLength(NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE)),
      ),
      handle: v.optional(handleSchema),
      home: v.optional(homeSchema),
      preferences: v.optional(preferencesSchema),
      time_zone: v.optional(timeZoneSchema),
      quiet_hours: v.optional(quietHoursSchema),
      neighbourhood: v.optional(neighbourhoodSchema),
      share_likes: v.optional(v.boolean("Send share_likes as true or false.")),
    },
    "Send only name, handle, home, preferences, time_zone, quiet_hours, neighbourhood and share_likes.",
  ),
  v.check((patch) => Object.keys(patch).length > 0, "Send at least one of name, handle, home, preferences, time_zone, quiet_hours, neighbourhood, share_likes."),
);
export type ProfilePatch = v.InferOutput<typeof profilePatchSchema>;
export type ProfilePatchInput = v.InferInput<typeof profilePatchSchema>;

export const DELETE_CONFIRMATION_MESSAGE = "Send your password, or confirm with one of your passkeys.";

/** The current password, or a fresh assertion of one of the account's passkeys; `wrongPassword` for one too long to be it. */
const proofSchema = (wrongPassword: string) =>
  v.pipe(
    v.object({
      password: v.optional(v.pipe(v.string(PASSWORD_REQUIRED_MESSAGE), v.nonEmpty(PASSWORD_REQUIRED_MESSAGE), v.maxLength(PASSWORD_MAX_LENGTH, wrongPassword))),
      credential: v.optional(authenticationCredentialSchema),
    }),
    v.check(({ password, credential }) => (password === undefined) !== (credential === undefined), DELETE_CONFIRMATION_MESSAGE),
  );

/**
 * DELETE /api/me: the current password, or a fresh assertion of one of the account's passkeys
 * (docs/accounts.md#deleting-an-account), so a stolen access token alone cannot delete the account.
 */
export const deleteAccountSchema = proofSchema(DELETE_PASSWORD_MESSAGE);

export const PROOF_PASSWORD_MESSAGE = "That password is not right. Nothing was changed.";
export const PROOF_PASSKEY_MESSAGE = "Your passkey could not confirm that it's you. Nothing was changed.";
export const FRESH_PROOF_NEEDED_MESSAGE = "Confirm it's you first, with your password or one of your passkeys.";

/** POST /api/me/reauth: the same proof, opening the guarded actions for 5 minutes on this sign-in (docs/accounts.md#fresh-proof). */
export const reauthSchema = proofSchema(PROOF_PASSWORD_MESSAGE);
export type ReauthInput = v.InferInput<typeof reauthSchema>;
export type ReauthProof = v.InferOutput<typeof reauthSchema>;

export const reauthAnswerSchema = v.strictObject({ verified_until: v.string() });
export type ReauthAnswer = v.InferOutput<typeof reauthAnswerSchema>;

/** PUT /api/me/password: a new password (set one, on an account made with a passkey, or change it). */
export const setPasswordSchema = v.strictObject({ password: newPasswordSchema }, "Send only password.");

/** POST /api/auth/signup: the /auth page's fields, plus a handle and the browser's time zone if sent. */
export const accountSignUpSchema = v.object({
  ...signUpSchema.entries,
  handle: v.optional(handleSchema),
  time_zone: v.optional(timeZoneSchema),
});
export type AccountSignUpInput = v.InferInput<typeof accountSignUpSchema>;
