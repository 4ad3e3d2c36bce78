import { DurableObject } from "cloudflare:workers";
import type { SocketFrame } from "../../common/schemas/conversations";
import type { Person } from "../../common/schemas/plans";
import { randomToken, sha256Hex } from "../lib/crypto";
import {
  keptSince,
  messageOf,
  notFrom,
  pageOf,
  pageQuery,
  PRUNE_EVERY_MS,
  pushDue,
  REPORT_CONTEXT_SIDE,
  socketTag,
  TICKET_MS,
  type PageRequest,
  type StoredMessage,
} from "./rules";

/** The object of a conversation (its D1 row's id). */
export function conversationObject(env: Pick<Env, "CONVERSATION">, conversationId: number) {
  return env.CONVERSATION.getByName(`conversation:${conversationId}`);
}

export const BAD_TICKET = "This ticket is used, expired or unknown. Ask for a new one.";

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, sender_id INTEGER NOT NULL, client_id TEXT NOT NULL,
    text TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (sender_id, client_id)
  );
  CREATE INDEX IF NOT EXISTS messages_created ON messages (created_at);
  CREATE TABLE IF NOT EXISTS reads (account_id INTEGER PRIMARY KEY, up_to INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS pushes (account_id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS tickets (hash TEXT PRIMARY KEY, account_id INTEGER NOT NULL, expires_at INTEGER NOT NULL);
`;

export interface PostInput {
  sender: Person;
  clientId: string;
  text: string;
  now: number;
  /** Every member's account id, the sender's included. */
  members: number[];
  /** Accounts blocked either way with the sender: their sockets get no frame of it, and they no push. */
  hiddenFrom: readonly number[];
}

export interface PostResult {
  message: StoredMessage;
  /** False when this sender already sent this client id: the stored message, nothing sent again. */
  created: boolean;
  /** Members (not the sender) with no open socket whose last push from this conversation is 5 minutes old. */
  pushTo: number[];
}

type Row = Record<string, SqlStorageValue>;
const asMessage = (row: Row) => row as unknown as StoredMessage;

/**
 * One conversation (docs/friends.md#messages): its messages, read markers and push times in its own
 * SQLite, and its members' sockets through the WebSocket Hibernation API, so an idle conversation
 * with open sockets is evicted from memory and costs nothing until the next message. The worker has
 * checked who may do what before calling; the object trusts its caller. It never logs: messages are
 * personal.
 */
export class Conversation extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Answered without waking the object: a client's keep-alive.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Stores a message (once per sender and client id), sends it to every open socket and says whom to push. */
  async post(input: PostInput): Promise<PostResult> {
    const existing = this.sql
      .exec("SELECT * FROM messages WHERE sender_id = ? AND client_id = ?", input.sender.id, input.clientId)
      .toArray()[0];
    if (existing) return { message: asMessage(existing), created: false, pushTo: [] };
    const message = asMessage(
      this.sql
        .exec(
          "INSERT INTO messages (sender_id, client_id, text, created_at) VALUES (?, ?, ?, ?) RETURNING *",
          input.sender.id,
          input.clientId,
          input.text,
          input.now,
        )
        .one(),
    );
    this.setRead(input.sender.id, message.id);
    this.broadcast({ type: "message", message: messageOf(message, input.sender) }, input.hiddenFrom);
    const pushTo: number[] = [];
    for (const member of input.members) {
      if (member === input.sender.id || input.hiddenFrom.includes(member) || this.ctx.getWebSockets(socketTag(member)).length > 0) continue;
      const last = this.sql.exec<{ at: number }>("SELECT at FROM pushes WHERE account_id = ?", member).toArray()[0];
      if (!pushDue(last?.at ?? null, input.now)) continue;
      this.sql.exec("INSERT INTO pushes (account_id, at) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET at = excluded.at", member, input.now);
      pushTo.push(member);
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(input.now + PRUNE_EVERY_MS);
    return { message, created: true, pushTo };
  }

  /** One page of messages, oldest first, and every member's read marker, without those of the reader's `hidden`. */
  page(request: PageRequest): { messages: StoredMessage[]; hasMore: boolean; read: { account_id: number; up_to: number }[] } {
    const query = pageQuery(request);
    const { rows, hasMore } = pageOf(this.sql.exec(query.sql, ...query.params).toArray().map(asMessage), request.limit, query.newestFirst);
    const hidden = new Set(request.hidden);
    const read = this.sql
      .exec<{ account_id: number; up_to: number }>("SELECT account_id, up_to FROM reads ORDER BY account_id")
      .toArray()
      .filter((marker) => !hidden.has(marker.account_id));
    return { messages: rows, hasMore, read };
  }

  /** The newest message the account sees and how many messages others it sees sent after its read marker. */
  summary(accountId: number, hidden: readonly number[] = []): { last: StoredMessage | null; unread: number } {
    const notHidden = notFrom(hidden);
    const last = this.sql.exec(`SELECT * FROM messages${notHidden.sql ? ` WHERE ${notHidden.sql}` : ""} ORDER BY id DESC LIMIT 1`, ...notHidden.params).toArray()[0];
    return { last: last ? asMessage(last) : null, unread: this.unreadOf(accountId, hidden) };
  }

  /** Moves the account's read marker forward (never back) and tells the open sockets but those of its `hidden`. */
  markRead(accountId: number, upTo: number, hidden: readonly number[] = []): { up_to: number; unread: number } {
    const newest = this.sql.exec<{ id: number | null }>("SELECT max(id) AS id FROM messages").one().id ?? 0;
    const marker = this.setRead(accountId, Math.min(upTo, newest));
    this.broadcast({ type: "read", account_id: accountId, up_to: marker }, hidden);
    return { up_to: marker, unread: this.unreadOf(accountId, hidden) };
  }

  /** The message and up to 10 on each side, oldest first; null when there is no such message. */
  around(messageId: number): StoredMessage[] | null {
    const found = this.sql.exec("SELECT * FROM messages WHERE id = ?", messageId).toArray()[0];
    if (!found) return null;
    const before = this.sql.exec("SELECT * FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?", messageId, REPORT_CONTEXT_SIDE).toArray();
    const after = this.sql.exec("SELECT * FROM messages WHERE id > ? ORDER BY id ASC LIMIT ?", messageId, REPORT_CONTEXT_SIDE).toArray();
    return [...before.toReversed(), found, ...after].map(asMessage);
  }

  /** A ticket for one socket of the account, good for a minute; only its hash is kept. */
  async issueTicket(accountId: number, now: number): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = randomToken();
    const expiresAt = now + TICKET_MS;
    this.sql.exec("DELETE FROM tickets WHERE expires_at <= ?", now);
    this.sql.exec("INSERT INTO tickets (hash, account_id, expires_at) VALUES (?, ?, ?)", await sha256Hex(ticket), accountId, expiresAt);
    return { ticket, expiresAt };
  }

  /** The socket: a WebSocket upgrade with a ticket, used up here whether or not it is still good. */
  async fetch(request: Request): Promise<Response> {
    const ticket = new URL(request.url).searchParams.get("ticket") ?? "";
    const used = this.sql
      .exec<{ account_id: number; expires_at: number }>("DELETE FROM tickets WHERE hash = ? RETURNING account_id, expires_at", await sha256Hex(ticket))
      .toArray()[0];
    if (!used || used.expires_at <= Date.now()) {
      return Response.json({ error: BAD_TICKET }, { status: 401 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [socketTag(used.account_id)]);
    server.serializeAttachment({ accountId: used.account_id });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sockets only listen: anything a client sends but the keep-alive is ignored. */
  async webSocketMessage(): Promise<void> {}

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 cannot be sent back; a normal close answers the client's.
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code);
    } catch {
      // Already closed.
    }
  }

  /** Retention: messages past 90 days and used-up tickets go; again tomorrow while messages remain. */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.prune(now);
    const left = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
    if (left > 0) await this.ctx.storage.setAlarm(now + PRUNE_EVERY_MS);
  }

  /** Deletes what retention no longer keeps at `now`; how many messages went. */
  prune(now: number): number {
    const gone = this.sql.exec("DELETE FROM messages WHERE created_at < ?", keptSince(now)).rowsWritten;
    this.sql.exec("DELETE FROM tickets WHERE expires_at <= ?", now);
    return gone;
  }

  /**
   * An account is deleted (docs/friends.md#deleting-an-account) and this conversation goes on
   * without it: its messages go, and it leaves. Other members' messages stay and page as before,
   * with no trace of the gone ones.
   */
  forget(accountId: number): number {
    const gone = this.sql.exec("DELETE FROM messages WHERE sender_id = ?", accountId).rowsWritten;
    this.leave(accountId);
    return gone;
  }

  /**
   * An account left the plan (docs/friends.md#leaving-a-plan): its read marker, push time and
   * tickets go and its sockets close; what it wrote stays for the others.
   */
  leave(accountId: number): void {
    for (const table of ["reads", "pushes", "tickets"]) this.sql.exec(`DELETE FROM ${table} WHERE account_id = ?`, accountId);
    this.closeSockets(socketTag(accountId));
  }

  /** The conversation ends with a deleted account (its pair, or the plan it organised): everything in it goes and every socket closes. */
  clear(): void {
    for (const table of ["messages", "reads", "pushes", "tickets"]) this.sql.exec(`DELETE FROM ${table}`);
    this.closeSockets();
  }

  /** Open sockets per account, for tests and the bench. */
  openSockets(): number {
    return this.ctx.getWebSockets().length;
  }

  private unreadOf(accountId: number, hidden: readonly number[]): number {
    const marker = this.sql.exec<{ up_to: number }>("SELECT up_to FROM reads WHERE account_id = ?", accountId).toArray()[0]?.up_to ?? 0;
    const notHidden = notFrom(hidden);
    return this.sql
      .exec<{ n: number }>(`SELECT count(*) AS n FROM messages WHERE id > ? AND sender_id != ?${notHidden.sql ? ` AND ${notHidden.sql}` : ""}`, marker, accountId, ...notHidden.params)
      .one().n;
  }

  private setRead(accountId: number, upTo: number): number {
    return this.sql
      .exec<{ up_to: number }>(
        "INSERT INTO reads (account_id, up_to) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET up_to = max(up_to, excluded.up_to) RETURNING up_to",
        accountId,
        upTo,
      )
      .one().up_to;
  }

  private closeSockets(tag?: string): void {
    for (const ws of this.ctx.getWebSockets(tag)) {
      try {
        ws.close(1000, "Gone");
      } catch {
        // Already closed.
      }
    }
  }

  /** Sends the frame to every open socket but those of the `hidden` accounts. */
  private broadcast(frame: SocketFrame, hidden: readonly number[]): void {
    const text = JSON.stringify(frame);
    const skipped = new Set(hidden.map(socketTag));
    for (const ws of this.ctx.getWebSockets()) {
      if (skipped.size > 0 && this.ctx.getTags(ws).some((tag) => skipped.has(tag))) continue;
      try {
        ws.send(text);
      } catch {
        // A socket closing meanwhile misses it and catches up with `after`.
      }
    }
  }
}
