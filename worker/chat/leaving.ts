// Deleting an account (docs/friends.md#deleting-an-account), the part D1 cannot do: the account's
// messages live in the conversations' objects. Conversations that end with the account (its pairs,
// the plans it organises) are emptied; plans it is invited to go on without its messages. An account
// can be in hundreds of conversations, so the request only queues them, TELL_BATCH a message on the
// push queue, and the queue's consumer calls the objects (docs/chat.md#an-account-deleted). Invitees
// of its plans still ahead are told they are off.
import { PROCESSING_RETRY_S } from "../alerts/delivery";
import { getDb, type Database } from "../db/client";
import { conversationsLeftBy } from "../db/conversations";
import type { upcomingPlansOrganisedBy } from "../db/plans";
import { findUserById } from "../db/users";
import { deliverToAccount } from "../push/deliver";
import { queueOnPush } from "./authority";
import { conversationObject } from "./conversation";
import { planGoneNotice } from "./notices";
import { tellBatches } from "./rules";

/** A queue message on the push queue: conversations a deleted account leaves, emptied (`clear`) or without it (`forget`). */
export interface AccountLeaving {
  gone: number;
  clear: number[];
  forget: number[];
}

/**
 * Attempts a queue message waits for the account's row to go before it gives up: the request that
 * queued it deletes the row right after, and when that failed the person was answered so and a new
 * try queues its own messages.
 */
export const LEAVING_ATTEMPTS = 3;

/** Queues the conversations ending with the account and those it leaves, before its rows go (they are found through them). */
export async function queueLeaving(env: Pick<Env, "PUSH_QUEUE">, db: Database, accountId: number): Promise<void> {
  const { ending, leaving } = await conversationsLeftBy(db, accountId);
  await queueOnPush(env, [
    ...tellBatches(ending).map((clear) => ({ gone: accountId, clear, forget: [] }) satisfies AccountLeaving),
    ...tellBatches(leaving).map((forget) => ({ gone: accountId, clear: [], forget }) satisfies AccountLeaving),
  ]);
}

export const isLeaving = (message: Message<unknown>): message is Message<AccountLeaving> =>
  typeof message.body === "object" && message.body !== null && "gone" in message.body;

/**
 * The push queue's deleted accounts: once the account's row is gone, each conversation of the
 * message is emptied or left (both idempotent, so a retried message does nothing twice).
 */
export async function consumeLeavings(messages: readonly Message<AccountLeaving>[], env: Env): Promise<void> {
  const db = getDb(env);
  await Promise.all(
    messages.map(async (message) => {
      const { gone, clear, forget } = message.body;
      try {
        if (await findUserById(db, gone)) {
          if (message.attempts < LEAVING_ATTEMPTS) message.retry({ delaySeconds: PROCESSING_RETRY_S });
          else message.ack();
          return;
        }
        await Promise.all([...clear.map((id) => conversationObject(env, id).clear()), ...forget.map((id) => conversationObject(env, id).forget(gone))]);
        message.ack();
      } catch (error) {
        console.error(`leaving conversations failed: ${error instanceof Error ? error.name : "error"}`);
        // Past max_retries the queue moves it to its dead-letter queue (docs/faults.md#dead-letters).
        message.retry({ delaySeconds: PROCESSING_RETRY_S });
      }
    }),
  );
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
