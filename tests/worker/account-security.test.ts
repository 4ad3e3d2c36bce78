// Account security (docs/accounts.md#fresh-proof, #signing-out-everywhere): a stolen access token
// alone cannot add a passkey, remove one, set the password or delete the account; a proof (the
// password or an existing passkey) opens them for 5 minutes on its own sign-in; "sign out
// everywhere" ends every refresh family; a new passkey is told to the inbox and by mail.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { PasskeyAnswer, PasskeysAnswer } from "../../common/schemas/passkeys";
import { FRESH_PROOF_NEEDED_MESSAGE, PROOF_PASSWORD_MESSAGE, type ReauthAnswer } from "../../common/schemas/profile";
import type { CreationOptionsAnswer, RequestOptionsAnswer } from "../../common/schemas/webauthn";
import { issueAccessToken } from "../../worker/auth/tokens";
import { bearer } from "./fixtures";
import { api, postJson, refreshCookieOf, signUpOwner } from "./helpers";
import { sentMail } from "./mail-outbox";
import { SoftAuthenticator } from "./passkey-authenticator";

const mails = sentMail();

const send = (method: string, path: string, token?: string, body?: unknown) =>
  api(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...bearer(token) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const errorOf = async (response: Response) => (await response.json<{ error: string }>()).error;
const refresh = (userId: number, cookie: string) => postJson("/api/refresh", { user_id: userId }, { cookie });
const signIn = (email: string, password: string) => postJson("/api/auth/login", { email, password });

const addPasskeyOptions = (token: string) => send("POST", "/api/me/passkeys/options", token);
async function addPasskey(token: string, device: SoftAuthenticator) {
  const options = await addPasskeyOptions(token);
  expect(options.status).toBe(200);
  return send("POST", "/api/me/passkeys", token, { credential: await device.register(await options.json<CreationOptionsAnswer>()), name: "Spare key" });
}
const prove = (token: string, proof: { password: string } | { credential: unknown }) => send("POST", "/api/me/reauth", token, proof);
async function proveWithPasskey(token: string, device: SoftAuthenticator) {
  const options = await (await send("POST", "/api/me/passkeys/confirm-options", token)).json<RequestOptionsAnswer>();
  return prove(token, { credential: await device.assert(options) });
}
const passkeysOf = async (token: string) => (await (await send("GET", "/api/me/passkeys", token)).json<PasskeysAnswer>()).passkeys;

describe("a stolen access token alone (the attack of issue 37)", () => {
  it("cannot add a passkey, remove one, set the password or delete the account", async () => {
    const owner = await signUpOwner();
    const stolen = owner.accessToken;
    // The owner's own passkey, added with a proof.
    expect((await prove(stolen, { password: owner.password })).status).toBe(200);
    const mine = await (await addPasskey(stolen, await SoftAuthenticator.create())).json<PasskeyAnswer>();
    // Five minutes later the thief holds a fresh token of that sign-in and nothing else.
    const later = Date.now() + 5 * 60_000 + 1_000;
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    try {
      const token = (await (await refresh(owner.userId, owner.cookie)).json<{ access_token: string }>()).access_token;
      const options = await addPasskeyOptions(token);
      expect(options.status).toBe(403);
      expect(await errorOf(options)).toBe(FRESH_PROOF_NEEDED_MESSAGE);
      expect((await send("DELETE", `/api/me/passkeys/${mine.id}`, token)).status).toBe(403);
      expect((await send("PUT", "/api/me/password", token, { password: "the thief's password" })).status).toBe(403);
      expect((await send("DELETE", "/api/me", token, {})).status).toBe(400);
      expect((await send("DELETE", "/api/me", token, { password: "a guess" })).status).toBe(403);
      expect((await prove(token, { password: "a guess" })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    expect(await passkeysOf(stolen)).toEqual([mine]);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("cannot finish adding a passkey with options fetched under someone else's proof", async () => {
    const owner = await signUpOwner();
    const device = await SoftAuthenticator.create();
    const first = await signIn(owner.email, owner.password);
    const otherSession = (await first.json<{ access_token: string }>()).access_token;
    expect((await prove(owner.accessToken, { password: owner.password })).status).toBe(200);
    const options = await (await addPasskeyOptions(owner.accessToken)).json<CreationOptionsAnswer>();
    // The proof belongs to the sign-in that gave it, not to the account's other sign-ins.
    const added = await send("POST", "/api/me/passkeys", otherSession, { credential: await device.register(options) });
    expect(added.status).toBe(403);
    expect(await passkeysOf(owner.accessToken)).toEqual([]);
  });

  it("a token from before sign-ins were named is sent to refresh (401), and proves nothing", async () => {
    const owner = await signUpOwner();
    const unnamed = await issueAccessToken(env.JWT_SECRET, { userId: owner.userId, role: "owner" });
    expect((await prove(unnamed, { password: owner.password })).status).toBe(401);
    expect((await addPasskeyOptions(unnamed)).status).toBe(401);
  });
});

describe("a fresh proof", () => {
  it("with the password opens adding and removing passkeys for 5 minutes, then no more (fixed clock)", async () => {
    const start = Date.UTC(2031, 5, 10, 20, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      const owner = await signUpOwner();
      const wrong = await prove(owner.accessToken, { password: "not it" });
      expect(wrong.status).toBe(403);
      expect(await errorOf(wrong)).toBe(PROOF_PASSWORD_MESSAGE);
      const proved = await prove(owner.accessToken, { password: owner.password });
      expect(await proved.json<ReauthAnswer>()).toEqual({ verified_until: new Date(start + 5 * 60_000).toISOString() });
      const added = await addPasskey(owner.accessToken, await SoftAuthenticator.create());
      expect(added.status).toBe(201);
      const passkey = await added.json<PasskeyAnswer>();

      vi.setSystemTime(start + 5 * 60_000 - 1);
      const options = await addPasskeyOptions(owner.accessToken);
      expect(options.status).toBe(200);
      vi.setSystemTime(start + 5 * 60_000 + 1);
      expect((await addPasskeyOptions(owner.accessToken)).status).toBe(403);
      expect((await send("DELETE", `/api/me/passkeys/${passkey.id}`, owner.accessToken)).status).toBe(403);

      expect((await prove(owner.accessToken, { password: owner.password })).status).toBe(200);
      expect((await send("DELETE", `/api/me/passkeys/${passkey.id}`, owner.accessToken)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with an assertion of one of the account's passkeys works too; another account's passkey does not", async () => {
    const owner = await signUpOwner();
    const device = await SoftAuthenticator.create();
    await prove(owner.accessToken, { password: owner.password });
    expect((await addPasskey(owner.accessToken, device)).status).toBe(201);

    const stranger = await signUpOwner();
    const strangerDevice = await SoftAuthenticator.create();
    await prove(stranger.accessToken, { password: stranger.password });
    await addPasskey(stranger.accessToken, strangerDevice);

    const strangers = await proveWithPasskey(stranger.accessToken, device);
    expect(strangers.status).toBe(403);
    expect((await proveWithPasskey(owner.accessToken, device)).status).toBe(200);
  });
});

describe("signing out everywhere", () => {
  it("ends every refresh family of the account, this one too", async () => {
    const owner = await signUpOwner();
    const other = refreshCookieOf(await signIn(owner.email, owner.password))!;
    const answer = await send("POST", "/api/me/sign-out-everywhere", owner.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("tp_refresh=;"))).toBe(true);
    expect((await refresh(owner.userId, owner.cookie)).status).toBe(401);
    expect((await refresh(owner.userId, other)).status).toBe(401);
    // Signing in again works.
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("runs by itself when a passkey is removed or the password changed, keeping the sign-in that did it", async () => {
    const owner = await signUpOwner();
    await prove(owner.accessToken, { password: owner.password });
    const passkey = await (await addPasskey(owner.accessToken, await SoftAuthenticator.create())).json<PasskeyAnswer>();

    const elsewhere = refreshCookieOf(await signIn(owner.email, owner.password))!;
    expect((await send("DELETE", `/api/me/passkeys/${passkey.id}`, owner.accessToken)).status).toBe(200);
    expect((await refresh(owner.userId, elsewhere)).status).toBe(401);
    const here = await refresh(owner.userId, owner.cookie);
    expect(here.status).toBe(200);
    const cookie = refreshCookieOf(here)!;
    const token = (await here.json<{ access_token: string }>()).access_token;

    const again = refreshCookieOf(await signIn(owner.email, owner.password))!;
    expect((await send("PUT", "/api/me/password", token, { password: "a brand new password" })).status).toBe(200);
    expect((await refresh(owner.userId, again)).status).toBe(401);
    expect((await refresh(owner.userId, cookie)).status).toBe(200);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
    expect((await signIn(owner.email, "a brand new password")).status).toBe(200);
  });
});

describe("a new passkey", () => {
  it("is told to the account's inbox and by mail", async () => {
    const owner = await signUpOwner();
    await prove(owner.accessToken, { password: owner.password });
    expect((await addPasskey(owner.accessToken, await SoftAuthenticator.create())).status).toBe(201);
    await vi.waitFor(() => expect(mails).toHaveLength(1));
    expect(mails[0]).toMatchObject({ to: owner.email, subject: "A passkey was added to your Third Place account" });
    expect(mails[0].eml).toContain('"Spare key"');
    expect(mails[0].eml).toContain("/app/settings");
    await vi.waitFor(async () => {
      const row = await env.DB.prepare("SELECT title, url FROM consumer_notifications WHERE user_id = ? AND kind = 'passkey-added'").bind(owner.userId).first();
      expect(row).toEqual({ title: "A passkey was added to your account", url: "/app/settings" });
    });
  });
});
