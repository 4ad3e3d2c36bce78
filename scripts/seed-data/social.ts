// The demo's friends, plan and conversation (docs/friends.md#demo): Jonah and Priya are Maya's friends;
// Maya has a plan for tonight at The Copper Lantern with Jonah going and Priya maybe, and its chat has a
// few messages. Accounts, friendships and the plan are D1 rows the seed writes; the messages live in
// the conversation's Durable Object, which only the running worker reaches, so `npm start` posts them
// through the API once the server answers, each with a fixed client id: posting again stores nothing.
import { and, eq, gt, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { DAY_MS, fromWall, HOUR_MS, toWall } from "../../common/local-time.ts";

/** The demo consumer (seed.ts's DEMO_CONSUMER): the organiser, whose password the friends share. */
export interface DemoConsumer {
  email: string;
  password: string;
}

/**
 * Maya's two demo friends, same password: all three are friends, and Jonah is checked in at the
 * plan's venue, visible to his friends, for 3 hours from each `npm start`.
 */
export const DEMO_FRIENDS = [
  { email: "jonah@thirdplace.example", name: "Jonah Demo", handle: "jonah", timeZone: "America/New_York" },
  { email: "priya@thirdplace.example", name: "Priya Demo", handle: "priya", timeZone: "America/New_York" },
] as const;

const PLAN_PLACE_SLUG = "the-copper-lantern";
const PLAN_TIME_ZONE = "America/New_York";
/** Tonight's plan starts at 21:00 on New York's clock (tomorrow's once that has passed). */
const PLAN_HOUR = 21;

/** The next 21:00 in New York after `now`. */
export function tonightAt(now: number): number {
  const wall = toWall(PLAN_TIME_ZONE, now);
  let start = Math.floor(wall / DAY_MS) * DAY_MS + PLAN_HOUR * HOUR_MS;
  if (start <= wall) start += DAY_MS;
  return fromWall(PLAN_TIME_ZONE, start);
}

/** Maya's plan for tonight with her two friends (already her friends), unless she has one ahead. */
export async function seedDemoPlan(database: Parameters<typeof drizzle>[0], mayaId: number, friendIds: number[], now: number) {
  const db = drizzle(database, { schema });
  const ids = friendIds;
  const [place] = await db.select({ id: schema.places.id }).from(schema.places).where(eq(schema.places.slug, PLAN_PLACE_SLUG));
  if (!place) return;
  const ahead = await db
    .select({ id: schema.plans.id })
    .from(schema.plans)
    .where(and(eq(schema.plans.organiserId, mayaId), gt(schema.plans.startsAt, new Date(now)), isNull(schema.plans.cancelledAt)));
  if (ahead.length > 0) return;
  const [plan] = await db
    .insert(schema.plans)
    .values({ organiserId: mayaId, placeId: place.id, startsAt: new Date(tonightAt(now)), title: "Drinks at the Lantern", capacity: 6, updatedAt: new Date(now) })
    .returning({ id: schema.plans.id });
  await db.insert(schema.planInvitees).values([
    { planId: plan.id, userId: ids[0], answer: "going", answeredAt: new Date(now) },
    { planId: plan.id, userId: ids[1], answer: "maybe", answeredAt: new Date(now) },
  ]);
  await db.insert(schema.conversations).values({ kind: "plan", planId: plan.id });
}

/** Who says what: the organiser (null) or a friend's email. */
const DEMO_MESSAGES = [
  { from: null, text: "Lantern at 9? The forecast says it's Lively then." },
  { from: DEMO_FRIENDS[0].email, text: "I'm in. I'll grab the corner table if it's free." },
  { from: DEMO_FRIENDS[1].email, text: "Maybe, I'll let you know by 8!" },
] as const;

/**
 * Posts the demo conversation's messages through the running app at `url`: signs in as each demo
 * account, finds Maya's next plan and writes the messages with client ids fixed per plan, so a
 * restart stores nothing twice. Skips quietly when the app or the plan is not there.
 */
export async function seedDemoConversation(url: string, consumer: DemoConsumer): Promise<void> {
  const tokens = new Map<string, string>();
  for (const email of [consumer.email, ...DEMO_FRIENDS.map((friend) => friend.email)]) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: consumer.password }),
    });
    if (!response.ok) return;
    tokens.set(email, ((await response.json()) as { access_token: string }).access_token);
  }
  const mine = await fetch(`${url}/api/plans`, { headers: { authorization: `Bearer ${tokens.get(consumer.email)}` } });
  if (!mine.ok) return;
  const { plans } = (await mine.json()) as { plans: { id: number; conversation_id: number; my_answer: string | null; cancelled_at: string | null }[] };
  const plan = plans.find((entry) => entry.my_answer === "organiser" && entry.cancelled_at === null);
  if (!plan) return;
  for (const [index, message] of DEMO_MESSAGES.entries()) {
    await fetch(`${url}/api/conversations/${plan.conversation_id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(message.from ?? consumer.email)}` },
      body: JSON.stringify({ text: message.text, client_id: `demo-plan-${plan.id}-${index}` }),
    });
  }
}
