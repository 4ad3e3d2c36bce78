// Dead-letter queues (docs/faults.md#dead-letters): a push or watch message its consumer could not
// process on any attempt lands in its queue's dead-letter queue (wrangler.toml), whose consumer
// keeps it in D1 for the admin, who may send it back to the queue it died in.
import { getDb } from "../db/client";
import { storeDeadLetters } from "../db/dead-letters";

/** Each dead-letter queue and the queue whose messages it receives (wrangler.toml). */
export const DEAD_LETTER_QUEUES: Readonly<Record<string, string>> = {
  "third-place-push-dead": "third-place-push",
  "third-place-watches-dead": "third-place-watches",
};

type QueuesEnv = Pick<Env, "PUSH_QUEUE" | "WATCH_QUEUE">;

/** The producer of a queue a dead letter may go back to, or null for another name. */
export function queueNamed(env: QueuesEnv, name: string): Queue | null {
  if (name === "third-place-push") return env.PUSH_QUEUE;
  if (name === "third-place-watches") return env.WATCH_QUEUE;
  return null;
}

/** The dead-letter queues' consumer: the batch stored in one D1 batch, each message once (by its id). */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Pick<Env, "DB">): Promise<void> {
  const queue = DEAD_LETTER_QUEUES[batch.queue];
  const letters = batch.messages.map((message) => ({ queue, messageId: message.id, body: JSON.stringify(message.body) ?? "null" }));
  // A failure throws: the batch is delivered again, and what was stored is not stored twice.
  await storeDeadLetters(getDb(env), letters, Date.now());
  batch.ackAll();
}
