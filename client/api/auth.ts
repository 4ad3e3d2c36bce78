// Sign-in, sign-up, sign-out, the admin password and invite acceptance, as outcomes the auth pages
// show. Sign-in calls go around request(): their 401 means "wrong password", not "refresh the token".
import type { AccessTokenAnswer, SessionAnswer } from "../../common/schemas/answers";
import type { SignInInput, SignUpInput } from "../../common/schemas/auth";
import { adminSession } from "./adminSession";
import { adminApi } from "./adminEndpoints";
import { ApiError } from "./endpoints";
import { ownerApi } from "./ownerEndpoints";
import { TOKEN_EXPIRED_MESSAGE } from "./request";
import { session } from "./session";

/**
 * The client's generic sentence for a network failure or an answer without an error text
 * (docs/architecture.md#api-contract).
 */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** The sentence for a failed call: the server's, the spec's redirect message, or the generic one. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.answer.error ?? UNEXPECTED_ERROR_MESSAGE;
  return error instanceof Error && error.message === TOKEN_EXPIRED_MESSAGE ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

export const outcomeOf = <T>(sent: Promise<T>): Promise<Outcome<T>> =>
  sent.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, message: failureMessage(error) }),
  );

/** Keeps the session a sign-in answered (the refresh cookie came with it). */
export async function startSession(sent: Promise<SessionAnswer>): Promise<Outcome<SessionAnswer>> {
  const outcome = await outcomeOf(sent);
  if (outcome.ok) session.store(outcome.value.access_token, outcome.value.user_id);
  return outcome;
}

export const signIn = (input: SignInInput) => startSession(ownerApi.signIn(input));
/** The browser's time zone, which an account's quiet hours follow (docs/accounts.md#profile). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const signUp = (input: SignUpInput) => startSession(ownerApi.signUp({ ...input, time_zone: browserTimeZone() }));

/** Ends the sign-in on the server (revoking its refresh cookie) and forgets it here, even offline. */
export async function signOut(): Promise<void> {
  try {
    await ownerApi.signOut();
  } catch {
    // Offline: the cookie expires on its own; the stored token goes below either way.
  } finally {
    session.clear();
  }
}

/** Deletes the account (the server checks the password), then forgets the sign-in here. */
export async function deleteAccount(password: string): Promise<Outcome<unknown>> {
  const outcome = await outcomeOf(ownerApi.deleteMe({ password }));
  if (outcome.ok) session.clear();
  return outcome;
}

export const adminSignIn = (password: string): Promise<Outcome<AccessTokenAnswer>> => outcomeOf(adminApi.signIn({ password }));

/**
 * Admin sign-out: forgets the token here at once, then asks the server to end it, since the token
 * itself would stay valid for the rest of its 12 hours. Offline, only the forgetting happens.
 */
export async function endAdminSession(): Promise<void> {
  const token = adminSession.token();
  adminSession.clear();
  if (token === null) return;
  try {
    await adminApi.signOut(token);
  } catch (error) {
    console.error(error);
  }
}

/** The body of the hand-off calls: the link's user_id goes along only when it is a number. */
export const handoffBody = (code: string, userId: string | null) => (userId && /^\d{1,10}$/.test(userId) ? { code, user_id: Number(userId) } : { code });

/** Uses the code up: its owner's session (token here, refresh cookie from the server) replaces any other. */
export const redeemHandoff = (code: string, userId: string | null) => startSession(ownerApi.redeemHandoff(handoffBody(code, userId)));
