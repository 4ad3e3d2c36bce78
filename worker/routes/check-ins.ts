// Check-ins (docs/friends.md#check-ins): "I'm here" at a place for 1–8 hours, seen only by the
// audience chosen, while friends, with no block either way and no ghost mode; never a position,
// never a history. Also who of my friends is out, and at one place ("2 friends here").
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { checkIn, leave, myCheckIn, planMembersSeeingCheckIn, setGhostMode, visibleCheckIns } from "../db/check-ins";
import { getDb } from "../db/client";
import { friendsAmong } from "../db/friends";
import { placeOpeningHours } from "../db/when-to-go";
import { checkInUntil } from "../../common/opening-hours";
import { placeExists } from "../db/places";
import { planCheckInNotice } from "../chat/notices";
import { deliverToAccounts } from "../push/deliver";
import type { AppEnv } from "../env";
import { badRequest, conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { placeIdParamSchema } from "../../common/schemas/fields";
import {
  CHECK_IN_CLOSED_MESSAGE,
  CHECK_IN_DEFAULT_HOURS,
  CHECK_IN_MAX_HOURS,
  CHECK_IN_MIN_HOURS,
  CHECK_IN_PLAN_AFTER_HOURS,
  CHECK_IN_PLAN_BEFORE_HOURS,
  NOT_FRIENDS_MESSAGE,
  checkInBodySchema,
  friendsHereSchema,
  friendsOutSchema,
  ghostBodySchema,
  myCheckInSchema,
  type FriendsHere,
  type FriendsOut,
  type MyCheckIn,
} from "../../common/schemas/friends";

const tag = "Check-ins";
const iso = (date: Date) => date.toISOString();

async function myCheckInAnswer(c: { env: Env }, accountId: number): Promise<MyCheckIn> {
  const { checkIn: row, ghost } = await myCheckIn(getDb(c.env), accountId, Date.now());
  return {
    check_in: row && {
      place: { id: row.placeId, slug: row.slug, name: row.name },
      audience: row.audience,
      friends: row.friends,
      since: iso(row.since),
      until: iso(row.until),
    },
    ghost,
  };
}

const HOUR_MS = 60 * 60 * 1000;

/** Tells the members of plans at the place, from a few hours before to a few after, who may see the check-in. */
async function tellPlanMembers(env: Env, checkerId: number, now: number): Promise<void> {
  const window = { before: CHECK_IN_PLAN_BEFORE_HOURS * HOUR_MS, after: CHECK_IN_PLAN_AFTER_HOURS * HOUR_MS };
  const rows = await planMembersSeeingCheckIn(getDb(env), checkerId, now, window);
  const deliveries = rows.map((row) => ({
    accountId: row.memberId,
    notification: planCheckInNotice(
      { planId: row.planId, placeId: row.placeId, title: row.title ?? row.placeName, placeName: row.placeName, startsAt: row.startsAt.getTime(), timeZone: row.timeZone },
      { id: checkerId, name: row.checkerName },
    ),
  }));
  if (deliveries.length > 0) await deliverToAccounts(env, deliveries, now);
}

export const checkInRoutes = new Hono<AppEnv>()
  .post(
    "/me/check-in",
    describe({
      tag,
      summary: "Check in at a place: friends may see you are there, for a few hours",
      description: `\`hours\` ${CHECK_IN_MIN_HOURS}–${CHECK_IN_MAX_HOURS} (default ${CHECK_IN_DEFAULT_HOURS}), ending at the place's closing time when that comes first; a place closed now by its hours refuses check-ins (409); \`audience\` "friends" (default), "chosen" (with \`friends\`: ids of your friends) or "nobody". One check-in at a time: a new one ends the last. No position is taken or stored; the check-in is deleted once it ends. Friends are not notified, except the members of a plan at the place whose time is at most ${CHECK_IN_PLAN_BEFORE_HOURS} hours ahead or ${CHECK_IN_PLAN_AFTER_HOURS} hours past, who may see the check-in (once per friend and plan).`,
      access: "signed-in",
      answers: { 200: myCheckInSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    jsonBody(checkInBodySchema, 16 * 1024),
    async (c) => {
      const accountId = accountIdOf(c);
      const body = c.req.valid("json");
      const db = getDb(c.env);
      const place = await placeOpeningHours(db, body.place_id);
      if (!place) throw notFound("No such place.");
      const now = Date.now();
      // Closed wins: nobody is "there" at a closed place, and nobody stays past its closing (docs/friends.md#check-ins).
      const until = checkInUntil(place.hours, place.timeZone, now, body.hours);
      if (until === null) throw conflict(CHECK_IN_CLOSED_MESSAGE);
      const friends = await friendsAmong(db, accountId, body.friends);
      if (friends.size < body.friends.length) throw badRequest(NOT_FRIENDS_MESSAGE, [{ field: "friends", message: NOT_FRIENDS_MESSAGE }]);
      await checkIn(db, accountId, { placeId: body.place_id, until, audience: body.audience, friends: body.friends }, now);
      c.executionCtx.waitUntil(tellPlanMembers(c.env, accountId, now));
      return c.json(await myCheckInAnswer(c, accountId));
    },
  )
  .get(
    "/me/check-in",
    describe({ tag, summary: "Your check-in while it lasts (or null), and ghost mode", access: "signed-in", answers: { 200: myCheckInSchema }, errors: [403] }),
    requireUser,
    async (c) => c.json(await myCheckInAnswer(c, accountIdOf(c))),
  )
  .delete(
    "/me/check-in",
    describe({ tag, summary: "Leave: end your check-in now (it is deleted)", description: "Idempotent.", access: "signed-in", answers: { 200: okAnswerSchema }, errors: [403] }),
    requireUser,
    noBody(),
    async (c) => {
      await leave(getDb(c.env), accountIdOf(c));
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )
  .put(
    "/me/ghost-mode",
    describe({
      tag,
      summary: "Ghost mode on or off: while on, nobody sees any check-in of yours, current or future",
      access: "signed-in",
      answers: { 200: myCheckInSchema },
      errors: [403],
    }),
    requireUser,
    jsonBody(ghostBodySchema, 1024),
    async (c) => {
      const accountId = accountIdOf(c);
      await setGhostMode(getDb(c.env), accountId, c.req.valid("json").on);
      return c.json(await myCheckInAnswer(c, accountId));
    },
  )
  .get(
    "/me/friends/out",
    describe({
      tag,
      summary: "Friends checked in now whose audience includes you: who, where, since and until",
      access: "signed-in",
      answers: { 200: friendsOutSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const rows = await visibleCheckIns(getDb(c.env), accountIdOf(c), Date.now());
      return c.json({
        friends: rows.map((row) => ({
          id: row.id,
          handle: row.handle,
          name: row.name,
          place: { id: row.placeId, slug: row.slug, name: row.placeName },
          since: iso(row.since),
          until: iso(row.until),
        })),
      } satisfies FriendsOut);
    },
  )
  .get(
    "/places/:id/friends-here",
    describe({
      tag,
      summary: "Your friends checked in at this place now (\"2 friends here\"), for a signed-in account only",
      description: "Only check-ins whose audience includes you. Public answers about a place never name anyone.",
      access: "signed-in",
      answers: { 200: friendsHereSchema },
      errors: [403, 404],
    }),
    requireUser,
    params({ id: placeIdParamSchema }),
    async (c) => {
      const accountId = accountIdOf(c);
      const placeId = c.req.valid("param").id;
      const db = getDb(c.env);
      if (!(await placeExists(db, placeId))) throw notFound("No such place.");
      const rows = await visibleCheckIns(db, accountId, Date.now(), placeId);
      return c.json({
        count: rows.length,
        friends: rows.map((row) => ({ id: row.id, handle: row.handle, name: row.name, since: iso(row.since), until: iso(row.until) })),
      } satisfies FriendsHere);
    },
  );
