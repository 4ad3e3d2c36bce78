// Plans (docs/friends.md#plans): make one with friends at a place and time, list mine and those I am
// invited to, read one (with the forecast of its hour and, when it looks bad, a suggestion), change
// it, answer it, cancel it, leave it. Only the organiser and the invitees find a plan; to anyone
// else it does not exist (404), and two of them blocked either way do not see each other in it.
// Invitees are told of an invitation, a change and a cancellation (inbox and push), never across a
// block.
import { Hono, type Context } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { getDb, type Database } from "../db/client";
import { placeExists } from "../db/places";
import {
  answerPlan,
  cancelPlan,
  createPlan,
  invitableAmong,
  leavePlan,
  openPlansOf,
  planForMember,
  plansOf,
  updatePlan,
  type PlanWithPeople,
} from "../db/plans";
import { historyOfRow, nowPlaceOf, nowPlaceRow, placesInBox } from "../db/saved-places";
import type { AppEnv } from "../env";
import { badRequest, conflict, forbidden, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { betterPlace, betterTime, looksBad, NEARBY_M, planForecast } from "../occupancy/plan-forecast";
import { boundingBox, distanceM, placeAt } from "../occupancy/place-now";
import { deliverToAccount } from "../push/deliver";
import { planNotice, type PlanNoticeKind } from "../chat/notices";
import { tellConversations } from "../chat/authority";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import {
  MAX_CAPACITY,
  MAX_INVITEES,
  MAX_OPEN_PLANS,
  MAX_PLAN_AHEAD_DAYS,
  PLAN_LISTED_AFTER_MS,
  planBodySchema,
  planPatchSchema,
  planSchema,
  plansListSchema,
  rsvpBodySchema,
  type Plan,
  type PlansList,
} from "../../common/schemas/plans";

const tag = "Plans";
const planParam = params({ planId: idParamSchema("Plan id must be a positive whole number.") });
const NO_PLAN = "No such plan.";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan's time: ahead of now and within the next 60 days (400 otherwise). */
function startsAtOf(text: string, now: number): number {
  const at = Date.parse(text);
  if (!(at > now && at <= now + MAX_PLAN_AHEAD_DAYS * DAY_MS)) {
    const message = `must be ahead of now and within the next ${MAX_PLAN_AHEAD_DAYS} days.`;
    throw badRequest(`starts_at: ${message}`, [{ field: "starts_at", message }]);
  }
  return at;
}

/** Counts a plan write against the account's social budget. */
const limitSocial = (c: Context<AppEnv>, accountId: number) => enforceRateLimit(c.env, "SOCIAL_LIMITER", `plans:${accountId}`);

/** Tells each invitee (not the organiser) of the plan, after the answer is sent: `found` is the organiser's view, without those blocked either way. */
function tell(c: Context<AppEnv>, kind: PlanNoticeKind, found: PlanWithPeople, timeZone: string, now: number) {
  const { plan, organiser, invitees } = found;
  const notice = planNotice(kind, {
    planId: plan.id,
    placeId: plan.placeId,
    organiserId: organiser.id,
    organiserName: organiser.name,
    title: plan.title ?? plan.placeName,
    placeName: plan.placeName,
    startsAt: plan.startsAt.getTime(),
    timeZone,
  });
  const env = c.env;
  c.executionCtx.waitUntil(Promise.allSettled(invitees.map((invitee) => deliverToAccount(env, invitee.id, notice, now))));
}

/** The plan as GET /api/plans/{id} answers it, with the forecast of its hour and a suggestion when it looks bad. */
async function planAnswer(c: Context<AppEnv>, db: Database, found: PlanWithPeople, accountId: number, now: number): Promise<{ plan: Plan; timeZone: string }> {
  const { plan, organiser, invitees } = found;
  const row = await nowPlaceRow(db, plan.placeId);
  if (!row) throw notFound(NO_PLAN);
  const keep = (write: () => Promise<unknown>) => c.executionCtx.waitUntil(write());
  const at = plan.startsAt.getTime();
  const place = nowPlaceOf(row, now);
  const forecast = plan.cancelledAt === null ? planForecast(place, await historyOfRow(db, row, place, now, keep), now, at) : null;
  let suggestion: Plan["suggestion"] = null;
  if (forecast && looksBad(forecast)) {
    const history = await historyOfRow(db, row, place, now, keep);
    let nearby: NonNullable<Plan["suggestion"]>["place"] = null;
    if (row.latitude !== null && row.longitude !== null) {
      const center = { lat: row.latitude, lng: row.longitude };
      const rows = await placesInBox(db, boundingBox(center, NEARBY_M), undefined, undefined);
      const candidates = await Promise.all(
        rows
          .filter((other) => other.id !== row.id)
          .map((other) => ({ other, distance: distanceM(center, { lat: other.latitude!, lng: other.longitude! }) }))
          .filter(({ distance }) => distance <= NEARBY_M)
          .map(async ({ other, distance }) => {
            const otherPlace = nowPlaceOf(other, now);
            const otherHistory = await historyOfRow(db, other, otherPlace, now, keep);
            return { ...placeAt(otherPlace, otherHistory, now, at), id: other.id, name: other.name, slug: other.slug, distance_m: distance };
          }),
      );
      nearby = betterPlace(candidates, forecast);
    }
    suggestion = { place: nearby, time: betterTime(place, history, now, at, forecast) };
  }
  const going = invitees.filter((invitee) => invitee.answer === "going").length;
  const mine = invitees.find((invitee) => invitee.id === accountId);
  return {
    timeZone: row.timeZone,
    plan: {
      id: plan.id,
      title: plan.title,
      place: { id: plan.placeId, name: plan.placeName, slug: plan.placeSlug },
      starts_at: plan.startsAt.toISOString(),
      organiser,
      my_answer: plan.organiserId === accountId ? "organiser" : (mine?.answer ?? null),
      going,
      capacity: plan.capacity,
      cancelled_at: plan.cancelledAt?.toISOString() ?? null,
      conversation_id: plan.conversationId,
      invitees: invitees.map(({ id, handle, name, answer }) => ({ id, handle, name, answer })),
      forecast,
      suggestion,
    },
  };
}

/** The plan for a member, or a 404 as if it did not exist. */
async function memberPlan(db: Database, planId: number, accountId: number): Promise<PlanWithPeople> {
  const found = await planForMember(db, planId, accountId);
  if (!found) throw notFound(NO_PLAN);
  return found;
}

export const planRoutes = new Hono<AppEnv>()
  .post(
    "/plans",
    describe({
      tag,
      summary: "Make a plan with friends at a place and time; the invitees are told",
      description: `\`invitees\`: 1 to ${MAX_INVITEES} of the caller's friends (anyone else, blocked accounts included, is the same 400). \`starts_at\` ahead of now, within ${MAX_PLAN_AHEAD_DAYS} days. \`capacity\` (2–${MAX_CAPACITY}, the organiser counted) caps the "going" answers. At most ${MAX_OPEN_PLANS} upcoming plans per organiser (409).`,
      access: "signed-in",
      answers: { 201: planSchema },
      errors: [403, 404, 409, 429],
    }),
    requireUser,
    jsonBody(planBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const body = c.req.valid("json");
      const now = Date.now();
      const startsAt = startsAtOf(body.starts_at, now);
      if (body.invitees.includes(accountId)) throw badRequest("invitees: must be friends, not yourself.", [{ field: "invitees", message: "must be friends, not yourself." }]);
      await limitSocial(c, accountId);
      const db = getDb(c.env);
      const invitable = await invitableAmong(db, accountId, body.invitees);
      if (invitable.length !== body.invitees.length) {
        throw badRequest("invitees: each must be one of your friends.", [{ field: "invitees", message: "each must be one of your friends." }]);
      }
      if (!(await placeExists(db, body.place_id))) throw notFound("No such place.");
      if ((await openPlansOf(db, accountId, now)) >= MAX_OPEN_PLANS) {
        throw conflict(`You have ${MAX_OPEN_PLANS} upcoming plans. Cancel one, or wait until one has passed, to make another.`);
      }
      const { planId } = await createPlan(
        db,
        { organiserId: accountId, placeId: body.place_id, startsAt, title: body.title || null, capacity: body.capacity, invitees: body.invitees },
        now,
      );
      const found = await memberPlan(db, planId, accountId);
      // Its conversation's object learns its members now (docs/chat.md#the-authority).
      await tellConversations(c.env, db, [found.plan.conversationId]);
      const { plan, timeZone } = await planAnswer(c, db, found, accountId, now);
      tell(c, "plan_invite", found, timeZone, now);
      return c.json(plan satisfies Plan, 201);
    },
  )
  .get(
    "/plans",
    describe({
      tag,
      summary: "The caller's plans: organised and invited, soonest first, until 12 hours after their time",
      access: "signed-in",
      answers: { 200: plansListSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const accountId = accountIdOf(c);
      const rows = await plansOf(getDb(c.env), accountId, Date.now() - PLAN_LISTED_AFTER_MS);
      const answer: PlansList = {
        plans: rows.map((row) => ({
          id: row.id,
          title: row.title,
          place: { id: row.placeId, name: row.placeName, slug: row.placeSlug },
          starts_at: row.startsAt.toISOString(),
          organiser: { id: row.organiserId, handle: row.organiserHandle, name: row.organiserName },
          my_answer: row.organiserId === accountId ? "organiser" : row.myAnswer,
          going: row.going,
          capacity: row.capacity,
          cancelled_at: row.cancelledAt?.toISOString() ?? null,
          conversation_id: row.conversationId,
        })),
      };
      return c.json(answer);
    },
  )
  .get(
    "/plans/:planId",
    describe({
      tag,
      summary: "A plan: place, time, invitees' answers, the forecast of its hour, and a suggestion when that looks bad",
      description:
        "Only the organiser and invitees find it (404 for anyone else). `forecast` is the forecast of the plan's hour at its place (null beyond the forecast's week). When it is Packed or the place is closed then, `suggestion` names a quieter place open within 1 km at the same hour and a quieter hour within 3 hours at the same place (either may be null).",
      access: "signed-in",
      answers: { 200: planSchema },
      errors: [403, 404],
    }),
    requireUser,
    planParam,
    async (c) => {
      const accountId = accountIdOf(c);
      const db = getDb(c.env);
      const found = await memberPlan(db, c.req.valid("param").planId, accountId);
      const { plan } = await planAnswer(c, db, found, accountId, Date.now());
      return c.json(plan satisfies Plan);
    },
  )
  .patch(
    "/plans/:planId",
    describe({
      tag,
      summary: "Change a plan's place, time or title (its organiser); the invitees are told",
      description: "Answers already given stay. A cancelled plan cannot change (409).",
      access: "signed-in",
      answers: { 200: planSchema },
      errors: [403, 404, 409, 429],
    }),
    requireUser,
    planParam,
    jsonBody(planPatchSchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const body = c.req.valid("json");
      const now = Date.now();
      const db = getDb(c.env);
      const { planId } = c.req.valid("param");
      const before = await memberPlan(db, planId, accountId);
      if (before.plan.organiserId !== accountId) throw forbidden("Only the organiser can change the plan.");
      if (before.plan.cancelledAt !== null) throw conflict("This plan is cancelled.");
      const startsAt = body.starts_at === undefined ? undefined : startsAtOf(body.starts_at, now);
      if (body.place_id !== undefined && !(await placeExists(db, body.place_id))) throw notFound("No such place.");
      await limitSocial(c, accountId);
      const title = body.title === undefined ? undefined : body.title || null;
      if (!(await updatePlan(db, planId, accountId, { placeId: body.place_id, startsAt, title }, now))) throw conflict("This plan is cancelled.");
      const found = await memberPlan(db, planId, accountId);
      // A new title is what its pushes name.
      if (title !== undefined) await tellConversations(c.env, db, [found.plan.conversationId]);
      const { plan, timeZone } = await planAnswer(c, db, found, accountId, now);
      tell(c, "plan_changed", found, timeZone, now);
      return c.json(plan satisfies Plan);
    },
  )
  .post(
    "/plans/:planId/rsvp",
    describe({
      tag,
      summary: "Answer a plan you are invited to: going, maybe or no",
      description: "The organiser is going by making it (403). `going` is a 409 once the plan's capacity is reached; a cancelled plan takes no answers (409).",
      access: "signed-in",
      answers: { 200: planSchema },
      errors: [403, 404, 409, 429],
    }),
    requireUser,
    planParam,
    jsonBody(rsvpBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const { answer } = c.req.valid("json");
      const now = Date.now();
      const db = getDb(c.env);
      const { planId } = c.req.valid("param");
      const found = await memberPlan(db, planId, accountId);
      if (found.plan.organiserId === accountId) throw forbidden("You organise this plan: you are going.");
      if (found.plan.cancelledAt !== null) throw conflict("This plan is cancelled.");
      await limitSocial(c, accountId);
      if ((await answerPlan(db, planId, accountId, answer, now)) === "full") throw conflict("This plan is full: everyone it has room for is going.");
      const { plan } = await planAnswer(c, db, await memberPlan(db, planId, accountId), accountId, now);
      return c.json(plan satisfies Plan);
    },
  )
  .post(
    "/plans/:planId/cancel",
    describe({
      tag,
      summary: "Cancel a plan (its organiser); the invitees are told",
      description: "The plan stays readable, marked cancelled, and its conversation closes for writing. Cancelling again is a 409.",
      access: "signed-in",
      answers: { 200: planSchema },
      errors: [403, 404, 409, 429],
    }),
    requireUser,
    planParam,
    noBody(),
    async (c) => {
      const accountId = accountIdOf(c);
      const now = Date.now();
      const db = getDb(c.env);
      const { planId } = c.req.valid("param");
      const before = await memberPlan(db, planId, accountId);
      if (before.plan.organiserId !== accountId) throw forbidden("Only the organiser can cancel the plan.");
      await limitSocial(c, accountId);
      if (!(await cancelPlan(db, planId, accountId, now))) throw conflict("This plan is already cancelled.");
      const found = await memberPlan(db, planId, accountId);
      // Closed for writing from now, sockets included.
      await tellConversations(c.env, db, [found.plan.conversationId]);
      const { plan, timeZone } = await planAnswer(c, db, found, accountId, now);
      tell(c, "plan_cancelled", found, timeZone, now);
      return c.json(plan satisfies Plan);
    },
  )
  .delete(
    "/plans/:planId/me",
    describe({
      tag,
      summary: "Leave a plan you are invited to",
      description:
        "The plan, its conversation and its notices are no longer the caller's (404 after); what they wrote stays for the others, and nobody is told. The organiser cancels instead (403). Anyone not invited: 404.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404, 429],
    }),
    requireUser,
    planParam,
    noBody(),
    async (c) => {
      const accountId = accountIdOf(c);
      const db = getDb(c.env);
      const { planId } = c.req.valid("param");
      const { plan } = await memberPlan(db, planId, accountId);
      if (plan.organiserId === accountId) throw forbidden("You organise this plan: cancel it instead.");
      await limitSocial(c, accountId);
      if (!(await leavePlan(db, planId, accountId))) throw notFound(NO_PLAN);
      // The object drops the member and closes its sockets (docs/chat.md#the-authority).
      await tellConversations(c.env, db, [plan.conversationId]);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
