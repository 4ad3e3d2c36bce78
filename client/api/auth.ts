// Sign-in, sign-up, sign-out, the admin password and invite acceptance. Sign-in calls go around
// request(): their 401 means "wrong password", not "refresh the token".
import type {
  AcceptInviteAnswer,
  AccessTokenAnswer,
  HandoffOwnerAnswer,
  MeAnswer,
  SessionAnswer,
} from "../../common/schemas/answers";
import type { SignInInput, SignUpInput } from "../../common/schemas/auth";
import { apiBaseUrl, errorMessage, request, sendWithToken, TOKEN_EXPIRED_MESSAGE } from "./request";
import { session } from "./session";

/**
 * The client's generic sentence for a network failure or an answer without an error text
 * (docs/architecture.md#api-contract).
 */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

async function outcomeOf<T>(send: () => Promise<Response>): Promise<Outcome<T>> {
  try {
    const response = await send();
    if (response.ok) return { ok: true, value: (await response.json()) as T };
    return { ok: false, message: (await errorMessage(response)) ?? UNEXPECTED_ERROR_MESSAGE };
  } catch (error) {
    if (error instanceof Error && error.message === TOKEN_EXPIRED_MESSAGE) return { ok: false, message: error.message };
    return { ok: false, message: UNEXPECTED_ERROR_MESSAGE };
  }
}

function postWithoutToken(endpoint: string, body?: object): Promise<Response> {
  return fetch(`${apiBaseUrl()}${endpoint}`, {
    method: "POST",
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    // The refresh cookie is set and read on these calls.
    credentials: "include",
  });
}

async function startSession(endpoint: string, body: object): Promise<Outcome<SessionAnswer>> {
  const outcome = await outcomeOf<SessionAnswer>(() => postWithoutToken(endpoint, body));
  if (outcome.ok) session.store(outcome.value.access_token, outcome.value.user_id);
  return outcome;
}

export const signIn = (input: SignInInput) => startSession("/api/auth/login", input);
export const signUp = (input: SignUpInput) => startSession("/api/auth/signup", input);

/** Ends the sign-in on the server (revoking its refresh cookie) and forgets it here, even offline. */
export async function signOut(): Promise<void> {
  try {
    await postWithoutToken("/api/auth/logout");
  } catch {
    // Offline: the cookie expires on its own; the stored token goes below either way.
  } finally {
    session.clear();
  }
}

export const adminSignIn = (password: string) =>
  outcomeOf<AccessTokenAnswer>(() => postWithoutToken("/api/admin/login", { password }));

/** Joins the place behind an invite link as a co-owner (needs a signed-in owner). */
export const acceptInvite = (token: string) =>
  outcomeOf<AcceptInviteAnswer>(() => request("POST", "/api/invites/accept", { token }));

/** The body of the hand-off calls: the link's user_id goes along only when it is a number. */
const handoffBody = (code: string, userId: string | null) => (userId && /^\d{1,10}$/.test(userId) ? { code, user_id: Number(userId) } : { code });

/** Whom a dashboard link's one-time code signs in, without using it up. */
export const inspectHandoff = (code: string, userId: string | null) =>
  outcomeOf<HandoffOwnerAnswer>(() => postWithoutToken("/api/auth/handoff/inspect", handoffBody(code, userId)));

/** Uses the code up: its owner's session (token here, refresh cookie from the server) replaces any other. */
export const redeemHandoff = (code: string, userId: string | null) => startSession("/api/auth/handoff/redeem", handoffBody(code, userId));

/** Whom a bare access token from a link belongs to; no refresh, since it is not this browser's session. */
export const accountOfToken = (token: string) => outcomeOf<MeAnswer>(() => sendWithToken(token, "GET", "/api/me"));

/** The signed-in account, refreshing the token if needed. */
export const currentAccount = () => outcomeOf<MeAnswer>(() => request("GET", "/api/me"));
