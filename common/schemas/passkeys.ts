// Passkeys (docs/accounts.md#passkeys): the bodies of the sign-up, sign-in, add and rename calls,
// the account's passkeys as answered, and the sentences. The WebAuthn shapes are in webauthn.ts.
import * as v from "valibot";
import { isoTime } from "./answers";
import { signUpSchema } from "./auth";
import { idParamSchema } from "./fields";
import { handleSchema, timeZoneSchema } from "./profile";
import { authenticationCredentialSchema, registrationCredentialSchema } from "./webauthn";

/** An account keeps at most this many passkeys. */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PASSKEY_CHALLENGE_GONE_MESSAGE = "This passkey request has expired or was already used. Please try again.";
export const PASSKEY_NOT_VERIFIED_MESSAGE = "Your passkey's answer could not be verified. Please try again.";
export const PASSKEY_UNKNOWN_MESSAGE = "This passkey is not registered here (it may have been removed). Sign in another way.";
export const PASSKEY_LIMIT_MESSAGE = `An account can have at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one first.`;
export const PASSKEY_TAKEN_MESSAGE = "This passkey is already registered.";
export const PASSKEY_NONE_MESSAGE = "This account has no passkey.";
export const LAST_SIGN_IN_METHOD_MESSAGE = "This passkey is your only way to sign in. Add another passkey first.";
export const PASSKEY_NEEDS_DOMAIN_MESSAGE = "Passkeys need the site's name in the address: open it at localhost (or its domain), not at an IP address.";
export const DELETE_PASSKEY_MESSAGE = "Your passkey could not confirm that it's you. Your account was not deleted.";
export const PASSKEY_NAME_MESSAGE = `Name the passkey in 1 to ${PASSKEY_NAME_MAX_LENGTH} characters.`;

const passkeyName = v.pipe(
  v.string(PASSKEY_NAME_MESSAGE),
  v.trim(),
  v.nonEmpty(PASSKEY_NAME_MESSAGE),
  v.maxLength(PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_MESSAGE),
);

/** POST /api/auth/passkey/signup/options: the account's fields, without a password. */
export const passkeySignUpOptionsSchema = v.object({
  name: signUpSchema.entries.name,
  email: signUpSchema.entries.email,
  handle: v.optional(handleSchema),
  time_zone: v.optional(timeZoneSchema),
});
export type PasskeySignUpOptionsInput = v.InferInput<typeof passkeySignUpOptionsSchema>;

/** POST /api/auth/passkey/signup */
export const passkeySignUpSchema = v.object({ credential: registrationCredentialSchema });
/** POST /api/auth/passkey/login */
export const passkeySignInSchema = v.object({ credential: authenticationCredentialSchema });
/** POST /api/me/passkeys: the new passkey, and a name for it if the person gave one. */
export const addPasskeySchema = v.object({ credential: registrationCredentialSchema, name: v.optional(passkeyName) });
/** PATCH /api/me/passkeys/{id} */
export const renamePasskeySchema = v.strictObject({ name: passkeyName }, "Send only {name}.");
export const passkeyIdParamSchema = idParamSchema("Passkey id must be a positive whole number.");

/** One passkey of the signed-in account. */
export const passkeyAnswerSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  created_at: isoTime,
  // null: never used to sign in since it was added.
  last_used_at: v.nullable(isoTime),
});
export type PasskeyAnswer = v.InferOutput<typeof passkeyAnswerSchema>;

/** GET /api/me/passkeys: oldest first, and whether the account also has a password. */
export const passkeysAnswerSchema = v.strictObject({ passkeys: v.array(passkeyAnswerSchema), has_password: v.boolean() });
export type PasskeysAnswer = v.InferOutput<typeof passkeysAnswerSchema>;
