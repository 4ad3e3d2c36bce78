// Who may see or reach whom (docs/friends.md): friendships are stored both ways, blocks one way,
// and every social route asks these two questions before it answers.
import { and, eq, or, sql } from "drizzle-orm";
import { blocks, friendships } from "../../drizzle/schema";
import type { Database } from "./client";

/** True when the two accounts are friends. */
export async function areFriends(db: Database, accountId: number, otherId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, accountId), eq(friendships.friendId, otherId)))
    .limit(1);
  return row !== undefined;
}

/** True when either account has blocked the other: then neither can reach the other at all. */
export async function blockedEitherWay(db: Database, accountId: number, otherId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, accountId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, accountId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The accounts blocked either way with `accountId`, as a subquery of `id`s: what a block hides from
 * it in a plan it shares with them (docs/friends.md#blocks-in-a-plan).
 */
export const blockedWith = (accountId: number) => sql`(
  select case when ${blocks.blockerId} = ${accountId} then ${blocks.blockedId} else ${blocks.blockerId} end as id
  from ${blocks} where ${blocks.blockerId} = ${accountId} or ${blocks.blockedId} = ${accountId}
)`;
