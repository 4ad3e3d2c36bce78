// The chat row of `npm run faults` (docs/faults.md#kill--9-mid-chat): SIGKILL of workerd mid-burst of
// messages sent on the sockets of 20 conversations, then a restart on the same state folder. Every
// acknowledged message must be in its conversation's object once; each socket reconnects and
// catches up with `after=`, and resends what it has no answer for (same client id: the first
// message, never a second); and D1's rows the objects' alarms write (`last_message_at`,
// `conversation_writers`) must converge on what the objects hold. The accounts, friendships and
// conversations are the chat bench's (scripts/bench/chat.ts), written before the app starts.
import { d1File, readSqlite } from "../bench/state-files.ts";
import { openSocket, preparedChat, sendFrame, tokensFor, type ChatFixture, type Frame, type Tokens } from "../bench/chat.ts";
import type { FaultServer } from "./server.ts";
import type { FaultRow } from "./table.ts";

const CONVERSATIONS = 20;
/** Messages per member of a pair: under the object's 30 in 10 s per account, resends included. */
const MESSAGES_PER_MEMBER = 20;
/** The reading devices go away once this share of the burst is acknowledged. */
const AWAY_AT_SHARE = 0.25;
/** The kill comes once this share of the burst is acknowledged. */
const KILL_AT_SHARE = 0.5;
/** An answer (ack or refused) must come within this, or the row fails. */
const ANSWER_WITHIN_MS = 10_000;
/** D1 must match the objects within this after the restart (the flush is at most a minute after the last). */
const RECOVERY_LIMIT_MS = 150_000;

type Pair = ChatFixture["pairs"][number];

interface StoredMessage {
  id: number;
  client_id: string;
  created_at: string;
  sender: { id: number } | null;
}

/** A member's socket: the message frames it got (id → client id) and the answers its sends are waiting for. */
class MemberSocket {
  readonly seen = new Map<number, string>();
  private readonly waiting = new Map<string, (frame: Frame | null) => void>();
  private ws: WebSocket | undefined;

  readonly member: number;
  readonly pair: Pair;

  constructor(member: number, pair: Pair) {
    this.member = member;
    this.pair = pair;
  }

  async open(baseUrl: string, tokens: Tokens): Promise<void> {
    this.ws = await openSocket(baseUrl, tokens.get(this.member)!, this.pair.conversationId, (frame) => {
      if (frame.type === "message") this.seen.set(frame.message!.id, frame.message!.client_id);
      if ((frame.type === "ack" || frame.type === "refused") && frame.client_id) this.waiting.get(frame.client_id)?.(frame);
    });
    // A socket the kill closes answers nothing more: what it waits for is cut off.
    this.ws.addEventListener("close", () => {
      for (const answer of this.waiting.values()) answer(null);
    });
  }

  /** Sends and waits for the answer: the frame, or null when the socket went away first. */
  send(clientId: string, text: string): Promise<Frame | null> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    const answered = new Promise<Frame | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${clientId} within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
      this.waiting.set(clientId, (frame) => {
        clearTimeout(timer);
        this.waiting.delete(clientId);
        resolve(frame);
      });
    });
    sendFrame(ws, text, clientId);
    return answered;
  }

  close() {
    this.ws?.close();
  }
}

/** Every message of a conversation, paged with `after=` from `after` on, as `member` reads it. */
async function readAfter(baseUrl: string, token: string, conversationId: number, after = 0): Promise<StoredMessage[]> {
  const all: StoredMessage[] = [];
  for (;;) {
    const response = await fetch(`${baseUrl}/api/conversations/${conversationId}/messages?limit=100&after=${after}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET …/messages answered ${response.status}`);
    const page = (await response.json()) as { messages: StoredMessage[]; has_more: boolean };
    all.push(...page.messages);
    if (!page.has_more || page.messages.length === 0) return all;
    after = page.messages.at(-1)!.id;
  }
}

/** D1's rows for the conversations against what their objects hold: how many fall short, how many go past. */
function compareD1(stateDir: string, stored: ReadonlyMap<number, StoredMessage[]>) {
  const file = d1File(stateDir);
  const ids = [...stored.keys()].join(",");
  const lastAt = new Map(readSqlite<{ id: number; last_message_at: number | null }>(file, `SELECT id, last_message_at FROM conversations WHERE id IN (${ids})`).map((row) => [row.id, row.last_message_at]));
  const writers = readSqlite<{ conversation_id: number; user_id: number }>(file, `SELECT conversation_id, user_id FROM conversation_writers WHERE conversation_id IN (${ids})`);
  let short = 0;
  let past = 0;
  for (const [id, messages] of stored) {
    const newest = Math.max(0, ...messages.map((message) => Date.parse(message.created_at)));
    const at = lastAt.get(id) ?? 0;
    if (at < newest) short++;
    else if (at > newest) past++;
    const expected = new Set(messages.map((message) => message.sender!.id));
    const written = new Set(writers.filter((row) => row.conversation_id === id).map((row) => row.user_id));
    short += [...expected].filter((writer) => !written.has(writer)).length;
    past += [...written].filter((writer) => !expected.has(writer)).length;
  }
  return { short, past };
}

export async function killMidChat(server: FaultServer, log: (line: string) => void): Promise<FaultRow> {
  const pairs = preparedChat().pairs.slice(0, CONVERSATIONS);
  const tokens = await tokensFor(pairs.flatMap((pair) => pair.members));
  const total = pairs.length * 2 * MESSAGES_PER_MEMBER;
  const writers = pairs.flatMap((pair) => pair.members.map((member) => new MemberSocket(member, pair)));
  // A second device of each pair's second member, reading only: away (closed) from a quarter of the
  // burst on, so its catch-up after the restart has messages to fetch.
  const away = pairs.map((pair) => new MemberSocket(pair.members[1], pair));
  const sockets = [...writers, ...away];
  for (const socket of sockets) await socket.open(server.baseUrl, tokens);

  // The burst: every member of every pair sends its messages one after the other, all 40 sockets at once.
  const acked = new Map<string, number>();
  /** Sent, and unanswered when the server died: stored or not, the client sends them again. */
  const cutOff = new Map<string, MemberSocket>();
  let refused = 0;
  let killed: Promise<number> | undefined;
  const kill = () => (killed ??= server.killWorkerd());
  let wentAway = false;
  await Promise.all(
    writers.map(async (socket) => {
      for (let i = 0; i < MESSAGES_PER_MEMBER && !killed; i++) {
        const clientId = `faults-chat-${socket.member}-${i}`;
        const answer = await socket.send(clientId, `kill -9 burst ${i}`);
        if (answer === null) cutOff.set(clientId, socket);
        else if (answer.type === "ack") acked.set(clientId, answer.message!.id);
        else refused++;
        if (!wentAway && acked.size >= total * AWAY_AT_SHARE) {
          wentAway = true;
          for (const device of away) device.close();
        }
        if (acked.size >= total * KILL_AT_SHARE) void kill();
      }
    }),
  );
  const workerdKilled = await (killed ?? Promise.reject(new Error("the burst ended before the kill")));
  const killedAt = performance.now();
  const ackedBefore = acked.size;
  log(`  killed ${workerdKilled} workerd process(es) with SIGKILL after ${ackedBefore} of ${total} messages were acknowledged (${cutOff.size} sends cut off)`);

  await server.restart();
  const baseUrl = server.baseUrl;
  // Each socket reconnects (a new ticket) and catches up from the newest message it saw.
  let caughtUp = 0;
  const caught = new Map<MemberSocket, StoredMessage[]>();
  for (const socket of sockets) {
    await socket.open(baseUrl, tokens);
    const after = Math.max(0, ...socket.seen.keys());
    const missed = await readAfter(baseUrl, tokens.get(socket.member)!, socket.pair.conversationId, after);
    caught.set(socket, missed);
    caughtUp += missed.length;
  }
  // Then what has no answer goes again, same client id: stored before the kill, it must come back as the first message.
  let cutOffStored = 0;
  let resentTwice = 0;
  for (const [clientId, socket] of cutOff) {
    const storedId = caught.get(socket)!.find((message) => message.client_id === clientId)?.id ?? [...socket.seen].find(([, seen]) => seen === clientId)?.[0];
    const answer = await socket.send(clientId, "kill -9 burst, sent again");
    if (answer?.type !== "ack") throw new Error(`the resend of ${clientId} was answered ${answer ? `${answer.type}: ${answer.error}` : "by a closed socket"}`);
    if (storedId !== undefined) {
      cutOffStored++;
      if (answer.message!.id !== storedId) resentTwice++;
    }
    acked.set(clientId, answer.message!.id);
  }

  // Every conversation read once more from the start: each acknowledged message there once, with the id its ack gave.
  const stored = new Map<number, StoredMessage[]>();
  for (const pair of pairs) stored.set(pair.conversationId, await readAfter(baseUrl, tokens.get(pair.members[0])!, pair.conversationId));
  const byClientId = new Map<string, StoredMessage[]>();
  for (const message of [...stored.values()].flat()) byClientId.set(message.client_id, [...(byClientId.get(message.client_id) ?? []), message]);
  const lostMessages = [...acked].filter(([clientId, id]) => !byClientId.get(clientId)?.some((message) => message.id === id)).length;
  const storedTwice = [...byClientId.values()].filter((copies) => copies.length > 1).length;
  const strays = [...byClientId.keys()].filter((clientId) => !acked.has(clientId) && !cutOff.has(clientId)).length;
  // What each socket saw before the kill, caught up with `after=`, or got as a frame since: every stored message, none missing.
  let catchUpGaps = 0;
  for (const socket of sockets) {
    const known = new Set([...socket.seen.keys(), ...caught.get(socket)!.map((message) => message.id)]);
    catchUpGaps += stored.get(socket.pair.conversationId)!.filter((message) => !known.has(message.id)).length;
  }
  // The list: each member's unread is the other's messages after its own latest (writing marks read up to it), from the object itself.
  let unreadWrong = 0;
  for (const pair of pairs) {
    const messages = stored.get(pair.conversationId)!;
    for (const member of pair.members) {
      const response = await fetch(`${baseUrl}/api/conversations`, { headers: { authorization: `Bearer ${tokens.get(member)}` } });
      const { conversations } = (await response.json()) as { conversations: { id: number; unread: number }[] };
      const unread = conversations.find((entry) => entry.id === pair.conversationId)?.unread;
      const readUpTo = Math.max(0, ...messages.filter((message) => message.sender?.id === member).map((message) => message.id));
      if (unread !== messages.filter((message) => message.sender?.id !== member && message.id > readUpTo).length) unreadWrong++;
    }
  }
  for (const socket of sockets) socket.close();

  // D1's rows from the objects' alarms, however long that takes.
  let d1 = compareD1(server.stateDir, stored);
  while ((d1.short > 0 || d1.past > 0) && performance.now() - killedAt < RECOVERY_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    d1 = compareD1(server.stateDir, stored);
  }
  const recovered = d1.short === 0 && d1.past === 0 && unreadWrong === 0;
  const storedCount = [...stored.values()].reduce((sum, messages) => sum + messages.length, 0);
  return {
    fault: "kill -9 mid-burst of chat",
    injectedHow: `SIGKILL to workerd at ${Math.round(KILL_AT_SHARE * 100)} % of ${total} messages sent on the ${writers.length} sockets of ${CONVERSATIONS} conversations (${away.length} more reading, away from ${Math.round(AWAY_AT_SHARE * 100)} %), restart on the same state folder`,
    acknowledged: ackedBefore,
    lost: lostMessages + catchUpGaps + d1.short + unreadWrong,
    duplicated: storedTwice + strays + resentTwice + d1.past,
    recoveredAfterS: recovered ? (performance.now() - killedAt) / 1000 : null,
    notes: [
      `${cutOff.size} sends cut off by the kill (${cutOffStored} of them stored anyway: their resend was acknowledged with the stored message, ${resentTwice} with another); refused ${refused}`,
      `after the restart the ${sockets.length} sockets reconnected and caught up ${caughtUp} messages with after= (gaps ${catchUpGaps}); the objects hold ${storedCount} messages, ${storedTwice} client ids twice; unread wrong in ${unreadWrong} of ${2 * CONVERSATIONS} list entries; D1's last_message_at and writers: ${d1.short} short, ${d1.past} past what the objects hold`,
    ],
  };
}
