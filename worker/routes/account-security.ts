// Proving it's you, signing out everywhere, setting the password and resetting a forgotten one
// (docs/accounts.md#fresh-proof, #signing-out-everywhere, #password-reset).
import { Hono } from "hono";
import { proveSession, requireFreshProof } from "../auth/fresh-proof";
import { requireUser, signedInAccount } from "../auth/middleware";
import { hashPassword } from "../auth/password";
import { clearRefreshCookie, endAccountSessions } from "../auth/sessions";
import { getDb } from "../db/client";
import { insertPasswordReset, redeemPasswordReset } from "../db/password-resets";
import { findUserByEmail, setPasswordHash } from "../db/users";
import type { AppEnv } from "../env";
import { randomToken, sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { describe, jsonBody, noBody } from "../lib/openapi";
import { publicOrigin } from "../lib/origin";
import { authAccountLimit, authClientLimit } from "../lib/rate-limit";
import { mailerOf, sendLater } from "../mail/mail";
import { passwordResetMail } from "../mail/messages";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { PASSWORD_RESET_TTL_MINUTES, passwordResetConfirmSchema, passwordResetRequestSchema, RESET_LINK_GONE_MESSAGE } from "../../common/schemas/auth";
import { reauthAnswerSchema, reauthSchema, setPasswordSchema, type ReauthAnswer } from "../../common/schemas/profile";

const tag = "Accounts";
const ok = { ok: true } satisfies OkAnswer;

export const accountSecurityRoutes = new Hono<AppEnv>()
  .post(
    "/me/reauth",
    describe({
      tag,
      summary: "Prove it's you: opens the guarded actions for 5 minutes on this sign-in",
      description:
        "Body {password}, or {credential}: an assertion of one of the account's passkeys answering POST /api/me/passkeys/confirm-options. Adding or removing a passkey and setting the password need it (docs/accounts.md#fresh-proof). 403 for a wrong password or passkey (counted like a sign-in); 401 for a token from before sign-ins were named (refresh it).",
      access: "signed-in",
      answers: { 200: reauthAnswerSchema },
      errors: [403, 410, 429],
    }),
    requireUser,
    authClientLimit("reauth"),
    jsonBody(reauthSchema),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const until = await proveSession(c, db, user, c.req.valid("json"), new Date());
      return c.json({ verified_until: until.toISOString() } satisfies ReauthAnswer);
    },
  )

  .post(
    "/me/sign-out-everywhere",
    describe({
      tag,
      summary: "Sign out everywhere: end every sign-in of the account, this one too",
      description: "No body. Every refresh cookie of the account stops working, with its fresh proofs and passkey ceremonies under way; this browser's cookie is cleared. Access tokens already issued live out their 15 minutes.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [400, 403],
    }),
    requireUser,
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      await endAccountSessions(db, user.id, new Date());
      clearRefreshCookie(c);
      return c.json(ok);
    },
  )

  .put(
    "/me/password",
    describe({
      tag,
      summary: "Set or change the password",
      description: "Body {password}: 8 to 128 characters. Needs a fresh proof on this sign-in (POST /api/me/reauth, 403 without one); an account made with a passkey gets its first password so. Every other sign-in of the account ends.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403],
    }),
    requireUser,
    jsonBody(setPasswordSchema),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      const now = new Date();
      const sessionId = await requireFreshProof(c, db, user.id, now);
      await setPasswordHash(db, user.id, await hashPassword(c.req.valid("json").password));
      await endAccountSessions(db, user.id, now, sessionId);
      return c.json(ok);
    },
  )

  .post(
    "/auth/password-reset",
    describe({
      tag,
      summary: "E-mail a one-time link to choose a new password",
      description: `Body {email}. The same 202 whether or not the address has an account; an account's mail holds a link to /reset-password?token=… that works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. At most 3 live links per account (more requests send nothing more); limited per client and per address like sign-in.`,
      access: "public",
      answers: { 202: okAnswerSchema },
      errors: [429],
    }),
    authClientLimit("password-reset"),
    jsonBody(passwordResetRequestSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      await authAccountLimit(c.env, "password-reset", email);
      const db = getDb(c.env);
      const now = new Date();
      // The token is made and hashed for every address, so both answers cost the same work.
      const token = randomToken();
      const tokenHash = await sha256Hex(token);
      const user = await findUserByEmail(db, email);
      const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
      if (user && (await insertPasswordReset(db, { tokenHash, userId: user.id, expiresAt }, now))) {
        const link = `${publicOrigin(c.env, c.req.url)}/reset-password?token=${token}`;
        sendLater(c.executionCtx, mailerOf(c.env, c.req.url), passwordResetMail(user.email, link));
      }
      return c.json(ok, 202);
    },
  )

  .post(
    "/auth/password-reset/confirm",
    describe({
      tag,
      summary: "Use a reset link up: the account's new password",
      description: "Body {token, password}. Sets the password and ends every sign-in of the account (sign in with the new password next). 410 for a link that is unknown, used or expired: each works once.",
      access: "public",
      answers: { 200: okAnswerSchema },
      errors: [410, 429],
    }),
    authClientLimit("password-reset-confirm"),
    jsonBody(passwordResetConfirmSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const db = getDb(c.env);
      const now = new Date();
      const userId = await redeemPasswordReset(db, await sha256Hex(token), await hashPassword(password), now);
      if (userId === undefined) throw new ApiError(410, RESET_LINK_GONE_MESSAGE);
      await endAccountSessions(db, userId, now);
      return c.json(ok);
    },
  );
