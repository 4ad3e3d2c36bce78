// Notifications queued for later delivery (docs/chat.md#pushes): a conversation's object decides
// whom a message pushes but reads no D1, so it queues the notices on the push queue and the
// queue's consumer delivers them (deliverToAccounts: the inbox rows, the subscriptions read, the
// cap and quiet hours, the pushes queued). The same queue carries the pushes themselves
// (./send.ts); a message is one or the other by its shape.
import { PROCESSING_RETRY_S } from "../alerts/delivery";
import { deliverToAccounts, type AccountNotification } from "./deliver";
import { consumePushes, type PushMessage } from "./send";

/** Notifications to deliver, as queued: each to its account, at `at`. */
export interface QueuedNotices {
  notices: { account_id: number; notification: AccountNotification }[];
  at: number;
}

export type PushQueueMessage = PushMessage | QueuedNotices;

// A body that is no object at all (a poison message) is taken for a push, whose consumer fails it alone.
const isNotices = (message: Message<PushQueueMessage>): message is Message<QueuedNotices> =>
  typeof message.body === "object" && message.body !== null && "notices" in message.body;

/** Queues the notices as one message. */
export async function queueNotices(env: Pick<Env, "PUSH_QUEUE">, notices: QueuedNotices["notices"], at: number): Promise<void> {
  if (notices.length > 0) await env.PUSH_QUEUE.send({ notices, at } satisfies QueuedNotices, { contentType: "json" });
}

/** The push queue's consumer: pushes are sent (./send.ts), notices delivered, each acknowledged or retried on its own. */
export async function consumePushQueue(batch: { messages: readonly Message<PushQueueMessage>[] }, env: Env): Promise<void> {
  const notices = batch.messages.filter(isNotices);
  const pushes = batch.messages.filter((message): message is Message<PushMessage> => !isNotices(message));
  await Promise.all([consumePushes({ messages: pushes }, env), ...notices.map((message) => deliverQueued(message, env))]);
}

async function deliverQueued(message: Message<QueuedNotices>, env: Env): Promise<void> {
  try {
    // A notice with a dedupe key (each message's has one) stores nothing when retried.
    await deliverToAccounts(env, message.body.notices.map(({ account_id, notification }) => ({ accountId: account_id, notification })), message.body.at);
    message.ack();
  } catch (error) {
    console.error(`queued notices failed: ${error instanceof Error ? error.name : "error"}`);
    // Retried even on the last attempt: past max_retries the queue moves it to its dead-letter
    // queue, where the admin sees it (docs/faults.md#dead-letters), instead of it vanishing.
    message.retry({ delaySeconds: PROCESSING_RETRY_S });
  }
}
