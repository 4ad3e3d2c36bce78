// Plans (docs/friends.md#plans): an organiser, a place, a time and invited friends with their
// answers. Every read is for a member (the organiser or an invitee): anyone else finds nothing.
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { blocks, conversations, friendships, planInvitees, places, plans, users } from "../../drizzle/schema";
import type { Person, RsvpAnswer } from "../../common/schemas/plans";
import type { Database } from "./client";
import { blockedWith } from "./relations";

const personColumns = { id: users.id, handle: users.handle, name: users.name };

/** People by id (those whose account still exists), in no particular order. */
export async function peopleByIds(db: Database, ids: readonly number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
}

/** Plans the account organises that are still ahead and not cancelled. */
export async function openPlansOf(db: Database, organiserId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(plans)
    .where(and(eq(plans.organiserId, organiserId), gt(plans.startsAt, new Date(now)), isNull(plans.cancelledAt)));
  return row.n;
}

export interface NewPlan {
  organiserId: number;
  placeId: number;
  startsAt: number;
  title: string | null;
  capacity: number | null;
  invitees: number[];
}

/** Stores a plan, its invitees and its conversation; the new plan's and conversation's ids. */
export async function createPlan(db: Database, plan: NewPlan, now: number): Promise<{ planId: number; conversationId: number }> {
  const [{ id: planId }] = await db
    .insert(plans)
    .values({ organiserId: plan.organiserId, placeId: plan.placeId, startsAt: new Date(plan.startsAt), title: plan.title, capacity: plan.capacity, updatedAt: new Date(now) })
    .returning({ id: plans.id });
  const [, [{ id: conversationId }]] = await db.batch([
    db.insert(planInvitees).values(plan.invitees.map((userId) => ({ planId, userId }))),
    db.insert(conversations).values({ kind: "plan", planId }).returning({ id: conversations.id }),
  ]);
  return { planId, conversationId };
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof planRow>>>;

async function planRow(db: Database, planId: number) {
  const [row] = await db
    .select({
      id: plans.id,
      organiserId: plans.organiserId,
      placeId: plans.placeId,
      placeName: places.name,
      placeSlug: places.slug,
      startsAt: plans.startsAt,
      title: plans.title,
      capacity: plans.capacity,
      cancelledAt: plans.cancelledAt,
      conversationId: conversations.id,
    })
    .from(plans)
    .innerJoin(places, eq(places.id, plans.placeId))
    .innerJoin(conversations, eq(conversations.planId, plans.id))
    .where(eq(plans.id, planId));
  return row;
}

export interface PlanWithPeople {
  plan: PlanRow;
  organiser: Person;
  invitees: (Person & { answer: RsvpAnswer | null })[];
}

/**
 * The plan with its organiser and the invitees the account sees, when the account is one of them;
 * else null. Invitees blocked either way with the account are left out, with their answers
 * (docs/friends.md#blocks-in-a-plan); the organiser is always named.
 */
export async function planForMember(db: Database, planId: number, accountId: number): Promise<PlanWithPeople | null> {
  const plan = await planRow(db, planId);
  if (!plan) return null;
  const invitees = await db
    .select({ ...personColumns, answer: planInvitees.answer })
    .from(planInvitees)
    .innerJoin(users, eq(users.id, planInvitees.userId))
    .where(and(eq(planInvitees.planId, planId), sql`${planInvitees.userId} not in ${blockedWith(accountId)}`))
    .orderBy(asc(users.name), asc(users.id));
  if (plan.organiserId !== accountId && !invitees.some((invitee) => invitee.id === accountId)) return null;
  const [organiser] = await peopleByIds(db, [plan.organiserId]);
  return { plan, organiser, invitees };
}

/** The plans the account organises or is invited to, from `since` on, soonest first, with their "going" counts (of those it sees). */
export async function plansOf(db: Database, accountId: number, since: number) {
  const mine = or(
    eq(plans.organiserId, accountId),
    sql`exists (select 1 from ${planInvitees} where ${planInvitees.planId} = ${plans.id} and ${planInvitees.userId} = ${accountId})`,
  );
  return db
    .select({
      id: plans.id,
      title: plans.title,
      placeId: places.id,
      placeName: places.name,
      placeSlug: places.slug,
      startsAt: plans.startsAt,
      capacity: plans.capacity,
      cancelledAt: plans.cancelledAt,
      conversationId: conversations.id,
      organiserId: users.id,
      organiserHandle: users.handle,
      organiserName: users.name,
      myAnswer: sql<RsvpAnswer | null>`(select ${planInvitees.answer} from ${planInvitees} where ${planInvitees.planId} = ${plans.id} and ${planInvitees.userId} = ${accountId})`,
      going: sql<number>`(select count(*) from ${planInvitees} where ${planInvitees.planId} = ${plans.id} and ${planInvitees.answer} = 'going' and ${planInvitees.userId} not in ${blockedWith(accountId)})`,
    })
    .from(plans)
    .innerJoin(places, eq(places.id, plans.placeId))
    .innerJoin(users, eq(users.id, plans.organiserId))
    .innerJoin(conversations, eq(conversations.planId, plans.id))
    .where(and(mine, gt(plans.startsAt, new Date(since))))
    .orderBy(asc(plans.startsAt), asc(plans.id));
}

/** Changes the plan's place, time or title (the organiser's, not cancelled); false when nothing matched. */
export async function updatePlan(
  db: Database,
  planId: number,
  organiserId: number,
  changes: { placeId?: number; startsAt?: number; title?: string | null },
  now: number,
): Promise<boolean> {
  const updated = await db
    .update(plans)
    .set({
      ...(changes.placeId !== undefined ? { placeId: changes.placeId } : {}),
      ...(changes.startsAt !== undefined ? { startsAt: new Date(changes.startsAt) } : {}),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      updatedAt: new Date(now),
    })
    .where(and(eq(plans.id, planId), eq(plans.organiserId, organiserId), isNull(plans.cancelledAt)))
    .returning({ id: plans.id });
  return updated.length === 1;
}

/**
 * Records an invitee's answer. "going" is refused ("full") when the plan's capacity, the organiser
 * counted, is reached by others; the count and the write are one statement, so two answers at once
 * cannot both take the last place.
 */
export async function answerPlan(db: Database, planId: number, userId: number, answer: RsvpAnswer, now: number): Promise<"ok" | "full"> {
  const roomLeft = sql`(
    select ${plans.capacity} is null
      or ${plans.capacity} > 1 + (select count(*) from ${planInvitees} i where i.plan_id = ${planId} and i.answer = 'going' and i.user_id != ${userId})
    from ${plans} where ${plans.id} = ${planId}
  )`;
  const updated = await db
    .update(planInvitees)
    .set({ answer, answeredAt: new Date(now) })
    .where(and(eq(planInvitees.planId, planId), eq(planInvitees.userId, userId), answer === "going" ? sql`${roomLeft}` : undefined))
    .returning({ planId: planInvitees.planId });
  return updated.length === 1 ? "ok" : "full";
}

/** Cancels the organiser's plan (once); false when it was not theirs or already cancelled. */
export async function cancelPlan(db: Database, planId: number, organiserId: number, now: number): Promise<boolean> {
  const updated = await db
    .update(plans)
    .set({ cancelledAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(plans.id, planId), eq(plans.organiserId, organiserId), isNull(plans.cancelledAt)))
    .returning({ id: plans.id });
  return updated.length === 1;
}

/** The invitee leaves the plan (docs/friends.md#leaving-a-plan); false when they were not invited to it. */
export async function leavePlan(db: Database, planId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(planInvitees)
    .where(and(eq(planInvitees.planId, planId), eq(planInvitees.userId, userId)))
    .returning({ planId: planInvitees.planId });
  return gone.length === 1;
}

/** Retention: up to `limit` plans whose time is more than `keptAfterMs` past, oldest first, with their conversations' ids. */
export async function plansPastKeeping(db: Database, now: number, keptAfterMs: number, limit: number) {
  return db
    .select({ id: plans.id, conversationId: conversations.id })
    .from(plans)
    .leftJoin(conversations, eq(conversations.planId, plans.id))
    .where(lt(plans.startsAt, new Date(now - keptAfterMs)))
    .orderBy(asc(plans.startsAt), asc(plans.id))
    .limit(limit);
}

/** Deletes the plans, with their invitees and conversation rows; how many went. */
export async function deletePlans(db: Database, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db.delete(plans).where(inArray(plans.id, [...ids])).returning({ id: plans.id });
  return gone.length;
}

/** Those of `ids` the account may invite: its friends, neither having blocked the other. */
export async function invitableAmong(db: Database, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(
      and(
        eq(friendships.userId, accountId),
        inArray(friendships.friendId, [...ids]),
        sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${accountId} and ${blocks.blockedId} = ${friendships.friendId}) or (${blocks.blockerId} = ${friendships.friendId} and ${blocks.blockedId} = ${accountId}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The organiser's plans still ahead and not cancelled, with their invitees, for telling them the plan is off. */
export async function upcomingPlansOrganisedBy(db: Database, organiserId: number, now: number) {
  const rows = await db
    .select({
      id: plans.id,
      title: plans.title,
      placeId: places.id,
      placeName: places.name,
      timeZone: places.timezone,
      startsAt: plans.startsAt,
      invitees: sql<string>`(select json_group_array(${planInvitees.userId}) from ${planInvitees} where ${planInvitees.planId} = ${plans.id})`,
    })
    .from(plans)
    .innerJoin(places, eq(places.id, plans.placeId))
    .where(and(eq(plans.organiserId, organiserId), gt(plans.startsAt, new Date(now)), isNull(plans.cancelledAt)));
  return rows.map((row) => ({ ...row, invitees: JSON.parse(row.invitees) as number[] }));
}
