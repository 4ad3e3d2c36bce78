// The pure rules of a conversation (docs/friends.md#messages, docs/chat.md): how long messages and
// tickets last, when a member who has no open socket gets a push, who may write and who sees whom,
// how fast one account may write, when the object flushes to D1, how a page of messages is bounded,
// and the shape a stored message takes in answers and socket frames.
import type { Message } from "../../common/schemas/conversations";
import type { Person } from "../../common/schemas/plans";

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** Messages are kept this long, then deleted by the object's alarm. */
export const MESSAGE_RETENTION_MS = 90 * DAY_MS;
/** How often the alarm prunes while the conversation holds messages. */
export const PRUNE_EVERY_MS = DAY_MS;
/** A socket ticket is good for one connection within this long. */
export const TICKET_MS = MINUTE_MS;
/** At most one push per member per conversation in this long. */
export const PUSH_GAP_MS = 5 * MINUTE_MS;
/** Messages on each side of a reported one that the report keeps. */
export const REPORT_CONTEXT_SIDE = 10;
/** An account writes at most this many messages in a conversation within MESSAGE_WINDOW_MS (wrangler.toml's MESSAGE_LIMITER, 30 in 10 s). */
export const MESSAGES_PER_WINDOW = 30;
export const MESSAGE_WINDOW_MS = 10_000;
/** The object writes what the conversation list needs to D1 at most once in this long. */
export const FLUSH_EVERY_MS = MINUTE_MS;
/** A message's pushes the push queue did not take are tried again this long after (docs/chat.md#pushes). */
export const OUTBOX_RETRY_MS = MINUTE_MS;
/** The outbox keeps the pushes of at most this many messages, the newest, ... */
export const OUTBOX_KEPT = 100;
/** ... and none older than this: a push a day late tells nothing the conversation list does not. */
export const OUTBOX_KEEP_MS = DAY_MS;

export const NO_CONVERSATION = "No such conversation.";
export const CLOSED = "This conversation is closed: you can read it but not write to it.";

/**
 * What a conversation's object knows from D1 to decide who may write and who sees whom
 * (docs/chat.md#the-authority): the worker reads it (conversationFacts) and tells the object at
 * every change that matters, and with every ticket and POST.
 */
export interface ConversationFacts {
  id: number;
  kind: "plan" | "pair";
  /** What its pushes say it is: the plan's title (or place), or "your conversation" for a pair. */
  title: string;
  writable: boolean;
  members: Person[];
  /** In a plan, each block between two members as [blocker, blocked]: neither sees the other. */
  hiddenPairs: [number, number][];
}

/** The members blocked either way with the account in this conversation. */
export function hiddenWith(facts: ConversationFacts, accountId: number): number[] {
  return facts.hiddenPairs.flatMap(([a, b]) => (a === accountId ? [b] : b === accountId ? [a] : []));
}

/** A refusal of a message, by the object, with the status POST …/messages answers it with. */
export type Refusal = { status: 403 | 404 | 409 | 429; error: string; retryAfterSeconds?: number };

/**
 * Whether the account may write one more message at `now`, given the times of its latest
 * messages in this conversation (newest first, at least MESSAGES_PER_WINDOW of them when it has
 * that many): null, or the refusal saying how many seconds until the oldest leaves the window.
 */
export function rateRefusal(latest: readonly number[], now: number): Refusal | null {
  const oldest = latest[MESSAGES_PER_WINDOW - 1];
  if (oldest === undefined || now - oldest >= MESSAGE_WINDOW_MS) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + MESSAGE_WINDOW_MS - now) / 1000));
  return { status: 429, error: `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`, retryAfterSeconds };
}

/** When the next flush may run, for a message at `now` after the last flush at `flushedAt` (0: never). */
export const flushDue = (flushedAt: number, now: number) => Math.max(now, flushedAt + FLUSH_EVERY_MS);

/**
 * A new name tells the account's conversations, and a deleted account empties or leaves them, this
 * many a queue message (docs/chat.md#a-new-name, docs/chat.md#an-account-deleted).
 */
export const TELL_BATCH = 50;

/** The conversations to tell, cut into queue messages of TELL_BATCH. */
export function tellBatches<T>(conversationIds: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < conversationIds.length; i += TELL_BATCH) batches.push(conversationIds.slice(i, i + TELL_BATCH));
  return batches;
}

/** The object's one alarm: the earliest of its flush, its pruning and its outbox's retry, or null for none. */
export function nextAlarm(flushAt: number | null, pruneAt: number | null, outboxAt: number | null = null): number | null {
  const times = [flushAt, pruneAt, outboxAt].filter((time): time is number => time !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

/** A message as the conversation's SQLite keeps it. */
export interface StoredMessage {
  id: number;
  sender_id: number;
  client_id: string;
  text: string;
  created_at: number;
}

/** The socket tag of an account's sockets, so the object can tell who has one open. */
export const socketTag = (accountId: number) => `account:${accountId}`;

/** True when a member with no open socket should get a push now, given the last one this conversation sent them. */
export function pushDue(lastPushAt: number | null, now: number): boolean {
  return lastPushAt === null || now - lastPushAt >= PUSH_GAP_MS;
}

/** The oldest creation time that retention keeps at `now`. */
export const keptSince = (now: number) => now - MESSAGE_RETENTION_MS;

/** A stored message as answers and socket frames show it; `sender` null once the account is gone. */
export function messageOf(stored: StoredMessage, sender: Person | null): Message {
  return {
    id: stored.id,
    sender,
    text: stored.text,
    client_id: stored.client_id,
    created_at: new Date(stored.created_at).toISOString(),
  };
}

export interface PageRequest {
  before?: number;
  after?: number;
  limit: number;
  /** Senders the reader does not see: accounts blocked either way with them (docs/friends.md#blocks-in-a-plan). */
  hidden?: readonly number[];
}

/** The SQL condition leaving out messages of `hidden` senders, with its parameter (none when nobody is hidden). */
export function notFrom(hidden: readonly number[] | undefined): { sql: string; params: string[] } {
  return hidden && hidden.length > 0 ? { sql: "sender_id NOT IN (SELECT value FROM json_each(?))", params: [JSON.stringify(hidden)] } : { sql: "", params: [] };
}

/**
 * The SQL of one page: with `after`, the oldest messages newer than it (catching up); otherwise the
 * newest messages older than `before` (or the newest of all); never a hidden sender's. One more
 * than `limit` is read to know whether more exist; the answer is always oldest first.
 */
export function pageQuery(page: PageRequest): { sql: string; params: (number | string)[]; newestFirst: boolean } {
  const hidden = notFrom(page.hidden);
  const where = (conditions: string[]) => {
    const all = [...conditions, hidden.sql].filter(Boolean);
    return all.length > 0 ? ` WHERE ${all.join(" AND ")}` : "";
  };
  if (page.after !== undefined) {
    return { sql: `SELECT * FROM messages${where(["id > ?"])} ORDER BY id ASC LIMIT ?`, params: [page.after, ...hidden.params, page.limit + 1], newestFirst: false };
  }
  if (page.before !== undefined) {
    return { sql: `SELECT * FROM messages${where(["id < ?"])} ORDER BY id DESC LIMIT ?`, params: [page.before, ...hidden.params, page.limit + 1], newestFirst: true };
  }
  return { sql: `SELECT * FROM messages${where([])} ORDER BY id DESC LIMIT ?`, params: [...hidden.params, page.limit + 1], newestFirst: true };
}

/** A page's rows (one more than asked when more exist) as the answer: oldest first, and whether more exist. */
export function pageOf<T>(rows: readonly T[], limit: number, newestFirst: boolean): { rows: T[]; hasMore: boolean } {
  const kept = rows.slice(0, limit);
  return { rows: newestFirst ? kept.toReversed() : kept, hasMore: rows.length > limit };
}
