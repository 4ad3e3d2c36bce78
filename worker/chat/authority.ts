// Telling conversations' objects what changed (docs/chat.md#the-authority): each object decides who
// may write and who sees whom from the facts the worker last told it, so every route that changes
// them (a friendship ended, a block or unblock, a plan made, changed, left or called off, a new
// name) tells the objects concerned before it answers: one D1 read for all their facts, then one
// call to each object.
import { retryDelaySeconds } from "../alerts/delivery";
import { getDb, type Database } from "../db/client";
import { conversationFacts, conversationIdsOf, sharedConversationIds } from "../db/conversations";
import { SEND_BATCH_MAX } from "../push/deliver";
import { conversationObject } from "./conversation";
import { tellBatches } from "./rules";

/** Reads the conversations' facts from D1 and tells each object; a conversation whose row is gone is told so. */
export async function tellConversations(env: Pick<Env, "CONVERSATION">, db: Database, conversationIds: readonly number[]): Promise<void> {
  if (conversationIds.length === 0) return;
  const facts = new Map((await conversationFacts(db, conversationIds)).map((entry) => [entry.id, entry]));
  await Promise.all(conversationIds.map((id) => conversationObject(env, id).sync(facts.get(id) ?? null)));
}

/** After a change between two accounts (unfriending, a block, an unblock): their pair's conversation and the plans they share. */
export async function tellConversationsBetween(env: Pick<Env, "CONVERSATION">, db: Database, accountId: number, otherId: number): Promise<void> {
  await tellConversations(env, db, await sharedConversationIds(db, accountId, otherId));
}

/** A queue message on the push queue: conversations to tell what changed (docs/chat.md#a-new-name). */
export interface ConversationsToTell {
  tell: number[];
}

/**
 * After the account's name or handle changed: every conversation it is in (frames name their
 * sender), told through the push queue, 50 conversations a message, so a request never calls
 * hundreds of objects (docs/chat.md#a-new-name).
 */
export async function tellConversationsOf(env: Pick<Env, "PUSH_QUEUE">, db: Database, accountId: number): Promise<void> {
  await queueOnPush(env, tellBatches(await conversationIdsOf(db, accountId)).map((tell) => ({ tell }) satisfies ConversationsToTell));
}

/** Queue messages for the push queue's consumer, SEND_BATCH_MAX a `sendBatch`. */
export async function queueOnPush(env: Pick<Env, "PUSH_QUEUE">, bodies: readonly unknown[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += SEND_BATCH_MAX) await env.PUSH_QUEUE.sendBatch(bodies.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: "json" as const })));
}

export const isTell = (message: Message<unknown>): message is Message<ConversationsToTell> =>
  typeof message.body === "object" && message.body !== null && "tell" in message.body;

/** The push queue's conversations to tell: each message's read and told, acknowledged or retried on its own. */
export async function consumeTells(messages: readonly Message<ConversationsToTell>[], env: Env): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      try {
        await tellConversations(env, getDb(env), message.body.tell);
        message.ack();
      } catch (error) {
        console.error(`telling conversations failed: ${error instanceof Error ? error.name : "error"}`);
        // Past max_retries the queue moves it to its dead-letter queue (docs/faults.md#dead-letters).
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
