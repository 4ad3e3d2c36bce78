// The browser's side of passkeys (docs/accounts.md#passkeys): fetch the options, let
// @simplewebauthn/browser run navigator.credentials.create() or .get(), send the answer. Only the
// auth pages and the app's settings import this module, so the marketing pages never load it.
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { SessionAnswer } from "../../common/schemas/answers";
import type { PasskeyAnswer, PasskeySignUpOptionsInput } from "../../common/schemas/passkeys";
import type { CreationOptionsAnswer, RequestOptionsAnswer } from "../../common/schemas/webauthn";
import { browserTimeZone, failureMessage, startSession, type Outcome } from "./auth";
import { ownerApi } from "./ownerEndpoints";
import { session } from "./session";

export const passkeysSupported = () => browserSupportsWebAuthn();

export const PASSKEY_CANCELLED_MESSAGE = "The passkey prompt was closed or timed out. Nothing was changed.";
export const PASSKEY_ALREADY_HERE_MESSAGE = "This device already holds a passkey for your account.";

/** The sentence for a failed passkey ceremony: the server's, the browser's refusal in plain words, or the generic one. */
export function passkeyFailureMessage(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return PASSKEY_ALREADY_HERE_MESSAGE;
  // The person closed the prompt, or it timed out: the browser says no more, on purpose.
  // A DOMException (not an Error everywhere), or @simplewebauthn/browser's error named after it.
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : undefined;
  if (name === "NotAllowedError" || name === "AbortError") return PASSKEY_CANCELLED_MESSAGE;
  return failureMessage(error);
}

async function passkeyOutcome<T>(ceremony: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await ceremony() };
  } catch (error) {
    return { ok: false, message: passkeyFailureMessage(error) };
  }
}

// The server's options are @simplewebauthn/server's JSON; its transports and hints are plain
// strings in our schema, the browser package's own string unions in its types.
const creation = (options: CreationOptionsAnswer) => startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
const request = (options: RequestOptionsAnswer) => startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });

/** Makes an account with a passkey and no password, and signs in. */
export const signUpWithPasskey = async (input: PasskeySignUpOptionsInput): Promise<Outcome<SessionAnswer>> => {
  const made = await passkeyOutcome(async () => creation(await ownerApi.passkeySignUpOptions({ ...input, time_zone: browserTimeZone() })));
  return made.ok ? startSession(ownerApi.passkeySignUp({ credential: made.value })) : made;
};

/** Signs in with any of this site's passkeys the browser offers. */
export const signInWithPasskey = async (): Promise<Outcome<SessionAnswer>> => {
  const asserted = await passkeyOutcome(async () => request(await ownerApi.passkeySignInOptions()));
  return asserted.ok ? startSession(ownerApi.passkeySignIn({ credential: asserted.value })) : asserted;
};

/** Adds a passkey on this device to the signed-in account. */
export const addPasskey = (name?: string): Promise<Outcome<PasskeyAnswer>> =>
  passkeyOutcome(async () => ownerApi.addPasskey({ credential: await creation(await ownerApi.passkeyOptions()), name }));

/** A fresh proof on this sign-in with one of the account's passkeys (docs/accounts.md#fresh-proof). */
export const proveWithPasskey = (): Promise<Outcome<unknown>> =>
  passkeyOutcome(async () => ownerApi.reauth({ credential: await request(await ownerApi.passkeyConfirmOptions()) }));

/** Deletes the account, confirmed with one of its passkeys, then forgets the sign-in here. */
export async function deleteAccountWithPasskey(): Promise<Outcome<unknown>> {
  const outcome = await passkeyOutcome(async () => ownerApi.deleteMe({ credential: await request(await ownerApi.passkeyConfirmOptions()) }));
  if (outcome.ok) session.clear();
  return outcome;
}
