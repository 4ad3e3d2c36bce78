// Pure logic of the /auth page, apart from the page so it is unit-tested.
import * as v from "valibot";
import { signInSchema, signUpSchema } from "../../../common/schemas/auth";
import { passkeySignUpOptionsSchema } from "../../../common/schemas/passkeys";

export type AuthMode = "signin" | "signup";

export interface AuthFields {
  name: string;
  email: string;
  password: string;
}

export type AuthErrors = Partial<Record<keyof AuthFields, string>>;

export const DEFAULT_NEXT = "/dashboard";

/** The first message per field of a failed parse. */
function firstMessages(result: v.SafeParseResult<v.GenericSchema>): AuthErrors {
  if (result.success) return {};
  const nested: Record<string, string[] | undefined> = v.flatten(result.issues).nested ?? {};
  const errors: AuthErrors = {};
  for (const field of ["name", "email", "password"] as const) {
    const message = nested[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The first message per field from the schema the server applies too; empty when valid. */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): AuthErrors {
  return firstMessages(
    mode === "signup" ? v.safeParse(signUpSchema, fields) : v.safeParse(signInSchema, { email: fields.email, password: fields.password }),
  );
}

/** Signing up with a passkey: the name and email, as the server checks them; the password field is not used. */
export const validatePasskeySignUp = (fields: AuthFields): AuthErrors =>
  firstMessages(v.safeParse(passkeySignUpOptionsSchema, { name: fields.name, email: fields.email }));

/**
 * Where to go after signing in: the `next` parameter when it is a path on this site, else the
 * dashboard. "//host" and "/\host" would leave the site; /auth itself would loop.
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return DEFAULT_NEXT;
  if (next === "/auth" || next.startsWith("/auth?") || next.startsWith("/auth/")) return DEFAULT_NEXT;
  return next;
}

/** Where an account goes after signing in on the consumer pages: its dashboard if it owns places, else /app. */
export const homeOf = (places: readonly unknown[]) => (places.length > 0 ? DEFAULT_NEXT : "/app");
