// Deleting an account (docs/friends.md#deleting-an-account), the part D1 cannot do: the account's
// messages live in the conversations' objects. Conversations that end with the account (its pairs,
// the plans it organises) are emptied; plans it is invited to go on without its messages. Invitees of
// its plans still ahead are told they are off.
import type { Database } from "../db/client";
import { conversationsLeftBy } from "../db/conversations";
import type { upcomingPlansOrganisedBy } from "../db/plans";
import { deliverToAccount } from "../push/deliver";
import { conversationObject } from "./conversation";
import { planGoneNotice } from "./notices";

/** Empties the conversations ending with the account and takes its messages out of the others. */
export async function forgetInConversations(env: Pick<Env, "CONVERSATION">, db: Database, accountId: number): Promise<void> {
  const { ending, leaving } = await conversationsLeftBy(db, accountId);
  await Promise.all([
    ...ending.map((id) => conversationObject(env, id).clear()),
    ...leaving.map((id) => conversationObject(env, id).forget(accountId)),
  ]);
}

/** Tells each invitee of the deleted organiser's upcoming plans that the plan is off. */
export async function tellPlansOff(env: Pick<Env, "DB" | "PUSH_QUEUE">, plans: Awaited<ReturnType<typeof upcomingPlansOrganisedBy>>, now: number): Promise<void> {
  await Promise.allSettled(
    plans.flatMap((plan) => {
      const notice = planGoneNotice({
        planId: plan.id,
        placeId: plan.placeId,
        title: plan.title ?? plan.placeName,
        placeName: plan.placeName,
        startsAt: plan.startsAt.getTime(),
        timeZone: plan.timeZone,
      });
      return plan.invitees.map((invitee) => deliverToAccount(env, invitee, notice, now));
    }),
  );
}
