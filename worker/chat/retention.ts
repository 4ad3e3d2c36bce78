// Plans 30 days past their time go (docs/friends.md#retention), and their conversations' messages
// with them: once a conversation's row is gone nobody can reach its object, and deleting an account
// could no longer find the messages it wrote there (docs/friends.md#deleting-an-account).
import { PLAN_KEPT_AFTER_MS } from "../../common/schemas/plans";
import { getDb } from "../db/client";
import { deletePlans, plansPastKeeping } from "../db/plans";
import { conversationObject } from "./conversation";

/** Most plans one run removes: each costs a call to its conversation's object. The 5-minute cron catches up. */
const PLANS_REMOVED_PER_RUN = 50;

/**
 * Empties the conversations of plans past keeping, then deletes those plans. A plan whose object
 * could not be emptied stays for the next run (its row is how the object is found); the others go.
 */
export async function removeOldPlans(env: Pick<Env, "DB" | "CONVERSATION">, now: number): Promise<number> {
  const db = getDb(env);
  const old = await plansPastKeeping(db, now, PLAN_KEPT_AFTER_MS, PLANS_REMOVED_PER_RUN);
  const emptied = await Promise.allSettled(
    old.map(async ({ id, conversationId }) => {
      if (conversationId !== null) await conversationObject(env, conversationId).clear();
      return id;
    }),
  );
  const removed = await deletePlans(db, emptied.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])));
  const failed = emptied.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  if (failed.length > 0) throw new AggregateError(failed, `${failed.length} old plans' conversations could not be emptied; they stay until the next run.`);
  return removed;
}
