// The dead letters kept for the admin (docs/faults.md#dead-letters): what the push and watch queues'
// dead-letter queues received, newest first, bounded to the newest 1,000 and 30 days.
import { desc, eq, lt, notInArray } from "drizzle-orm";
import { deadLetters } from "../../drizzle/schema";
import type { DeadLetterAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";

export const DEAD_LETTERS_KEPT = 1000;
export const DEAD_LETTER_RETENTION_MS = 30 * 24 * 3_600_000;
/** The admin's list shows this many, newest first. */
const LISTED = 100;

export interface NewDeadLetter {
  queue: string;
  messageId: string;
  body: string;
}

/** Stores dead letters (a message already stored is skipped) and drops what is past the bounds, in one batch. */
export async function storeDeadLetters(db: Database, letters: readonly NewDeadLetter[], now: number) {
  if (letters.length === 0) return;
  const kept = db.select({ id: deadLetters.id }).from(deadLetters).orderBy(desc(deadLetters.id)).limit(DEAD_LETTERS_KEPT);
  await db.batch([
    db
      .insert(deadLetters)
      .values(letters.map((letter) => ({ ...letter, deadAt: new Date(now) })))
      .onConflictDoNothing({ target: deadLetters.messageId }),
    db.delete(deadLetters).where(lt(deadLetters.deadAt, new Date(now - DEAD_LETTER_RETENTION_MS))),
    db.delete(deadLetters).where(notInArray(deadLetters.id, kept)),
  ]);
}

const toAnswer = (row: typeof deadLetters.$inferSelect): DeadLetterAnswer => ({
  id: row.id,
  queue: row.queue,
  body: row.body,
  dead_at: row.deadAt.toISOString(),
});

/** The newest dead letters and how many are kept in all. */
export async function listDeadLetters(db: Database): Promise<{ dead_letters: DeadLetterAnswer[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.select().from(deadLetters).orderBy(desc(deadLetters.id)).limit(LISTED),
    db.$count(deadLetters),
  ]);
  return { dead_letters: rows.map(toAnswer), total };
}

export async function deadLetterById(db: Database, id: number) {
  const [row] = await db.select().from(deadLetters).where(eq(deadLetters.id, id));
  return row;
}

/** Removes a dead letter once it is sent back to its queue. */
export async function forgetDeadLetter(db: Database, id: number) {
  await db.delete(deadLetters).where(eq(deadLetters.id, id));
}
