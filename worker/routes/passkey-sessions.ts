// Signing up and signing in with a passkey (docs/accounts.md#passkeys): each is two calls, the
// options for the browser's prompt (their challenge stored for 5 minutes) and the browser's
// answer, which uses that challenge up. Sign-in issues the same session as the password's.
import { Hono } from "hono";
import * as v from "valibot";
import {
  checkAssertion,
  defaultPasskeyName,
  newUserHandle,
  relyingPartyOf,
  startAuthentication,
  startRegistration,
  takeAnsweredChallenge,
  verifyRegistration,
} from "../auth/passkeys";
import { startSession } from "../auth/sessions";
import { getDb } from "../db/client";
import { insertPasskey } from "../db/passkeys";
import { createAccount, deleteAccount, findUserByEmail, findUserById, NO_PASSWORD } from "../db/users";
import type { AppEnv } from "../env";
import { badRequest, conflict, unauthorized } from "../lib/errors";
import { describe, jsonBody, noBody } from "../lib/openapi";
import { authAccountLimit, authClientLimit } from "../lib/rate-limit";
import { sessionAnswerSchema, type SessionAnswer } from "../../common/schemas/answers";
import { EMAIL_TAKEN_MESSAGE } from "../../common/schemas/auth";
import {
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_TAKEN_MESSAGE,
  PASSKEY_UNKNOWN_MESSAGE,
  passkeySignInSchema,
  passkeySignUpOptionsSchema,
  passkeySignUpSchema,
} from "../../common/schemas/passkeys";
import { HANDLE_TAKEN_MESSAGE } from "../../common/schemas/profile";
import { creationOptionsAnswerSchema, requestOptionsAnswerSchema } from "../../common/schemas/webauthn";

const tag = "Accounts";
const SESSION = "Also sets the httpOnly tp_refresh cookie that POST /api/refresh needs.";

export const passkeySessionRoutes = new Hono<AppEnv>()
  .post(
    "/auth/passkey/signup/options",
    describe({
      tag,
      summary: "Start signing up with a passkey: options for navigator.credentials.create()",
      description:
        "Body {name, email, handle?, time_zone?}: the account made once the passkey is (POST /api/auth/passkey/signup), with no password. The challenge lives 5 minutes. A taken email or handle is a 409 now and again at the end.",
      access: "public",
      answers: { 200: creationOptionsAnswerSchema },
      errors: [409, 429],
    }),
    authClientLimit("passkey-signup-options"),
    jsonBody(passkeySignUpOptionsSchema),
    async (c) => {
      const input = c.req.valid("json");
      await authAccountLimit(c.env, "signup", input.email);
      const rp = relyingPartyOf(c.env, c.req.url);
      const db = getDb(c.env);
      if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
      const options = await startRegistration(
        db,
        rp,
        { purpose: "signup", userHandle: newUserHandle(), userName: input.email, displayName: input.name, exclude: [], pending: JSON.stringify(input) },
        new Date(),
      );
      return c.json(options);
    },
  )

  .post(
    "/auth/passkey/signup",
    describe({
      tag,
      summary: "Finish signing up with a passkey: create the account and sign in",
      description: `Body {credential}: what navigator.credentials.create() gave for the options, as JSON. 410 when its challenge is used or expired; 400 when it cannot be verified (origin, RP ID, user verification). ${SESSION}`,
      access: "public",
      answers: { 201: sessionAnswerSchema },
      errors: [409, 410, 429],
    }),
    authClientLimit("passkey-signup"),
    jsonBody(passkeySignUpSchema),
    async (c) => {
      const { credential } = c.req.valid("json");
      const rp = relyingPartyOf(c.env, c.req.url);
      const db = getDb(c.env);
      const now = new Date();
      const challenge = await takeAnsweredChallenge(db, credential.response.clientDataJSON, "signup", null, now);
      // The account the options call checked and kept with the challenge.
      const pending = v.parse(passkeySignUpOptionsSchema, JSON.parse(challenge.pending ?? "null"));
      const verified = await verifyRegistration(rp, credential, challenge.challenge);
      if (!verified) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
      const user = await createAccount(db, { email: pending.email, name: pending.name, passwordHash: NO_PASSWORD, handle: pending.handle, timeZone: pending.time_zone });
      if (user === "handle-taken") throw conflict(HANDLE_TAKEN_MESSAGE);
      if (!user) throw conflict(EMAIL_TAKEN_MESSAGE);
      const name = defaultPasskeyName(c.req.header("user-agent"), now, user.timeZone);
      const added = await insertPasskey(db, { ...verified, userId: user.id, userHandle: challenge.userHandle!, name }, now);
      if (typeof added === "string") {
        // The credential is someone else's already: the account would have no way in, so it goes again.
        await deleteAccount(db, user.id, now);
        throw conflict(PASSKEY_TAKEN_MESSAGE);
      }
      const answer: SessionAnswer = { access_token: await startSession(c, db, user), user_id: user.id };
      return c.json(answer, 201);
    },
  )

  .post(
    "/auth/passkey/login/options",
    describe({
      tag,
      summary: "Start signing in with a passkey: options for navigator.credentials.get()",
      description: "No body. No credentials are listed: the browser offers this site's passkeys (discoverable credentials). The challenge lives 5 minutes.",
      access: "public",
      answers: { 200: requestOptionsAnswerSchema },
      errors: [429],
    }),
    authClientLimit("passkey-login-options"),
    noBody(),
    async (c) => {
      const options = await startAuthentication(getDb(c.env), relyingPartyOf(c.env, c.req.url), { purpose: "login", allow: [] }, new Date());
      return c.json(options);
    },
  )

  .post(
    "/auth/passkey/login",
    describe({
      tag,
      summary: "Sign in with a passkey",
      description: `Body {credential}: what navigator.credentials.get() gave for the options, as JSON. 410 when its challenge is used or expired; 401 for a passkey not registered here or an answer that cannot be verified. ${SESSION}`,
      access: "public",
      answers: { 200: sessionAnswerSchema },
      errors: [401, 410, 429],
    }),
    authClientLimit("passkey-login"),
    jsonBody(passkeySignInSchema),
    async (c) => {
      const { credential } = c.req.valid("json");
      const db = getDb(c.env);
      const passkey = await checkAssertion(db, relyingPartyOf(c.env, c.req.url), credential, "login", null, new Date());
      if (passkey === "unknown") throw unauthorized(PASSKEY_UNKNOWN_MESSAGE);
      if (passkey === "not-verified") throw unauthorized(PASSKEY_NOT_VERIFIED_MESSAGE);
      await authAccountLimit(c.env, "passkey-login", passkey.userId);
      const user = await findUserById(db, passkey.userId);
      if (!user) throw unauthorized(PASSKEY_UNKNOWN_MESSAGE);
      const answer: SessionAnswer = { access_token: await startSession(c, db, user), user_id: user.id };
      return c.json(answer);
    },
  );
