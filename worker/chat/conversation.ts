import { DurableObject } from "cloudflare:workers";
import { sendFrameSchema, SOCKET_NOT_READY, type Message, type SocketFrame } from "../../common/schemas/conversations";
import { getDb } from "../db/client";
import { noteMessages } from "../db/conversations";
import { randomToken, sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { parseOrThrow } from "../lib/validation";
import { queueNotices, type QueuedNotices } from "../push/notice-queue";
import { messageNotice } from "./notices";
import {
  CLOSED,
  FLUSH_EVERY_MS,
  flushDue,
  hiddenWith,
  keptSince,
  MESSAGES_PER_WINDOW,
  messageOf,
  nextAlarm,
  NO_CONVERSATION,
  notFrom,
  OUTBOX_KEEP_MS,
  OUTBOX_KEPT,
  OUTBOX_RETRY_MS,
  pageOf,
  pageQuery,
  PRUNE_EVERY_MS,
  pushDue,
  rateRefusal,
  REPORT_CONTEXT_SIDE,
  socketTag,
  TICKET_MS,
  type ConversationFacts,
  type PageRequest,
  type Refusal,
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
  CREATE INDEX IF NOT EXISTS messages_sender_created ON messages (sender_id, created_at);
  CREATE TABLE IF NOT EXISTS state (
    id INTEGER PRIMARY KEY CHECK (id = 1), facts TEXT, gone INTEGER NOT NULL DEFAULT 0,
    flushed_up_to INTEGER NOT NULL DEFAULT 0, flushed_at INTEGER NOT NULL DEFAULT 0,
    flush_at INTEGER, prune_at INTEGER, alarm_at INTEGER
  );
  INSERT OR IGNORE INTO state (id) VALUES (1);
  CREATE TABLE IF NOT EXISTS outbox (
    message_id INTEGER PRIMARY KEY, notices TEXT NOT NULL, at INTEGER NOT NULL, due_at INTEGER NOT NULL
  );
`;

/** A frame the socket cannot take: not JSON, or not a "send". */
const BAD_FRAME = 'Send {"type": "send", "client_id", "text"}.';

interface State {
  /** ConversationFacts as JSON; null until the worker first tells the object (docs/chat.md#bootstrapping). */
  facts: string | null;
  /** 1 once the conversation ended (its D1 row gone): everything refused. */
  gone: number;
  flushed_up_to: number;
  flushed_at: number;
  flush_at: number | null;
  prune_at: number | null;
  alarm_at: number | null;
}

/** What writing a message did: stored (or found stored under its client id), or refused. */
export type SendResult = { message: Message; created: boolean } | { refused: Refusal };

export interface SendInput {
  accountId: number;
  clientId: string;
  text: string;
  now: number;
}

type Row = Record<string, SqlStorageValue>;
const asMessage = (row: Row) => row as unknown as StoredMessage;

/**
 * One conversation (docs/friends.md#messages, docs/chat.md): its messages, read markers and push
 * times in its own SQLite, and its members' sockets through the WebSocket Hibernation API, so an
 * idle conversation with open sockets is evicted from memory and costs nothing until the next
 * message. It is the authority on who may write and who sees whom: the worker tells it the facts
 * (members, writable, blocks) at every change that matters, and it checks every message, from a
 * socket's "send" frame or from POST …/messages, against them with no D1 statement. What the
 * conversation list needs from D1 its alarm writes, at most once a minute. It never logs: messages
 * are personal.
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

  /**
   * The worker's facts about this conversation, read from D1 (null: its row is gone). Members no
   * longer in it lose their read marker, push time and tickets and their sockets close; when one of
   * them wrote since the last flush, the flush runs now, so deleting that account later finds its
   * messages here (docs/chat.md#the-flush).
   */
  async sync(facts: ConversationFacts | null): Promise<void> {
    const json = facts ? JSON.stringify(facts) : null;
    const state = this.state();
    if (state.facts === json && state.gone === (facts ? 0 : 1)) return;
    const before = this.facts();
    this.sql.exec("UPDATE state SET facts = ?, gone = ?", json, facts ? 0 : 1);
    if (!facts) {
      this.closeSockets();
      return;
    }
    const gone = (before?.members ?? []).map((member) => member.id).filter((id) => !facts.members.some((member) => member.id === id));
    for (const accountId of gone) this.dropMember(accountId);
    const wrote = gone.length > 0 && this.sql.exec("SELECT 1 FROM messages WHERE id > ? AND sender_id IN (SELECT value FROM json_each(?)) LIMIT 1", state.flushed_up_to, JSON.stringify(gone)).toArray().length > 0;
    if (wrote) await this.flush(Date.now());
  }

  /**
   * POST …/messages (docs/chat.md#the-socket): the worker's facts, read in its one D1 statement,
   * then the same checks and storing as a socket's "send" frame.
   */
  async send(input: SendInput, facts: ConversationFacts): Promise<SendResult> {
    await this.sync(facts);
    return this.write(input);
  }

  /** A socket's frame: a "send" is checked, stored and acknowledged to that socket alone (or refused); anything else is refused. */
  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const { accountId } = ws.deserializeAttachment() as { accountId: number };
    let raw: unknown;
    try {
      raw = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
    } catch {
      raw = null;
    }
    const sent = raw !== null && typeof raw === "object" && "client_id" in raw ? raw.client_id : null;
    // Echoed only when it could be one: a refusal never carries back a megabyte.
    const clientId = typeof sent === "string" && sent.length <= 64 ? sent : null;
    let frame: { client_id: string; text: string };
    try {
      frame = parseOrThrow(sendFrameSchema, raw);
    } catch (error) {
      this.reply(ws, { type: "refused", client_id: clientId, error: error instanceof ApiError && raw !== null && typeof raw === "object" && "type" in raw && raw.type === "send" ? error.message : BAD_FRAME });
      return;
    }
    const result = await this.write({ accountId, clientId: frame.client_id, text: frame.text, now: Date.now() }, ws);
    if ("refused" in result) this.reply(ws, { type: "refused", client_id: frame.client_id, error: result.refused.error });
  }

  /**
   * Writes a message when the facts allow it: a member, the same client id again (the first
   * message, nothing sent again), writable, within the rate. Stored, it goes to every open socket
   * but those hidden from its sender, the writing socket gets its "ack", members with no open
   * socket are pushed through the push queue (kept in the outbox until the queue takes them), and a
   * flush is due.
   */
  private async write(input: SendInput, socket?: WebSocket): Promise<SendResult> {
    const facts = this.facts();
    if (this.state().gone) return { refused: { status: 404, error: NO_CONVERSATION } };
    if (!facts) return { refused: { status: 409, error: SOCKET_NOT_READY } };
    const sender = facts.members.find((member) => member.id === input.accountId);
    if (!sender) return { refused: { status: 404, error: NO_CONVERSATION } };
    const existing = this.sql.exec("SELECT * FROM messages WHERE sender_id = ? AND client_id = ?", sender.id, input.clientId).toArray()[0];
    if (existing) {
      const message = messageOf(asMessage(existing), sender);
      if (socket) this.reply(socket, { type: "ack", client_id: input.clientId, message });
      return { message, created: false };
    }
    if (!facts.writable) return { refused: { status: 403, error: CLOSED } };
    const latest = this.sql
      .exec<{ created_at: number }>("SELECT created_at FROM messages WHERE sender_id = ? ORDER BY created_at DESC LIMIT ?", sender.id, MESSAGES_PER_WINDOW)
      .toArray()
      .map((row) => row.created_at);
    const tooFast = rateRefusal(latest, input.now);
    if (tooFast) return { refused: tooFast };
    const stored = asMessage(
      this.sql
        .exec("INSERT INTO messages (sender_id, client_id, text, created_at) VALUES (?, ?, ?, ?) RETURNING *", sender.id, input.clientId, input.text, input.now)
        .one(),
    );
    this.setRead(sender.id, stored.id);
    const message = messageOf(stored, sender);
    const hidden = hiddenWith(facts, sender.id);
    this.broadcast({ type: "message", message }, hidden);
    if (socket) this.reply(socket, { type: "ack", client_id: input.clientId, message });
    const pushTo = this.pushesDue(facts, sender.id, hidden, input.now);
    if (pushTo.length > 0) {
      // Kept with the message, in the same write, before the queue is asked (docs/chat.md#pushes).
      const notice = messageNotice(facts.id, stored.id, sender, facts.title);
      const notices: QueuedNotices["notices"] = pushTo.map((accountId) => ({ account_id: accountId, notification: notice }));
      this.sql.exec("INSERT INTO outbox (message_id, notices, at, due_at) VALUES (?, ?, ?, ?)", stored.id, JSON.stringify(notices), input.now, input.now + OUTBOX_RETRY_MS);
      this.trimOutbox(input.now);
    }
    this.sql.exec("UPDATE state SET flush_at = coalesce(flush_at, ?), prune_at = coalesce(prune_at, ?)", flushDue(this.state().flushed_at, input.now), input.now + PRUNE_EVERY_MS);
    await this.schedule();
    if (pushTo.length > 0) await this.sendOutbox([stored.id]);
    return { message, created: true };
  }

  /** Members (not the sender, none hidden from it) with no open socket whose last push from here is 5 minutes old; their push time is now. */
  private pushesDue(facts: ConversationFacts, senderId: number, hidden: readonly number[], now: number): number[] {
    const pushTo: number[] = [];
    for (const { id: member } of facts.members) {
      if (member === senderId || hidden.includes(member) || this.ctx.getWebSockets(socketTag(member)).length > 0) continue;
      const last = this.sql.exec<{ at: number }>("SELECT at FROM pushes WHERE account_id = ?", member).toArray()[0];
      if (!pushDue(last?.at ?? null, now)) continue;
      this.sql.exec("INSERT INTO pushes (account_id, at) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET at = excluded.at", member, now);
      pushTo.push(member);
    }
    return pushTo;
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

  /**
   * A ticket for one socket of the account, good for a minute; only its hash is kept. The worker's
   * facts come with it, so no socket opens on an object that was never told its members.
   */
  async issueTicket(accountId: number, now: number, facts: ConversationFacts): Promise<{ ticket: string; expiresAt: number }> {
    await this.sync(facts);
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

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 cannot be sent back; a normal close answers the client's.
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code);
    } catch {
      // Already closed.
    }
  }

  /**
   * The flush when it is due (docs/chat.md#the-flush), then retention when it is due: messages past
   * 90 days and used-up tickets go, again a day later while messages remain. A flush that fails is
   * tried again a minute later; nothing is lost meanwhile, the messages are here.
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.trimOutbox(now);
    // Claimed for the next minute before the queue is asked, so nothing else sends them meanwhile.
    const due = this.sql.exec<{ message_id: number }>("UPDATE outbox SET due_at = ? WHERE due_at <= ? RETURNING message_id", now + OUTBOX_RETRY_MS, now).toArray();
    if (due.length > 0) await this.sendOutbox(due.map((row) => row.message_id));
    const { flush_at } = this.state();
    if (flush_at !== null && flush_at <= now) {
      try {
        await this.flush(now);
      } catch {
        this.sql.exec("UPDATE state SET flush_at = ?", now + FLUSH_EVERY_MS);
      }
    }
    // An object from before the flush has an alarm but no prune_at: its alarm was retention's.
    const { prune_at } = this.state();
    if (prune_at === null || prune_at <= now) {
      this.prune(now);
      const left = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
      this.sql.exec("UPDATE state SET prune_at = ?", left > 0 ? now + PRUNE_EVERY_MS : null);
    }
    this.sql.exec("UPDATE state SET alarm_at = NULL");
    await this.schedule();
  }

  /**
   * One D1 batch for every message since the last flush: the newest one's time and their senders
   * (noteMessages). A message stored while the batch was on its way is the next flush's, a minute on.
   */
  private async flush(now: number): Promise<void> {
    const { flushed_up_to } = this.state();
    const facts = this.facts();
    const newest = this.sql.exec<{ id: number | null; at: number | null }>("SELECT max(id) AS id, max(created_at) AS at FROM messages WHERE id > ?", flushed_up_to).one();
    if (newest.id !== null && newest.at !== null && facts) {
      const senders = this.sql.exec<{ sender_id: number }>("SELECT DISTINCT sender_id FROM messages WHERE id > ? AND id <= ?", flushed_up_to, newest.id).toArray();
      await noteMessages(getDb(this.env), facts.id, senders.map((row) => row.sender_id), newest.at);
    }
    const upTo = newest.id ?? flushed_up_to;
    const more = this.sql.exec("SELECT 1 FROM messages WHERE id > ? LIMIT 1", upTo).toArray().length > 0;
    this.sql.exec("UPDATE state SET flushed_up_to = ?, flushed_at = ?, flush_at = ?", upTo, now, more ? flushDue(now, now) : null);
  }

  /**
   * Queues the outbox's notices of these messages, one queue message each, and deletes each the
   * queue took. One the queue refused stays, due again a minute on (its due_at), for the alarm: the
   * message is stored and acknowledged whatever the queue does (docs/chat.md#pushes).
   */
  private async sendOutbox(messageIds: readonly number[]): Promise<void> {
    await Promise.all(
      messageIds.map(async (messageId) => {
        const row = this.sql.exec<{ notices: string; at: number }>("SELECT notices, at FROM outbox WHERE message_id = ?", messageId).toArray()[0];
        if (!row) return;
        try {
          await queueNotices(this.env, JSON.parse(row.notices) as QueuedNotices["notices"], row.at);
        } catch {
          return;
        }
        this.sql.exec("DELETE FROM outbox WHERE message_id = ?", messageId);
      }),
    );
  }

  /** The outbox's bound: the pushes of the newest OUTBOX_KEPT messages, none older than OUTBOX_KEEP_MS. */
  private trimOutbox(now: number): void {
    this.sql.exec("DELETE FROM outbox WHERE at < ?", now - OUTBOX_KEEP_MS);
    this.sql.exec("DELETE FROM outbox WHERE message_id NOT IN (SELECT message_id FROM outbox ORDER BY message_id DESC LIMIT ?)", OUTBOX_KEPT);
  }

  /** Sets the one alarm to the earliest of the flush, retention and the outbox's retry, when that changed. */
  private async schedule(): Promise<void> {
    const { flush_at, prune_at, alarm_at } = this.state();
    const outboxAt = this.sql.exec<{ at: number | null }>("SELECT min(due_at) AS at FROM outbox").one().at;
    const next = nextAlarm(flush_at, prune_at, outboxAt);
    if (next === alarm_at) return;
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
    this.sql.exec("UPDATE state SET alarm_at = ?", next);
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
    const facts = this.facts();
    if (facts) {
      const left = { ...facts, members: facts.members.filter((member) => member.id !== accountId), hiddenPairs: facts.hiddenPairs.filter((pair) => !pair.includes(accountId)) };
      this.sql.exec("UPDATE state SET facts = ?", JSON.stringify(left));
    }
    this.dropMember(accountId);
    return gone;
  }

  /** The conversation ends (a deleted account's pair or plan, a plan past keeping): everything in it goes, every socket closes, and every write is refused. */
  clear(): void {
    for (const table of ["messages", "reads", "pushes", "tickets", "outbox"]) this.sql.exec(`DELETE FROM ${table}`);
    this.sql.exec("UPDATE state SET facts = NULL, gone = 1, flush_at = NULL");
    this.closeSockets();
  }

  /** Open sockets per account, for tests and the bench. */
  openSockets(): number {
    return this.ctx.getWebSockets().length;
  }

  private state(): State {
    return this.sql.exec("SELECT * FROM state").one() as unknown as State;
  }

  /** The facts as last told, parsed once per change. */
  private facts(): ConversationFacts | null {
    const { facts } = this.state();
    if (facts !== this.parsed?.json) this.parsed = { json: facts, facts: facts === null ? null : (JSON.parse(facts) as ConversationFacts) };
    return this.parsed.facts;
  }
  private parsed?: { json: string | null; facts: ConversationFacts | null };

  /** A member left (docs/friends.md#leaving-a-plan): its read marker, push time and tickets go and its sockets close; what it wrote stays for the others. */
  private dropMember(accountId: number): void {
    for (const table of ["reads", "pushes", "tickets"]) this.sql.exec(`DELETE FROM ${table} WHERE account_id = ?`, accountId);
    this.closeSockets(socketTag(accountId));
  }

  private reply(ws: WebSocket, frame: SocketFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // Closed meanwhile: a resend with the same client id gets the stored message.
    }
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
