// The signed-in account's passkeys (docs/accounts.md#passkeys): list, add (options, then the
// browser's new credential), rename and remove them, and the options that confirm deleting the
// account with one. The last way to sign in cannot be removed.
import { Hono } from "hono";
import { requireFreshProof } from "../auth/fresh-proof";
import { requireUser, signedInAccount } from "../auth/middleware";
import { defaultPasskeyName, newUserHandle, relyingPartyOf, startAuthentication, startRegistration, takeAnsweredChallenge, verifyRegistration } from "../auth/passkeys";
import { endAccountSessions } from "../auth/sessions";
import { getDb } from "../db/client";
import { deletePasskey, insertPasskey, listPasskeys, renamePasskey, toPasskeyAnswer } from "../db/passkeys";
import { NO_PASSWORD } from "../db/users";
import type { AppEnv } from "../env";
import { badRequest, conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { authClientLimit } from "../lib/rate-limit";
import { publicOrigin } from "../lib/origin";
import { mailerOf, sendLater } from "../mail/mail";
import { passkeyAddedMail, passkeyAddedNotice } from "../mail/messages";
import { deliverToAccount } from "../push/deliver";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import {
  addPasskeySchema,
  LAST_SIGN_IN_METHOD_MESSAGE,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_LIMIT_MESSAGE,
  PASSKEY_NONE_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_TAKEN_MESSAGE,
  passkeyAnswerSchema,
  passkeyIdParamSchema,
  passkeysAnswerSchema,
  renamePasskeySchema,
  type PasskeysAnswer,
} from "../../common/schemas/passkeys";
import { creationOptionsAnswerSchema, requestOptionsAnswerSchema } from "../../common/schemas/webauthn";

const tag = "Accounts";
const NOT_YOURS = "This account has no such passkey.";
const FRESH_PROOF = "Needs a fresh proof on this sign-in (POST /api/me/reauth in the last 5 minutes; 403 without one).";

export const passkeyRoutes = new Hono<AppEnv>()
  .get(
    "/me/passkeys",
    describe({ tag, summary: "This account's passkeys, and whether it has a password", access: "signed-in", answers: { 200: passkeysAnswerSchema }, errors: [403] }),
    requireUser,
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const answer: PasskeysAnswer = { passkeys: (await listPasskeys(db, user.id)).map(toPasskeyAnswer), has_password: user.passwordHash !== NO_PASSWORD };
      return c.json(answer);
    },
  )

  .post(
    "/me/passkeys/options",
    describe({
      tag,
      summary: "Start adding a passkey: options for navigator.credentials.create()",
      description: `No body. ${FRESH_PROOF} The account's passkeys are excluded; the challenge lives 5 minutes and replaces an earlier one. 409 once the account has ${MAX_PASSKEYS_PER_ACCOUNT}.`,
      access: "signed-in",
      answers: { 200: creationOptionsAnswerSchema },
      errors: [403, 409, 429],
    }),
    requireUser,
    authClientLimit("passkey-add"),
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      await requireFreshProof(c, db, user.id, new Date());
      const rp = relyingPartyOf(c.env, c.req.url);
      const held = await listPasskeys(db, user.id);
      if (held.length >= MAX_PASSKEYS_PER_ACCOUNT) throw conflict(PASSKEY_LIMIT_MESSAGE);
      // One WebAuthn user per account: a new passkey on the same device replaces the old one there.
      const userHandle = held[0]?.userHandle ?? newUserHandle();
      const options = await startRegistration(
        db,
        rp,
        { purpose: "add", userId: user.id, userHandle, userName: user.email, displayName: user.name, exclude: held },
        new Date(),
      );
      return c.json(options);
    },
  )

  .post(
    "/me/passkeys",
    describe({
      tag,
      summary: "Add a passkey",
      description: `Body {credential, name?}: what navigator.credentials.create() gave for POST /api/me/passkeys/options. ${FRESH_PROOF} The account's inbox and e-mail are told. Without a name it is called like "Passkey on Chrome, added 25 Nov". 410 when the challenge is used, expired or another account's; 400 when the credential cannot be verified; 409 at ${MAX_PASSKEYS_PER_ACCOUNT} passkeys or for a passkey already registered.`,
      access: "signed-in",
      answers: { 201: passkeyAnswerSchema },
      errors: [403, 409, 410, 429],
    }),
    requireUser,
    authClientLimit("passkey-add"),
    jsonBody(addPasskeySchema),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const { credential, name } = c.req.valid("json");
      const rp = relyingPartyOf(c.env, c.req.url);
      const now = new Date();
      await requireFreshProof(c, db, user.id, now);
      const challenge = await takeAnsweredChallenge(db, credential.response.clientDataJSON, "add", user.id, now);
      const verified = await verifyRegistration(rp, credential, challenge.challenge);
      if (!verified) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
      const added = await insertPasskey(
        db,
        { ...verified, userId: user.id, userHandle: challenge.userHandle!, name: name ?? defaultPasskeyName(c.req.header("user-agent"), now, user.timeZone) },
        now,
      );
      if (added === "limit") throw conflict(PASSKEY_LIMIT_MESSAGE);
      if (added === "taken") throw conflict(PASSKEY_TAKEN_MESSAGE);
      // Its owner hears of it wherever they look, in case the proof was not theirs after all.
      const settings = `${publicOrigin(c.env, c.req.url)}/app/settings`;
      c.executionCtx.waitUntil(deliverToAccount(c.env, user.id, passkeyAddedNotice(added.name), now.getTime()));
      sendLater(c.executionCtx, mailerOf(c.env, c.req.url), passkeyAddedMail(user.email, added.name, settings));
      return c.json(toPasskeyAnswer(added), 201);
    },
  )

  .post(
    "/me/passkeys/confirm-options",
    describe({
      tag,
      summary: "Options for navigator.credentials.get() that confirm it's the account's owner",
      description: "No body. Lists the account's passkeys; the answer goes to POST /api/me/reauth or DELETE /api/me as {credential}. The challenge lives 5 minutes. 409 for an account without passkeys.",
      access: "signed-in",
      answers: { 200: requestOptionsAnswerSchema },
      errors: [403, 409, 429],
    }),
    requireUser,
    authClientLimit("passkey-confirm"),
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const rp = relyingPartyOf(c.env, c.req.url);
      const held = await listPasskeys(db, user.id);
      if (held.length === 0) throw conflict(PASSKEY_NONE_MESSAGE);
      return c.json(await startAuthentication(db, rp, { purpose: "confirm", userId: user.id, allow: held }, new Date()));
    },
  )

  .patch(
    "/me/passkeys/:id",
    describe({ tag, summary: "Rename a passkey", description: "Body {name}: 1 to 60 characters.", access: "signed-in", answers: { 200: passkeyAnswerSchema }, errors: [403, 404] }),
    requireUser,
    params({ id: passkeyIdParamSchema }),
    jsonBody(renamePasskeySchema),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const renamed = await renamePasskey(db, user.id, c.req.valid("param").id, c.req.valid("json").name);
      if (!renamed) throw notFound(NOT_YOURS);
      return c.json(toPasskeyAnswer(renamed));
    },
  )

  .delete(
    "/me/passkeys/:id",
    describe({
      tag,
      summary: "Remove a passkey",
      description: `${FRESH_PROOF} Every other sign-in of the account ends. 404 for another account's or no passkey; 409 when it is the account's last way to sign in (no password, no other passkey).`,
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    params({ id: passkeyIdParamSchema }),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const now = new Date();
      const sessionId = await requireFreshProof(c, db, user.id, now);
      const outcome = await deletePasskey(db, user.id, c.req.valid("param").id);
      if (outcome === "not-found") throw notFound(NOT_YOURS);
      if (outcome === "last") throw conflict(LAST_SIGN_IN_METHOD_MESSAGE);
      // A sign-in made with that passkey must not outlive it (docs/accounts.md#signing-out-everywhere).
      await endAccountSessions(db, user.id, now, sessionId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
