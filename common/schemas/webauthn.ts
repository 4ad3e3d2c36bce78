// WebAuthn as it travels (docs/accounts.md#passkeys): what navigator.credentials.create() and .get()
// answer, as @simplewebauthn/browser's JSON (RegistrationResponseJSON, AuthenticationResponseJSON),
// and the options the server hands the browser for them (strict: what @simplewebauthn/server makes).
import * as v from "valibot";

const CREDENTIAL_MESSAGE = "Send the passkey's answer as the browser gave it.";
const base64url = (maxLength: number) =>
  v.pipe(v.string(CREDENTIAL_MESSAGE), v.maxLength(maxLength, CREDENTIAL_MESSAGE), v.regex(/^[A-Za-z0-9_-]*$/, CREDENTIAL_MESSAGE));

// Credential ids are at most 1,023 bytes (WebAuthn); the rest is generous for "none" attestation.
const credentialId = v.pipe(base64url(1400), v.nonEmpty(CREDENTIAL_MESSAGE));
const credentialEntries = {
  id: credentialId,
  rawId: credentialId,
  type: v.literal("public-key", CREDENTIAL_MESSAGE),
  authenticatorAttachment: v.optional(v.picklist(["platform", "cross-platform"], CREDENTIAL_MESSAGE)),
  // Only credProps is asked for; other extensions' outputs are dropped.
  clientExtensionResults: v.optional(v.object({ credProps: v.optional(v.object({ rk: v.optional(v.boolean()) })) }, CREDENTIAL_MESSAGE), {}),
};

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const registrationCredentialSchema = v.object(
  {
    ...credentialEntries,
    response: v.object(
      {
        clientDataJSON: v.pipe(base64url(4096), v.nonEmpty(CREDENTIAL_MESSAGE)),
        attestationObject: v.pipe(base64url(16384), v.nonEmpty(CREDENTIAL_MESSAGE)),
        authenticatorData: v.optional(base64url(16384)),
        transports: v.optional(v.pipe(v.array(v.pipe(v.string(CREDENTIAL_MESSAGE), v.maxLength(32, CREDENTIAL_MESSAGE))), v.maxLength(10, CREDENTIAL_MESSAGE))),
        publicKeyAlgorithm: v.optional(v.number(CREDENTIAL_MESSAGE)),
        publicKey: v.optional(base64url(4096)),
      },
      CREDENTIAL_MESSAGE,
    ),
  },
  CREDENTIAL_MESSAGE,
);

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const authenticationCredentialSchema = v.object(
  {
    ...credentialEntries,
    response: v.object(
      {
        clientDataJSON: v.pipe(base64url(4096), v.nonEmpty(CREDENTIAL_MESSAGE)),
        authenticatorData: v.pipe(base64url(16384), v.nonEmpty(CREDENTIAL_MESSAGE)),
        signature: v.pipe(base64url(2048), v.nonEmpty(CREDENTIAL_MESSAGE)),
        userHandle: v.optional(base64url(128)),
      },
      CREDENTIAL_MESSAGE,
    ),
  },
  CREDENTIAL_MESSAGE,
);
export type RegistrationCredential = v.InferOutput<typeof registrationCredentialSchema>;
export type AuthenticationCredential = v.InferOutput<typeof authenticationCredentialSchema>;


const transport = v.string();
const credentialDescriptor = v.strictObject({ id: v.string(), type: v.literal("public-key"), transports: v.optional(v.array(transport)) });

/** navigator.credentials.create()'s options, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const creationOptionsAnswerSchema = v.strictObject({
  challenge: v.string(),
  rp: v.strictObject({ name: v.string(), id: v.string() }),
  user: v.strictObject({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.strictObject({ alg: v.number(), type: v.literal("public-key") })),
  timeout: v.number(),
  attestation: v.literal("none"),
  excludeCredentials: v.array(credentialDescriptor),
  authenticatorSelection: v.strictObject({
    residentKey: v.literal("required"),
    userVerification: v.literal("required"),
    requireResidentKey: v.literal(true),
  }),
  extensions: v.strictObject({ credProps: v.literal(true) }),
  hints: v.array(v.string()),
});
export type CreationOptionsAnswer = v.InferOutput<typeof creationOptionsAnswerSchema>;

/** navigator.credentials.get()'s options, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const requestOptionsAnswerSchema = v.strictObject({
  rpId: v.string(),
  challenge: v.string(),
  // Empty for sign-in (the browser offers the site's passkeys); the account's own when confirming.
  allowCredentials: v.array(credentialDescriptor),
  timeout: v.number(),
  userVerification: v.literal("required"),
});
export type RequestOptionsAnswer = v.InferOutput<typeof requestOptionsAnswerSchema>;

