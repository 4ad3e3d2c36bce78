// Telling conversations' objects what changed (docs/chat.md#the-authority): each object decides who
// may write and who sees whom from the facts the worker last told it, so every route that changes
// them (a friendship ended, a block or unblock, a plan made, changed, left or called off, a new
// name) tells the objects concerned before it answers: one D1 read for all their facts, then one
// call to each object.
import type { Database } from "../db/client";
import { conversationFacts, conversationIdsOf, sharedConversationIds } from "../db/conversations";
import { conversationObject } from "./conversation";

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

/** After the account's name or handle changed: every conversation it is in (frames name their sender). */
export async function tellConversationsOf(env: Pick<Env, "CONVERSATION">, db: Database, accountId: number): Promise<void> {
  await tellConversations(env, db, await conversationIdsOf(db, accountId));
}
