// Passkeys (docs/accounts.md#passkeys): sign up, sign in, add, rename and remove them through the
// worker, with a software authenticator (passkey-authenticator.ts) answering the server's options.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { browserName, challengeOf, defaultPasskeyName, relyingPartyOf } from "../../worker/auth/passkeys";
import type { SessionAnswer } from "../../common/schemas/answers";
import { WRONG_CREDENTIALS_MESSAGE } from "../../common/schemas/auth";
import {
  DELETE_PASSKEY_MESSAGE,
  LAST_SIGN_IN_METHOD_MESSAGE,
  PASSKEY_CHALLENGE_GONE_MESSAGE,
  PASSKEY_LIMIT_MESSAGE,
  PASSKEY_NEEDS_DOMAIN_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_UNKNOWN_MESSAGE,
  type PasskeyAnswer,
  type PasskeysAnswer,
} from "../../common/schemas/passkeys";
import { DELETE_PASSWORD_MESSAGE } from "../../common/schemas/profile";
import type { CreationOptionsAnswer, RequestOptionsAnswer } from "../../common/schemas/webauthn";
import { bearer } from "./fixtures";
import { api, postJson, refreshCookieOf, signUpOwner } from "./helpers";
import { SoftAuthenticator, TEST_ORIGIN, TEST_RP_ID } from "./passkey-authenticator";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

const send = (method: string, path: string, token?: string, body?: unknown) =>
  api(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), "user-agent": CHROME, ...bearer(token) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let people = 0;
const newPerson = () => {
  people += 1;
  return { name: `Passkey Person ${people}`, email: `passkey-${people}-${crypto.randomUUID()}@example.com` };
};

async function signUpOptions(person = newPerson()) {
  const response = await send("POST", "/api/auth/passkey/signup/options", undefined, person);
  expect(response.status).toBe(200);
  return response.json<CreationOptionsAnswer>();
}

async function loginOptions() {
  const response = await send("POST", "/api/auth/passkey/login/options");
  expect(response.status).toBe(200);
  return response.json<RequestOptionsAnswer>();
}

/** A passkey-only account: signs up with a new software authenticator. */
async function signUpWithPasskey(authenticator?: SoftAuthenticator) {
  const person = newPerson();
  const device = authenticator ?? (await SoftAuthenticator.create());
  const response = await send("POST", "/api/auth/passkey/signup", undefined, { credential: await device.register(await signUpOptions(person)) });
  expect(response.status).toBe(201);
  const session = await response.json<SessionAnswer>();
  return { ...person, device, userId: session.user_id, token: session.access_token, cookie: refreshCookieOf(response) };
}

const signIn = async (device: SoftAuthenticator, bend = {}) =>
  send("POST", "/api/auth/passkey/login", undefined, { credential: await device.assert(await loginOptions(), bend) });

const listPasskeys = async (token: string) => {
  const response = await send("GET", "/api/me/passkeys", token);
  expect(response.status).toBe(200);
  return response.json<PasskeysAnswer>();
};

async function addPasskey(token: string, device: SoftAuthenticator, name?: string) {
  const options = await send("POST", "/api/me/passkeys/options", token);
  expect(options.status).toBe(200);
  return send("POST", "/api/me/passkeys", token, { credential: await device.register(await options.json<CreationOptionsAnswer>()), name });
}

/** A fresh proof on this sign-in (docs/accounts.md#fresh-proof): the password, or one of the account's passkeys. */
async function prove(token: string, proof: { password: string } | SoftAuthenticator) {
  const body =
    proof instanceof SoftAuthenticator
      ? { credential: await proof.assert(await (await send("POST", "/api/me/passkeys/confirm-options", token)).json<RequestOptionsAnswer>()) }
      : proof;
  expect((await send("POST", "/api/me/reauth", token, body)).status).toBe(200);
}

const errorOf = async (response: Response) => (await response.json<{ error: string }>()).error;
const passkeyRow = (credentialId: string) =>
  env.DB.prepare("SELECT user_id, counter, last_used_at FROM passkeys WHERE credential_id = ?").bind(credentialId).first<{ user_id: number; counter: number; last_used_at: number | null }>();

describe("the relying party and the passkey's default name", () => {
  it("is the request's own origin (or PUBLIC_ORIGIN), and never an IP address", () => {
    const local = { ...env, PUBLIC_ORIGIN: "" } as Env;
    expect(relyingPartyOf(local, "http://localhost:8787/api/auth/passkey/login/options")).toEqual({ id: "localhost", origin: "http://localhost:8787" });
    expect(relyingPartyOf(local, `${TEST_ORIGIN}/api/x`)).toEqual({ id: TEST_RP_ID, origin: TEST_ORIGIN });
    const proxied = { ...env, PUBLIC_ORIGIN: "https://thirdplace.example/" } as unknown as Env;
    expect(relyingPartyOf(proxied, "http://internal:8080/api/x")).toEqual({ id: "thirdplace.example", origin: "https://thirdplace.example" });
    expect(() => relyingPartyOf(local, "http://127.0.0.1:8787/api/x")).toThrow(PASSKEY_NEEDS_DOMAIN_MESSAGE);
    expect(() => relyingPartyOf(local, "http://[::1]:8787/api/x")).toThrow(PASSKEY_NEEDS_DOMAIN_MESSAGE);
  });

  it("reads the challenge from clientDataJSON, and nothing from anything else", () => {
    const encode = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(challengeOf(encode(JSON.stringify({ type: "webauthn.get", challenge: "abc_-1" })))).toBe("abc_-1");
    expect(challengeOf(encode("not json"))).toBeUndefined();
    expect(challengeOf(encode(JSON.stringify({ challenge: 5 })))).toBeUndefined();
    expect(challengeOf(encode(JSON.stringify({ challenge: "x".repeat(200) })))).toBeUndefined();
  });

  it('names a passkey after the browser and the day, in the account\'s time zone: "Passkey on Chrome, added 25 Nov"', () => {
    const lateNight = new Date("2025-11-25T23:30:00Z");
    expect(defaultPasskeyName(CHROME, lateNight, "UTC")).toBe("Passkey on Chrome, added 25 Nov");
    expect(defaultPasskeyName(CHROME, lateNight, "Europe/Berlin")).toBe("Passkey on Chrome, added 26 Nov");
    expect(defaultPasskeyName(undefined, lateNight, "UTC")).toBe("Passkey, added 25 Nov");
    expect(browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")).toBe("Safari");
    expect(browserName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0")).toBe("Edge");
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe("Firefox");
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36")).toBe("Chrome");
    expect(browserName("curl/8.0")).toBeUndefined();
  });
});

describe("signing up and signing in with a passkey", () => {
  it("makes an account with no password, signs in with the passkey and issues the same session as a password", async () => {
    const account = await signUpWithPasskey();
    expect(account.cookie).toMatch(/^tp_refresh=/);
    const me = await send("GET", "/api/me", account.token);
    expect(await me.json()).toMatchObject({ id: account.userId, email: account.email, name: account.name });
    const listed = await listPasskeys(account.token);
    expect(listed.has_password).toBe(false);
    expect(listed.passkeys).toEqual([{ id: expect.any(Number), name: expect.stringMatching(/^Passkey on Chrome, added \d{1,2} [A-Z][a-z]{2}$/), created_at: expect.any(String), last_used_at: null }]);

    const signedIn = await signIn(account.device);
    expect(signedIn.status).toBe(200);
    const session = await signedIn.json<SessionAnswer>();
    expect(session.user_id).toBe(account.userId);
    const cookie = refreshCookieOf(signedIn);
    expect(cookie).toMatch(/^tp_refresh=/);
    // The cookie works like a password sign-in's.
    expect((await postJson("/api/refresh", { user_id: account.userId }, { cookie: cookie! })).status).toBe(200);
    expect((await send("GET", "/api/me", session.access_token)).status).toBe(200);
    expect((await listPasskeys(account.token)).passkeys[0].last_used_at).not.toBeNull();
  });

  it("password sign-in for an account without a password fails like a wrong password", async () => {
    const account = await signUpWithPasskey();
    for (const password of ["", "anything at all"]) {
      const response = await postJson("/api/auth/login", { email: account.email, password: password || "x" });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toBe(WRONG_CREDENTIALS_MESSAGE);
    }
  });

  it("refuses a taken email before and after the passkey, and creates nothing", async () => {
    const owner = await signUpOwner();
    const before = await send("POST", "/api/auth/passkey/signup/options", undefined, { name: "Copycat", email: owner.email });
    expect(before.status).toBe(409);

    const person = newPerson();
    const options = await signUpOptions(person);
    await signUpOwner({ email: person.email });
    const device = await SoftAuthenticator.create();
    const after = await send("POST", "/api/auth/passkey/signup", undefined, { credential: await device.register(options) });
    expect(after.status).toBe(409);
    expect(await passkeyRow(device.id)).toBeNull();
  });

  it("refuses a credential made for another origin, another RP ID or without user verification", async () => {
    for (const bend of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { userVerified: false }, { type: "webauthn.get" }]) {
      const person = newPerson();
      const device = await SoftAuthenticator.create();
      const response = await send("POST", "/api/auth/passkey/signup", undefined, { credential: await device.register(await signUpOptions(person), bend) });
      expect(response.status, JSON.stringify(bend)).toBe(400);
      expect(await errorOf(response)).toBe(PASSKEY_NOT_VERIFIED_MESSAGE);
      expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(person.email).first()).toBeNull();
    }
  });

  it("refuses an assertion for another origin, another RP ID, without user verification or signed by another key", async () => {
    const account = await signUpWithPasskey();
    for (const bend of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { userVerified: false }]) {
      const response = await signIn(account.device, bend);
      expect(response.status, JSON.stringify(bend)).toBe(401);
      expect(await errorOf(response)).toBe(PASSKEY_NOT_VERIFIED_MESSAGE);
    }
    // Another key claiming this credential id and user.
    const impostor = await SoftAuthenticator.create();
    Object.assign(impostor, { credentialId: account.device.credentialId, userHandle: account.device.userHandle });
    expect((await signIn(impostor)).status).toBe(401);
    expect((await passkeyRow(account.device.id))!.last_used_at).toBeNull();
  });

  it("a passkey not registered here is a 401 that says so", async () => {
    const stranger = await SoftAuthenticator.create();
    const response = await signIn(stranger);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(PASSKEY_UNKNOWN_MESSAGE);
  });

  it("a challenge never issued, already used, expired or issued for something else is a 410", async () => {
    const account = await signUpWithPasskey();
    const gone = async (response: Response) => {
      expect(response.status).toBe(410);
      expect(await errorOf(response)).toBe(PASSKEY_CHALLENGE_GONE_MESSAGE);
    };
    // Never issued.
    await gone(await send("POST", "/api/auth/passkey/login", undefined, { credential: await account.device.assert(await loginOptions(), { challenge: "bm90LWlzc3VlZA" }) }));
    // Replayed: the same answer twice.
    const credential = await account.device.assert(await loginOptions());
    expect((await send("POST", "/api/auth/passkey/login", undefined, { credential })).status).toBe(200);
    await gone(await send("POST", "/api/auth/passkey/login", undefined, { credential }));
    // Expired.
    const options = await loginOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = 0 WHERE challenge = ?").bind(options.challenge).run();
    await gone(await send("POST", "/api/auth/passkey/login", undefined, { credential: await account.device.assert(options) }));
    // A sign-up challenge answered at sign-in, and a sign-in challenge at sign-up.
    await gone(await send("POST", "/api/auth/passkey/login", undefined, { credential: await account.device.assert({ ...(await loginOptions()), challenge: (await signUpOptions()).challenge }) }));
    const device = await SoftAuthenticator.create();
    await gone(await send("POST", "/api/auth/passkey/signup", undefined, { credential: await device.register({ ...(await signUpOptions()), challenge: (await loginOptions()).challenge }) }));
  });

  it("keeps the authenticator's counter and refuses one that went back (a cloned authenticator)", async () => {
    const device = await SoftAuthenticator.create({ counter: 5 });
    const account = await signUpWithPasskey(device);
    expect((await passkeyRow(device.id))!.counter).toBe(5);
    expect((await signIn(device)).status).toBe(200);
    expect((await passkeyRow(device.id))!.counter).toBe(6);
    device.counter = 5;
    const replayed = await signIn(device);
    expect(replayed.status).toBe(401);
    expect((await passkeyRow(device.id))!.counter).toBe(6);
    expect((await signIn(device)).status).toBe(200);
    expect((await passkeyRow(device.id))!.counter).toBe(7);
    expect((await passkeyRow(device.id))!.user_id).toBe(account.userId);
  });

  it("expired challenges are deleted when a new one is stored", async () => {
    await loginOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = 0").run();
    await loginOptions();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM webauthn_challenges").first<{ n: number }>();
    expect(left!.n).toBe(1);
  });
});

describe("an account's passkeys", () => {
  it("a password account adds, renames, lists and removes passkeys; its only passkey may go", async () => {
    const owner = await signUpOwner();
    const device = await SoftAuthenticator.create();
    await prove(owner.accessToken, owner);
    const added = await addPasskey(owner.accessToken, device, "My phone");
    expect(added.status).toBe(201);
    const passkey = await added.json<PasskeyAnswer>();
    expect(passkey).toMatchObject({ name: "My phone", last_used_at: null });
    expect(await listPasskeys(owner.accessToken)).toEqual({ passkeys: [passkey], has_password: true });

    const second = await SoftAuthenticator.create();
    const unnamed = await (await addPasskey(owner.accessToken, second)).json<PasskeyAnswer>();
    expect(unnamed.name).toMatch(/^Passkey on Chrome, added /);
    // Both sign in to this account.
    expect((await (await signIn(second)).json<SessionAnswer>()).user_id).toBe(owner.userId);

    const renamed = await send("PATCH", `/api/me/passkeys/${unnamed.id}`, owner.accessToken, { name: "  Laptop " });
    expect(await renamed.json()).toMatchObject({ id: unnamed.id, name: "Laptop" });
    expect((await send("PATCH", `/api/me/passkeys/${unnamed.id}`, owner.accessToken, { name: "" })).status).toBe(400);

    expect((await send("DELETE", `/api/me/passkeys/${passkey.id}`, owner.accessToken)).status).toBe(200);
    expect((await send("DELETE", `/api/me/passkeys/${unnamed.id}`, owner.accessToken)).status).toBe(200);
    expect(await listPasskeys(owner.accessToken)).toEqual({ passkeys: [], has_password: true });
    expect((await signIn(device)).status).toBe(401);
  });

  it("the same authenticator is not added twice, and new options exclude the account's passkeys", async () => {
    const account = await signUpWithPasskey();
    await prove(account.token, account.device);
    const options = await (await send("POST", "/api/me/passkeys/options", account.token)).json<CreationOptionsAnswer>();
    expect(options.excludeCredentials.map((entry) => entry.id)).toEqual([account.device.id]);
    // One WebAuthn user per account.
    expect(options.user.id).toBe(account.device.userHandle);
    const again = await send("POST", "/api/me/passkeys", account.token, { credential: await account.device.register(options) });
    expect(again.status).toBe(409);
  });

  it("refuses to remove the last way to sign in of an account without a password", async () => {
    const account = await signUpWithPasskey();
    await prove(account.token, account.device);
    const [only] = (await listPasskeys(account.token)).passkeys;
    const refused = await send("DELETE", `/api/me/passkeys/${only.id}`, account.token);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(LAST_SIGN_IN_METHOD_MESSAGE);

    const spare = await SoftAuthenticator.create();
    expect((await addPasskey(account.token, spare)).status).toBe(201);
    expect((await send("DELETE", `/api/me/passkeys/${only.id}`, account.token)).status).toBe(200);
    const [left] = (await listPasskeys(account.token)).passkeys;
    expect((await send("DELETE", `/api/me/passkeys/${left.id}`, account.token)).status).toBe(409);
    expect((await signIn(spare)).status).toBe(200);
  });

  it("another account can neither remove nor rename my passkey, nor finish my ceremony", async () => {
    const mine = await signUpWithPasskey();
    const other = await signUpOwner();
    await prove(other.accessToken, other);
    await prove(mine.token, mine.device);
    const [passkey] = (await listPasskeys(mine.token)).passkeys;
    expect((await send("DELETE", `/api/me/passkeys/${passkey.id}`, other.accessToken)).status).toBe(404);
    expect((await send("PATCH", `/api/me/passkeys/${passkey.id}`, other.accessToken, { name: "Mine now" })).status).toBe(404);
    expect((await listPasskeys(mine.token)).passkeys).toEqual([passkey]);

    const options = await (await send("POST", "/api/me/passkeys/options", mine.token)).json<CreationOptionsAnswer>();
    const device = await SoftAuthenticator.create();
    const stolen = await send("POST", "/api/me/passkeys", other.accessToken, { credential: await device.register(options) });
    expect(stolen.status).toBe(410);
  });

  it(`an account keeps at most 10 passkeys`, async () => {
    const account = await signUpWithPasskey();
    await env.DB.batch(
      Array.from({ length: 9 }, (_, i) =>
        env.DB.prepare("INSERT INTO passkeys (user_id, credential_id, public_key, user_handle, name) VALUES (?, ?, 'k', 'h', 'Filler')").bind(account.userId, `filler-${account.userId}-${i}`),
      ),
    );
    await prove(account.token, account.device);
    const refused = await send("POST", "/api/me/passkeys/options", account.token);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(PASSKEY_LIMIT_MESSAGE);
  });

  it("the 11th passkey is refused even when its options were fetched below the cap", async () => {
    const account = await signUpWithPasskey();
    await prove(account.token, account.device);
    const options = await (await send("POST", "/api/me/passkeys/options", account.token)).json<CreationOptionsAnswer>();
    await env.DB.batch(
      Array.from({ length: 9 }, (_, i) =>
        env.DB.prepare("INSERT INTO passkeys (user_id, credential_id, public_key, user_handle, name) VALUES (?, ?, 'k', 'h', 'Filler')").bind(account.userId, `late-${account.userId}-${i}`),
      ),
    );
    const device = await SoftAuthenticator.create();
    const refused = await send("POST", "/api/me/passkeys", account.token, { credential: await device.register(options) });
    expect(refused.status).toBe(409);
    expect(await passkeyRow(device.id)).toBeNull();
  });
});

describe("deleting a passkey account", () => {
  it("is confirmed with a fresh assertion of one of its passkeys, and its passkeys go with it", async () => {
    const account = await signUpWithPasskey();
    const wrong = await send("DELETE", "/api/me", account.token, { password: "it has none" });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toBe(DELETE_PASSWORD_MESSAGE);

    // A sign-in challenge does not confirm a deletion.
    const notForThis = await send("DELETE", "/api/me", account.token, { credential: await account.device.assert(await loginOptions()) });
    expect(notForThis.status).toBe(410);

    const confirm = await send("POST", "/api/me/passkeys/confirm-options", account.token);
    expect(confirm.status).toBe(200);
    const options = await confirm.json<RequestOptionsAnswer>();
    expect(options.allowCredentials.map((entry) => entry.id)).toEqual([account.device.id]);
    const deleted = await send("DELETE", "/api/me", account.token, { credential: await account.device.assert(options) });
    expect(deleted.status).toBe(200);
    expect(await passkeyRow(account.device.id)).toBeNull();
    expect((await signIn(account.device)).status).toBe(401);
  });

  it("another account's passkey cannot confirm my deletion", async () => {
    const mine = await signUpWithPasskey();
    const other = await signUpWithPasskey();
    const options = await (await send("POST", "/api/me/passkeys/confirm-options", mine.token)).json<RequestOptionsAnswer>();
    const refused = await send("DELETE", "/api/me", mine.token, { credential: await other.device.assert(options) });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(DELETE_PASSKEY_MESSAGE);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(mine.userId).first()).not.toBeNull();
  });

  it("confirm options need a passkey", async () => {
    const owner = await signUpOwner();
    expect((await send("POST", "/api/me/passkeys/confirm-options", owner.accessToken)).status).toBe(409);
  });
});
