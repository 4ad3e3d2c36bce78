// Bodies of the sign-in, sign-up, refresh, admin and invite calls. The /auth page validates with the
// same schemas, so a visitor sees the server's sentences before anything is sent.
import * as v from "valibot";
import { wireFormat } from "./fields";
import { EMAIL_PATTERN } from "./submission";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

export const EMAIL_REQUIRED_MESSAGE = "Enter your email address.";
export const EMAIL_INVALID_MESSAGE = "Enter a valid email address, like name@example.com.";
export const PASSWORD_REQUIRED_MESSAGE = "Enter your password.";
export const PASSWORD_TOO_SHORT_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`;
export const NAME_REQUIRED_MESSAGE = "Enter your name.";
export const NAME_TOO_LONG_MESSAGE = `Use at most ${NAME_MAX_LENGTH} characters for your name.`;
/** One sentence for an unknown email and a wrong password, so neither can be told apart. */
export const WRONG_CREDENTIALS_MESSAGE = "That email and password do not match an account.";
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";
/** The client's sentences, character for character (docs/architecture.md#api-contract). */
export const ADMIN_WRONG_PASSWORD_MESSAGE = "Incorrect password. Please try again.";

/** Emails compare trimmed and lower-cased, so "Owner@Bar.com " and "owner@bar.com" are one account. */
const email = v.pipe(
  v.optional(v.string(EMAIL_REQUIRED_MESSAGE), ""),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(EMAIL_REQUIRED_MESSAGE),
  v.maxLength(254, EMAIL_INVALID_MESSAGE),
  v.regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE),
);

// Passwords are never trimmed: every character the person typed counts.
export const newPasswordSchema = v.pipe(
  v.optional(v.string(PASSWORD_REQUIRED_MESSAGE), ""),
  v.nonEmpty(PASSWORD_REQUIRED_MESSAGE),
  v.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE),
  v.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
);

const existingPassword = v.pipe(
  v.optional(v.string(PASSWORD_REQUIRED_MESSAGE), ""),
  v.nonEmpty(PASSWORD_REQUIRED_MESSAGE),
  v.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
);

export const signUpSchema = v.object({
  name: v.pipe(
    v.optional(v.string(NAME_REQUIRED_MESSAGE), ""),
    v.trim(),
    v.nonEmpty(NAME_REQUIRED_MESSAGE),
    v.maxLength(NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE),
  ),
  email,
  password: newPasswordSchema,
});

export const signInSchema = v.object({ email, password: existingPassword });

export const refreshSchema = v.object({
  // The spec's client sends the stored user_id; a number or its digits both work.
  user_id: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))], "Send user_id as a number."),
    v.integer("Send user_id as a whole number."),
    v.minValue(1, "Send user_id as a positive number."),
    // The integer check would otherwise document a number only.
    wireFormat({ type: ["integer", "string"] }),
  ),
});

export const adminSignInSchema = v.object({
  password: v.pipe(
    v.optional(v.string(PASSWORD_REQUIRED_MESSAGE), ""),
    v.nonEmpty(PASSWORD_REQUIRED_MESSAGE),
    v.maxLength(256, ADMIN_WRONG_PASSWORD_MESSAGE),
  ),
});

export const acceptInviteSchema = v.object({
  token: v.pipe(
    v.optional(v.string("Send the invite token."), ""),
    v.trim(),
    v.nonEmpty("Send the invite token."),
    v.maxLength(2048, "This invite link is not valid."),
  ),
});

/** DELETE /api/place/{id}/invites/{inviteId}: invite ids are random base64url text. */
export const inviteIdParamSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, "Invite id is not valid."));

export const HANDOFF_INVALID_MESSAGE = "This sign-in link has expired or was already used. Sign in instead.";

/** POST /api/auth/handoff/inspect and /redeem: the code from a dashboard link, and its user_id if sent. */
export const handoffCodeSchema = v.object({
  code: v.pipe(
    v.optional(v.string("Send the sign-in code."), ""),
    v.trim(),
    v.nonEmpty("Send the sign-in code."),
    // randomToken(): 43 base64url characters; anything else cannot be one of ours.
    v.regex(/^[A-Za-z0-9_-]{43}$/, HANDOFF_INVALID_MESSAGE),
  ),
  user_id: v.optional(refreshSchema.entries.user_id),
});

export type SignUpInput = v.InferInput<typeof signUpSchema>;
export type SignInInput = v.InferInput<typeof signInSchema>;

/** POST /api/auth/password-reset: the address to send a reset link to (docs/accounts.md#password-reset). */
export const passwordResetRequestSchema = v.object({ email });

/** How long a reset link works, and what the link's page says once it does not. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const RESET_LINK_GONE_MESSAGE = "This reset link has expired or was already used. Ask for a new one.";

/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const passwordResetConfirmSchema = v.object({
  token: v.pipe(
    v.optional(v.string(RESET_LINK_GONE_MESSAGE), ""),
    v.nonEmpty(RESET_LINK_GONE_MESSAGE),
    // randomToken(): 43 base64url characters; anything else cannot be one of ours.
    v.regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_GONE_MESSAGE),
  ),
  password: newPasswordSchema,
});
export type PasswordResetConfirmInput = v.InferInput<typeof passwordResetConfirmSchema>;
