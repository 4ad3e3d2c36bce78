// WebAuthn ceremonies for passkeys (docs/accounts.md#passkeys), on @simplewebauthn/server: the
// relying party is the site's own origin, challenges are single-use rows in D1 (worker/db/passkeys.ts),
// and every ceremony requires user verification and a discoverable credential.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Passkey } from "../../drizzle/schema";
import { findPasskeyByCredentialId, insertChallenge, recordPasskeyUse, takeChallenge, type ChallengePurpose, type ChallengeRow } from "../db/passkeys";
import type { Database } from "../db/client";
import { fromBase64Url, randomToken, toBase64Url } from "../lib/crypto";
import { ApiError, badRequest } from "../lib/errors";
import { publicOrigin } from "../lib/origin";
import type { AuthenticationCredential, CreationOptionsAnswer, RegistrationCredential, RequestOptionsAnswer } from "../../common/schemas/webauthn";
import { PASSKEY_CHALLENGE_GONE_MESSAGE, PASSKEY_NEEDS_DOMAIN_MESSAGE } from "../../common/schemas/passkeys";

/** How long a ceremony may take, from the options to the answer: the browser's prompt times out then too. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "Third Place";

export interface RelyingParty {
  /** The host name passkeys are bound to: "localhost", "thirdplace.example". */
  id: string;
  /** The origin the browser reports in clientDataJSON: "http://localhost:8787". */
  origin: string;
}

/**
 * The relying party of a request: PUBLIC_ORIGIN when set (behind a proxy), else the origin the
 * request was sent to, so one build works on localhost and in production. An IP address cannot be
 * a WebAuthn RP ID: browsers refuse, so we say so first.
 */
export function relyingPartyOf(env: Env, requestUrl: string): RelyingParty {
  const origin = publicOrigin(env, requestUrl);
  const id = new URL(origin).hostname;
  if (/^[\d.]+$/.test(id) || id.startsWith("[")) throw badRequest(PASSKEY_NEEDS_DOMAIN_MESSAGE);
  return { id, origin };
}

/** The challenge a credential answers, read from its clientDataJSON; undefined when that is not JSON with one. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(clientDataJSON)));
    const challenge = typeof data === "object" && data !== null && "challenge" in data ? data.challenge : undefined;
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 128 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const challengeGone = () => new ApiError(410, PASSKEY_CHALLENGE_GONE_MESSAGE);

/** Uses up the challenge the credential answers, or throws 410. */
export async function takeAnsweredChallenge(
  db: Database,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<ChallengeRow> {
  const challenge = challengeOf(clientDataJSON);
  const row = challenge === undefined ? undefined : await takeChallenge(db, challenge, purpose, userId, now);
  if (!row) throw challengeGone();
  return row;
}

/** A random WebAuthn user handle (user.id): 16 bytes, never the account's id or email. */
export const newUserHandle = () => randomToken(16);

/** Options for navigator.credentials.create(), their challenge stored for `purpose`. */
export async function startRegistration(
  db: Database,
  rp: RelyingParty,
  input: {
    purpose: "signup" | "add";
    userId?: number;
    userHandle: string;
    userName: string;
    displayName: string;
    exclude: Pick<Passkey, "credentialId" | "transports">[];
    pending?: string;
  },
  now: Date,
): Promise<CreationOptionsAnswer> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: input.userName,
    userDisplayName: input.displayName,
    userID: fromBase64Url(input.userHandle),
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: storedTransports(passkey.transports) })),
    // Discoverable, so signing in needs no email; verified (PIN, fingerprint, face), since a passkey alone signs in.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await insertChallenge(
    db,
    {
      challenge: options.challenge,
      purpose: input.purpose,
      userId: input.userId,
      userHandle: input.userHandle,
      pending: input.pending,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return options as CreationOptionsAnswer;
}

/** Options for navigator.credentials.get(): any passkey of this site (sign-in), or only `allow` (confirming). */
export async function startAuthentication(
  db: Database,
  rp: RelyingParty,
  input: { purpose: "login" | "confirm"; userId?: number; allow: Pick<Passkey, "credentialId" | "transports">[] },
  now: Date,
): Promise<RequestOptionsAnswer> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: input.allow.map((passkey) => ({ id: passkey.credentialId, transports: storedTransports(passkey.transports) })),
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  await insertChallenge(
    db,
    { challenge: options.challenge, purpose: input.purpose, userId: input.userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    now,
  );
  return options as RequestOptionsAnswer;
}

function storedTransports(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Checks a new credential against the challenge it answers (origin, RP ID, user verification); undefined when it fails. */
export async function verifyRegistration(rp: RelyingParty, credential: RegistrationCredential, challenge: string): Promise<VerifiedRegistration | undefined> {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified || !registrationInfo) return undefined;
    const { id, publicKey, counter, transports } = registrationInfo.credential;
    return { credentialId: id, publicKey: toBase64Url(publicKey), counter, transports: transports ?? credential.response.transports ?? [] };
  } catch {
    // The library throws for every malformed or mismatched answer; which one is not the caller's business.
    return undefined;
  }
}

/**
 * Checks an assertion of a stored passkey against its challenge: signature, origin, RP ID, user
 * verification, a counter that moved on (when the authenticator keeps one) and, when sent, the
 * user handle. The new counter, or undefined when anything fails.
 */
export async function verifyAssertion(rp: RelyingParty, credential: AuthenticationCredential, challenge: string, passkey: Passkey): Promise<number | undefined> {
  if (credential.response.userHandle !== undefined && credential.response.userHandle !== passkey.userHandle) return undefined;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: fromBase64Url(passkey.publicKey), counter: passkey.counter, transports: storedTransports(passkey.transports) },
      requireUserVerification: true,
    });
    return verified ? authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A sign-in or a confirmation with a passkey: uses up the challenge the assertion answers (410 when
 * it is gone), finds the passkey (of `userId` when given) and verifies the assertion, then stores
 * the new counter. Two sign-ins racing with one counter value: only the first is let in.
 */
export async function checkAssertion(
  db: Database,
  rp: RelyingParty,
  credential: AuthenticationCredential,
  purpose: "login" | "confirm",
  userId: number | null,
  now: Date,
): Promise<Passkey | "unknown" | "not-verified"> {
  const { challenge } = await takeAnsweredChallenge(db, credential.response.clientDataJSON, purpose, userId, now);
  const passkey = await findPasskeyByCredentialId(db, credential.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) return "unknown";
  const newCounter = await verifyAssertion(rp, credential, challenge, passkey);
  if (newCounter === undefined || !(await recordPasskeyUse(db, passkey, newCounter, now))) return "not-verified";
  return passkey;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+ (Mobile\/\w+ )?Safari\//, "Safari"],
];

/** The browser a User-Agent names, for a passkey's default name; undefined when it is none we know. */
export function browserName(userAgent: string | undefined): string | undefined {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent ?? ""))?.[1];
}

/** "Passkey on Chrome, added 25 Nov": the name a passkey gets until its owner renames it. */
export function defaultPasskeyName(userAgent: string | undefined, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone }).format(now);
  const browser = browserName(userAgent);
  return `${browser ? `Passkey on ${browser}` : "Passkey"}, added ${day}`;
}
