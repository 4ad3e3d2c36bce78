// Accounts and sessions: sign-up / sign-in / refresh / sign-out for everyone (owning places is a
// relation, docs/accounts.md#one-account-model), the signed-in profile and deleting the account,
// and the administrator's password sign-in and sign-out.
import { Hono } from "hono";
import { accountIdOf, requireAdmin, requireUser, signedInAccount } from "../auth/middleware";
import { hashPassword, verifyPassword } from "../auth/password";
import { checkProof } from "../auth/fresh-proof";
import { clearRefreshCookie, endSession, refreshSession, startSession } from "../auth/sessions";
import { issueAccessToken } from "../auth/tokens";
import { revokeAdminToken } from "../db/admin-tokens";
import { getDb } from "../db/client";
import { takeHandleChangeAttempt } from "../db/daily-attempts";
import { handoffCodeOwner, insertHandoffCode, redeemHandoffCode } from "../db/handoff-codes";
import { createAccount, deleteAccount, findUserByEmail, findUserById, listOwnedPlaces, NO_PASSWORD, soleOwnsAPlace, toMeAnswer, updateProfile } from "../db/users";
import { upcomingPlansOrganisedBy } from "../db/plans";
import { tellConversationsOf } from "../chat/authority";
import { queueLeaving, tellPlansOff } from "../chat/leaving";
import type { AppEnv } from "../env";
import { constantTimeEqual, randomToken, sha256Hex } from "../lib/crypto";
import { ApiError, conflict, unauthorized } from "../lib/errors";
import { authAccountLimit, authClientLimit, RateLimitedError } from "../lib/rate-limit";
import { describe, jsonBody, noBody } from "../lib/openapi";
import {
  accessTokenAnswerSchema,
  handoffCodeAnswerSchema,
  handoffOwnerAnswerSchema,
  meAnswerSchema,
  okAnswerSchema,
  sessionAnswerSchema,
  type AccessTokenAnswer,
  type HandoffCodeAnswer,
  type OkAnswer,
  type SessionAnswer,
} from "../../common/schemas/answers";
import {
  ADMIN_WRONG_PASSWORD_MESSAGE,
  adminSignInSchema,
  EMAIL_TAKEN_MESSAGE,
  HANDOFF_INVALID_MESSAGE,
  handoffCodeSchema,
  refreshSchema,
  signInSchema,
  WRONG_CREDENTIALS_MESSAGE,
} from "../../common/schemas/auth";
import {
  accountSignUpSchema,
  DELETE_PASSWORD_MESSAGE,
  deleteAccountSchema,
  HANDLE_CHANGES_PER_DAY,
  HANDLE_TAKEN_MESSAGE,
  LAST_OWNER_MESSAGE,
  profilePatchSchema,
} from "../../common/schemas/profile";
import { DELETE_PASSKEY_MESSAGE } from "../../common/schemas/passkeys";

/** Long enough to open a link on another device, too short for it to sit around in a history or log. */
export const HANDOFF_CODE_TTL_MS = 60_000;
const handoffGone = () => new ApiError(410, HANDOFF_INVALID_MESSAGE);

/** A hash to check against when the email is unknown, so both failures take the same time. */
let unknownUserHash: string | undefined;
async function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= await hashPassword(randomToken());
  return unknownUserHash;
}

const tag = "Accounts";
const SESSION = "Also sets the httpOnly tp_refresh cookie that POST /api/refresh needs.";

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/auth/signup",
    describe({
      tag,
      summary: "Create an account and sign in",
      description: `${SESSION} Without a handle one is made from the name (docs/accounts.md#profile).`,
      access: "public",
      answers: { 201: sessionAnswerSchema },
      errors: [409, 429],
    }),
    authClientLimit("signup"),
    jsonBody(accountSignUpSchema),
    async (c) => {
      const input = c.req.valid("json");
      await authAccountLimit(c.env, "signup", input.email);
      const db = getDb(c.env);
      if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
      const user = await createAccount(db, {
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        handle: input.handle,
        timeZone: input.time_zone,
      });
      if (user === "handle-taken") throw conflict(HANDLE_TAKEN_MESSAGE);
      if (!user) throw conflict(EMAIL_TAKEN_MESSAGE);
      const answer: SessionAnswer = { access_token: await startSession(c, db, user), user_id: user.id };
      return c.json(answer, 201);
    },
  )

  .post(
    "/auth/login",
    describe({ tag, summary: "Sign in", description: SESSION, access: "public", answers: { 200: sessionAnswerSchema }, errors: [401, 429] }),
    authClientLimit("login"),
    jsonBody(signInSchema),
    async (c) => {
      const input = c.req.valid("json");
      await authAccountLimit(c.env, "login", input.email);
      const db = getDb(c.env);
      const user = await findUserByEmail(db, input.email);
      // An account made with a passkey has no password: it fails like a wrong one, in the same time.
      const hasPassword = user !== undefined && user.passwordHash !== NO_PASSWORD;
      const matches = await verifyPassword(input.password, hasPassword ? user.passwordHash : await hashForUnknownUser());
      if (!user || !hasPassword || !matches) throw unauthorized(WRONG_CREDENTIALS_MESSAGE);
      const answer: SessionAnswer = { access_token: await startSession(c, db, user), user_id: user.id };
      return c.json(answer);
    },
  )

  .post(
    "/refresh",
    describe({
      tag,
      summary: "A new access token",
      description: "Needs the tp_refresh cookie of the same user (and rotates it); no access token.",
      access: "public",
      answers: { 200: accessTokenAnswerSchema },
      errors: [401],
    }),
    jsonBody(refreshSchema),
    async (c) => {
      const { user_id } = c.req.valid("json");
      const answer: AccessTokenAnswer = { access_token: await refreshSession(c, getDb(c.env), user_id) };
      return c.json(answer);
    },
  )

  // Needs no access token: signing out must work after it expired.
  .post(
    "/auth/logout",
    describe({ tag, summary: "Sign out: ends the refresh cookie's sign-in", description: "No body (or {}); no access token needed.", access: "public", answers: { 200: okAnswerSchema }, errors: [400] }),
    noBody(),
    async (c) => {
      await endSession(c, getDb(c.env));
      return c.json({ ok: true });
    },
  )

  // The spec's dashboard pickup (?token=&user_id=) without a token in the address: a signed-in
  // owner mints a one-time code, the dashboard it opens shows whom it signs in and redeems it.
  .post(
    "/auth/handoff",
    describe({ tag, summary: "A one-time sign-in code for a dashboard link (60 s)", description: "No body.", access: "signed-in", answers: { 201: handoffCodeAnswerSchema }, errors: [400, 403] }),
    requireUser,
    noBody(),
    async (c) => {
      const userId = accountIdOf(c);
      const now = new Date();
      const code = randomToken();
      const expiresAt = new Date(now.getTime() + HANDOFF_CODE_TTL_MS);
      await insertHandoffCode(getDb(c.env), { codeHash: await sha256Hex(code), userId, expiresAt }, now);
      const answer: HandoffCodeAnswer = { code, user_id: userId, expires_at: expiresAt.toISOString() };
      return c.json(answer, 201);
    },
  )

  .post(
    "/auth/handoff/inspect",
    describe({ tag, summary: "Whom a sign-in code signs in, without using it", access: "public", answers: { 200: handoffOwnerAnswerSchema }, errors: [410, 429] }),
    authClientLimit("handoff"),
    jsonBody(handoffCodeSchema),
    async (c) => {
      const { code, user_id } = c.req.valid("json");
      const owner = await handoffCodeOwner(getDb(c.env), await sha256Hex(code), new Date());
      if (!owner || (user_id !== undefined && owner.id !== user_id)) throw handoffGone();
      return c.json(owner);
    },
  )

  .post(
    "/auth/handoff/redeem",
    describe({ tag, summary: "Use a sign-in code up and sign in", description: SESSION, access: "public", answers: { 200: sessionAnswerSchema }, errors: [410, 429] }),
    authClientLimit("handoff"),
    jsonBody(handoffCodeSchema),
    async (c) => {
      const { code, user_id } = c.req.valid("json");
      const db = getDb(c.env);
      const userId = await redeemHandoffCode(db, await sha256Hex(code), user_id, new Date());
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (!user) throw handoffGone();
      const answer: SessionAnswer = { access_token: await startSession(c, db, user), user_id: user.id };
      return c.json(answer);
    },
  )

  .get(
    "/me",
    describe({ tag, summary: "The signed-in account, its profile and its places", access: "signed-in", answers: { 200: meAnswerSchema }, errors: [403] }),
    requireUser,
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      return c.json(toMeAnswer(user, await listOwnedPlaces(db, user.id)));
    },
  )

  .patch(
    "/me",
    describe({
      tag,
      summary: "Change the profile",
      description: `Any of name, handle, home ({lat, lng} rounded to 3 decimals, or null), preferences, time_zone, quiet_hours ({from, to} or null), neighbourhood (text or null) and share_likes (docs/announcements.md#what-followers-tell-us). A taken handle is a 409, the same whoever holds it; ${HANDLE_CHANGES_PER_DAY} handle changes tried a day, taken or free (429 beyond, with Retry-After).`,
      access: "signed-in",
      answers: { 200: meAnswerSchema },
      errors: [403, 409, 429],
    }),
    requireUser,
    jsonBody(profilePatchSchema),
    async (c) => {
      const db = getDb(c.env);
      const before = await signedInAccount(db, c.get("principal").userId);
      const { id, handle } = before;
      const patch = c.req.valid("json");
      // Every try at another handle counts, before anyone's handle is looked at: the answer never
      // depends on who holds it (docs/accounts.md#profile).
      if (patch.handle !== undefined && patch.handle !== handle.toLowerCase()) {
        const retryAfter = await takeHandleChangeAttempt(db, id, Date.now());
        if (retryAfter !== null) throw new RateLimitedError(retryAfter);
      }
      if (!(await updateProfile(db, id, patch))) throw conflict(HANDLE_TAKEN_MESSAGE);
      const user = await signedInAccount(db, id);
      // Socket frames name their sender as its conversations' objects know it (docs/chat.md#the-authority).
      if ((patch.name !== undefined && patch.name !== before.name) || (patch.handle !== undefined && user.handle !== handle)) await tellConversationsOf(c.env, db, id);
      return c.json(toMeAnswer(user, await listOwnedPlaces(db, id)));
    },
  )

  // The password or a passkey, not the access token alone: a stolen token must not be able to delete the account.
  .delete(
    "/me",
    describe({
      tag,
      summary: "Delete the account and everything personal",
      description:
        "Body {password}, or {credential}: an assertion of one of the account's passkeys answering POST /api/me/passkeys/confirm-options (410 when that challenge is used or expired). Ends every sign-in and clears the refresh cookie. Its messages leave every conversation (its pairs and the plans it organises end, emptied), its texts leave message reports, every notification naming it leaves other people's inboxes, passkey sign-ups under way with its address go, and the invitees of its plans ahead are told they are off. 409 while the account is a venue's only owner, before anything is deleted.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 409, 410, 429],
    }),
    requireUser,
    jsonBody(deleteAccountSchema),
    async (c) => {
      const db = getDb(c.env);
      const user = await signedInAccount(db, c.get("principal").userId);
      await checkProof(c, db, user, c.req.valid("json"), { password: DELETE_PASSWORD_MESSAGE, passkey: DELETE_PASSKEY_MESSAGE });
      const now = Date.now();
      if (await soleOwnsAPlace(db, user.id)) throw conflict(LAST_OWNER_MESSAGE);
      const plansOff = await upcomingPlansOrganisedBy(db, user.id, now);
      // The conversations queued first (found through the rows about to go): should the queue fail,
      // nothing is deleted yet and the person can try again (docs/chat.md#an-account-deleted).
      await queueLeaving(c.env, db, user.id);
      if ((await deleteAccount(db, user.id, new Date(now))) === "last-owner") throw conflict(LAST_OWNER_MESSAGE);
      const env = c.env;
      c.executionCtx.waitUntil(tellPlansOff(env, plansOff, now));
      clearRefreshCookie(c);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )

  .post(
    "/admin/login",
    describe({ tag, summary: "The administrator's sign-in: a 12-hour admin token", access: "public", answers: { 200: accessTokenAnswerSchema }, errors: [401, 429, 503] }),
    authClientLimit("admin-login"),
    jsonBody(adminSignInSchema),
    async (c) => {
      const { password } = c.req.valid("json");
      // There is one admin account: this caps guesses from all addresses together.
      await authAccountLimit(c.env, "admin-login", "admin");
      if (!c.env.ADMIN_PASSWORD) {
        console.error("ADMIN_PASSWORD is not set: admin sign-in is disabled.");
        throw new ApiError(503, "Admin sign-in is not configured on this server.");
      }
      if (!(await constantTimeEqual(password, c.env.ADMIN_PASSWORD))) throw unauthorized(ADMIN_WRONG_PASSWORD_MESSAGE);
      const answer: AccessTokenAnswer = {
        access_token: await issueAccessToken(c.env.JWT_SECRET, { userId: null, role: "admin" }),
      };
      return c.json(answer);
    },
  )

  // Ends this admin token on the server: clearing the browser alone would leave it valid for 12 hours.
  .post(
    "/admin/logout",
    describe({ tag, summary: "End this admin token now", description: "No body.", access: "admin", answers: { 200: okAnswerSchema }, errors: [400] }),
    requireAdmin,
    noBody(),
    async (c) => {
      const { adminToken } = c.get("principal");
      await revokeAdminToken(getDb(c.env), adminToken!, new Date());
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
