// The pure rules of a conversation (docs/friends.md#messages): how long messages and tickets last,
// when a member who has no open socket gets a push, how a page of messages is bounded, and the
// shape a stored message takes in answers and socket frames.
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
