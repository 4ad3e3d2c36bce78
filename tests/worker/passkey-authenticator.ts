// A software WebAuthn authenticator for worker tests (docs/accounts.md#passkeys): a P-256 key from
// WebCrypto, "none" attestation and ES256 assertions built byte by byte as WebAuthn Level 3 says
// (authenticator data §6.1, attestation object §6.5, the COSE key of RFC 9053, CBOR of RFC 8949),
// without the library under test. Each call may bend one thing (origin, RP ID, challenge, flags,
// counter) to show that the server refuses it.
import type { AuthenticationCredential, CreationOptionsAnswer, RegistrationCredential, RequestOptionsAnswer } from "../../common/schemas/webauthn";

export const TEST_ORIGIN = "https://third-place.test";
export const TEST_RP_ID = "third-place.test";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The CBOR of RFC 8949 for the few types WebAuthn needs: integers, byte and text strings, maps. */
export function cbor(value: Cbor): Uint8Array {
  const head = (major: number, n: number) => {
    if (n < 24) return new Uint8Array([(major << 5) | n]);
    if (n < 256) return new Uint8Array([(major << 5) | 24, n]);
    if (n < 65536) return new Uint8Array([(major << 5) | 25, n >> 8, n & 255]);
    return concat(new Uint8Array([(major << 5) | 26]), uint32(n));
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return concat(head(3, utf8(value).length), utf8(value));
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

/** WebCrypto's ECDSA signature (r‖s, 64 bytes) as the ASN.1 DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const body = trimmed[0] & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  userVerified?: boolean;
  type?: string;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  /** The user handle the site gave when the passkey was made (what a discoverable credential keeps). */
  userHandle: string | undefined;

  private constructor(
    private readonly keys: CryptoKeyPair,
    /** The signature counter; 0 stays 0, like most passkey providers. */
    public counter: number,
  ) {}

  static async create(options: { counter?: number } = {}): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, options.counter ?? 0);
  }

  get id(): string {
    return toBase64Url(this.credentialId);
  }

  private clientData(type: string, challenge: string, bend: Bend) {
    return utf8(JSON.stringify({ type: bend.type ?? type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? TEST_ORIGIN, crossOrigin: false }));
  }

  private async authenticatorData(rpId: string, bend: Bend, attested?: Uint8Array) {
    const flags = FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED) | (attested ? FLAG_ATTESTED_CREDENTIAL : 0);
    return concat(await sha256(utf8(bend.rpId ?? rpId)), new Uint8Array([flags]), uint32(this.counter), attested ?? new Uint8Array());
  }

  /** navigator.credentials.create() for `options`, as @simplewebauthn/browser's JSON. */
  async register(options: CreationOptionsAnswer, bend: Bend = {}): Promise<RegistrationCredential> {
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const fromJwk = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    // COSE_Key: kty EC2 (2), alg ES256 (−7), crv P-256 (1), x, y.
    const coseKey = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromJwk(jwk.x!)], [-3, fromJwk(jwk.y!)]]));
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, coseKey);
    const authData = await this.authenticatorData(options.rp.id, bend, attested);
    const attestationObject = cbor(new Map<string, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    this.userHandle = options.user.id;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64Url(this.clientData("webauthn.create", options.challenge, bend)),
        attestationObject: toBase64Url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for `options`; the counter moves on by one first when it is kept. */
  async assert(options: RequestOptionsAnswer, bend: Bend = {}): Promise<AuthenticationCredential> {
    if (this.counter > 0) this.counter += 1;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const authData = await this.authenticatorData(options.rpId, bend);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed as Uint8Array<ArrayBuffer>));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64Url(clientDataJSON),
        authenticatorData: toBase64Url(authData),
        signature: toBase64Url(derSignature(raw)),
        userHandle: this.userHandle,
      },
    };
  }
}
