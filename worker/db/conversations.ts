// Conversations (docs/friends.md#messages): who is in each, as D1 knows it. A plan's conversation
// has the plan's organiser and invitees; a pair's, its two accounts. Messages are never here.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { blocks, conversations, conversationWriters, friendships, planInvitees, places, plans, users } from "../../drizzle/schema";
import type { Person } from "../../common/schemas/plans";
import type { ConversationFacts } from "../chat/rules";
import type { Database } from "./client";
import { blockedWith } from "./relations";

/** Most conversations GET /api/conversations lists: the most recently active. */
export const MAX_LISTED_CONVERSATIONS = 50;

export interface MemberConversation {
  id: number;
  kind: "plan" | "pair";
  planId: number | null;
  title: string;
  members: Person[];
  /** Whether members may write: a pair while friends and neither blocked; a plan until cancelled. */
  writable: boolean;
  /**
   * In a plan's conversation, the accounts blocked either way with the caller: neither sees the
   * other's messages, read markers or pushes (docs/friends.md#blocks-in-a-plan). Empty for a pair,
   * which a block closes for writing instead.
   */
  hidden: number[];
}

/** True while two accounts are friends and neither blocked the other: the pair may write. */
const pairOpen = (a: unknown, b: unknown) => sql<number>`(
  exists (select 1 from ${friendships} where ${friendships.userId} = ${a} and ${friendships.friendId} = ${b})
  and not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))
)`;

const isMember = (accountId: number) => sql<number>`(
  ${conversations.userA} = ${accountId} or ${conversations.userB} = ${accountId}
  or ${plans.organiserId} = ${accountId}
  or exists (select 1 from ${planInvitees} where ${planInvitees.planId} = ${conversations.planId} and ${planInvitees.userId} = ${accountId})
)`;

/**
 * The members of the row's conversation (its pair, or its plan's organiser and invitees whose
 * accounts still exist) as a JSON array of people, read in the same statement as the row: a message
 * costs one D1 read for who may write and to whom, not one for the row and more for its members.
 */
const memberList = sql<string>`(
  select json_group_array(json_object('id', ${users.id}, 'handle', ${users.handle}, 'name', ${users.name})) from ${users}
  where ${users.id} in (
    select ${conversations.userA} union all select ${conversations.userB} union all select ${plans.organiserId}
    union all select ${planInvitees.userId} from ${planInvitees} where ${planInvitees.planId} = ${conversations.planId}
  )
)`;

/** The row's columns for the caller: the members, and who is hidden from the caller, in the same statement. */
const listColumns = (accountId: number) => ({
  id: conversations.id,
  kind: conversations.kind,
  planId: conversations.planId,
  planTitle: plans.title,
  placeName: places.name,
  organiserId: plans.organiserId,
  cancelledAt: plans.cancelledAt,
  pairOpen: pairOpen(conversations.userA, conversations.userB),
  members: memberList,
  hidden: sql<string>`(select json_group_array(id) from ${blockedWith(accountId)})`,
});

type ListRow = {
  id: number;
  kind: "plan" | "pair";
  planId: number | null;
  planTitle: string | null;
  placeName: string | null;
  organiserId: number | null;
  cancelledAt: Date | null;
  pairOpen: number;
  members: string;
  hidden: string;
};

const fromConversations = (db: Database, accountId: number) =>
  db.select(listColumns(accountId)).from(conversations).leftJoin(plans, eq(plans.id, conversations.planId)).leftJoin(places, eq(places.id, plans.placeId));

function withMembers(row: ListRow, accountId: number): MemberConversation {
  const members = (JSON.parse(row.members) as Person[]).sort((a, b) => a.id - b.id);
  if (row.kind === "plan") {
    const hidden = JSON.parse(row.hidden) as number[];
    return { id: row.id, kind: "plan", planId: row.planId, title: row.planTitle ?? row.placeName ?? "Plan", members, writable: row.cancelledAt === null, hidden };
  }
  const other = members.find((member) => member.id !== accountId);
  return { id: row.id, kind: "pair", planId: null, title: other?.name ?? "Conversation", members, writable: Boolean(row.pairOpen), hidden: [] };
}

/** The conversation when the account is a member of it; else null (as if it did not exist). */
export async function conversationForMember(db: Database, conversationId: number, accountId: number): Promise<MemberConversation | null> {
  const [row] = await fromConversations(db, accountId).where(and(eq(conversations.id, conversationId), isMember(accountId)));
  return row ? withMembers(row, accountId) : null;
}

/** The account's conversations, the most recently active first (at most 50). */
export async function conversationsOf(db: Database, accountId: number): Promise<MemberConversation[]> {
  const rows = await fromConversations(db, accountId)
    .where(isMember(accountId))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
    .limit(MAX_LISTED_CONVERSATIONS);
  return rows.map((row) => withMembers(row, accountId));
}

/** The pair's conversation, made on first use; null unless the two are friends and neither blocked the other. */
export async function pairConversation(db: Database, accountId: number, otherId: number): Promise<MemberConversation | null> {
  if (accountId === otherId) return null;
  const [userA, userB] = accountId < otherId ? [accountId, otherId] : [otherId, accountId];
  const [{ open }] = await db.select({ open: pairOpen(userA, userB) }).from(users).where(eq(users.id, accountId));
  if (!open) return null;
  await db.insert(conversations).values({ kind: "pair", userA, userB }).onConflictDoNothing();
  const [row] = await fromConversations(db, accountId).where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)));
  return withMembers(row, accountId);
}

/**
 * What a conversation's object flushes (docs/chat.md#the-flush), in one D1 round trip however many
 * messages it covers: the newest message's time (the list's order), and their senders among the
 * conversation's writers, by which deleting an account finds its messages even in a plan it has
 * left (conversationsLeftBy). A conversation or sender gone meanwhile is skipped, not an error.
 */
export async function noteMessages(db: Database, conversationId: number, senderIds: readonly number[], lastAt: number): Promise<void> {
  await db.batch([
    db.update(conversations).set({ lastMessageAt: new Date(lastAt) }).where(eq(conversations.id, conversationId)),
    db
      .insert(conversationWriters)
      .select(
        db
          .select({ conversationId: sql`${conversationId}`.as("conversation_id"), userId: sql`${users.id}`.as("user_id") })
          .from(users)
          .where(
            and(
              inArray(users.id, [...senderIds]),
              sql`exists (select 1 from ${conversations} where ${conversations.id} = ${conversationId})`,
            ),
          ),
      )
      .onConflictDoNothing(),
  ]);
}

/** The member ids of the row's conversation, as a subquery (its pair, or its plan's organiser and invitees). */
const memberIds = sql`(
  select ${conversations.userA} union all select ${conversations.userB} union all select ${plans.organiserId}
  union all select ${planInvitees.userId} from ${planInvitees} where ${planInvitees.planId} = ${conversations.planId}
)`;

/**
 * What each conversation's object must know to be the authority on it (docs/chat.md#the-authority),
 * in one D1 read for any number of conversations: its members, whether they may write, the title
 * its pushes name, and in a plan every pair of members blocked either way. A conversation whose row
 * is gone is left out.
 */
export async function conversationFacts(db: Database, conversationIds: readonly number[]): Promise<ConversationFacts[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      planTitle: plans.title,
      placeName: places.name,
      cancelledAt: plans.cancelledAt,
      pairOpen: pairOpen(conversations.userA, conversations.userB),
      members: memberList,
      hidden: sql<string>`(
        select json_group_array(json_array(${blocks.blockerId}, ${blocks.blockedId})) from ${blocks}
        where ${conversations.kind} = 'plan' and ${blocks.blockerId} in ${memberIds} and ${blocks.blockedId} in ${memberIds}
      )`,
    })
    .from(conversations)
    .leftJoin(plans, eq(plans.id, conversations.planId))
    .leftJoin(places, eq(places.id, plans.placeId))
    .where(inArray(conversations.id, [...conversationIds]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.kind === "plan" ? (row.planTitle ?? row.placeName ?? "Plan") : "your conversation",
    writable: row.kind === "plan" ? row.cancelledAt === null : Boolean(row.pairOpen),
    members: (JSON.parse(row.members) as Person[]).sort((a, b) => a.id - b.id),
    hiddenPairs: JSON.parse(row.hidden) as [number, number][],
  }));
}

/** The conversations both accounts are in: their pair's, and the plans they share (what a block or an unblock changes). */
export async function sharedConversationIds(db: Database, accountId: number, otherId: number): Promise<number[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .leftJoin(plans, eq(plans.id, conversations.planId))
    .where(and(isMember(accountId), isMember(otherId)));
  return rows.map((row) => row.id);
}

/** Every conversation the account is in (what a new name changes), however many. */
export async function conversationIdsOf(db: Database, accountId: number): Promise<number[]> {
  const rows = await db.select({ id: conversations.id }).from(conversations).leftJoin(plans, eq(plans.id, conversations.planId)).where(isMember(accountId));
  return rows.map((row) => row.id);
}

/** True when the conversation exists: its socket is opened only then, so probing ids makes no objects. */
export async function conversationExists(db: Database, conversationId: number): Promise<boolean> {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId));
  return row !== undefined;
}

/**
 * What deleting the account does to its conversations (docs/friends.md#deleting-an-account):
 * `ending`, those whose D1 row goes with it (its pairs, the plans it organises), and `leaving`,
 * those that go on without it (plans it is invited to, or was and wrote in before it left).
 */
export async function conversationsLeftBy(db: Database, accountId: number): Promise<{ ending: number[]; leaving: number[] }> {
  const wrote = sql`exists (select 1 from ${conversationWriters} where ${conversationWriters.conversationId} = ${conversations.id} and ${conversationWriters.userId} = ${accountId})`;
  const rows = await fromConversations(db, accountId).where(or(isMember(accountId), wrote));
  const ends = (row: ListRow) => row.kind === "pair" || row.organiserId === accountId;
  return { ending: rows.filter(ends).map((row) => row.id), leaving: rows.filter((row) => !ends(row)).map((row) => row.id) };
}
