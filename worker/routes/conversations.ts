// Conversations and messages (docs/friends.md#messages): the list, a page of messages, writing one
// (a resend with the same client id is a no-op; the conversation's object decides, as for a
// socket's "send" frame: docs/chat.md), read markers, a socket ticket and the socket, a pair's
// conversation with a friend, and reporting a message. Only members find a conversation (404
// for anyone else); a pair no longer friends, or blocked either way, and a cancelled plan's
// conversation are closed for writing (403); in a plan, two members blocked either way do not see
// each other's messages or read markers. Message text is never logged or put in an error.
import { Hono, type Context } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { tellConversations } from "../chat/authority";
import { BAD_TICKET, conversationObject } from "../chat/conversation";
import { messageOf, NO_CONVERSATION, type ConversationFacts, type StoredMessage } from "../chat/rules";
import { getDb, type Database } from "../db/client";
import { conversationExists, conversationFacts, conversationForMember, conversationsOf, pairConversation, type MemberConversation } from "../db/conversations";
import { addMessageReport } from "../db/message-reports";
import { peopleByIds } from "../db/plans";
import type { AppEnv } from "../env";
import { ApiError, notFound, unauthorized } from "../lib/errors";
import { describe, jsonBody, noBody, params, query } from "../lib/openapi";
import { enforceRateLimit } from "../lib/rate-limit";
import { idParamSchema } from "../../common/schemas/fields";
import type { Person } from "../../common/schemas/plans";
import {
  conversationSchema,
  conversationsListSchema,
  MESSAGE_MAX,
  messageBodySchema,
  messagesPageSchema,
  messagesQuerySchema,
  pairBodySchema,
  postedMessageSchema,
  readAnswerSchema,
  readBodySchema,
  reportAnswerSchema,
  reportBodySchema,
  ticketSchema,
  type Conversation,
  type ConversationsList,
  type MessagesPage,
  type PostedMessage,
  type ReadAnswer,
  type ReportAnswer,
  type Ticket,
} from "../../common/schemas/conversations";

const tag = "Messages";
const conversationParam = params({ conversationId: idParamSchema("Conversation id must be a positive whole number.") });
const messageParams = params({
  conversationId: idParamSchema("Conversation id must be a positive whole number."),
  messageId: idParamSchema("Message id must be a positive whole number."),
});
/** What randomToken() makes: 32 bytes in base64url. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The conversation for a member, or a 404 as if it did not exist. */
async function memberConversation(db: Database, conversationId: number, accountId: number): Promise<MemberConversation> {
  const found = await conversationForMember(db, conversationId, accountId);
  if (!found) throw notFound(NO_CONVERSATION);
  return found;
}

/**
 * The conversation's facts (docs/chat.md#the-authority) when the account is among its members, in
 * one D1 read; else a 404 as if it did not exist, before any object wakes.
 */
async function factsForMember(db: Database, conversationId: number, accountId: number): Promise<ConversationFacts> {
  const [facts] = await conversationFacts(db, [conversationId]);
  if (!facts?.members.some((member) => member.id === accountId)) throw notFound(NO_CONVERSATION);
  return facts;
}

/** Stored messages with their senders, as answers show them (a sender whose account is gone is null). */
function withSenders(messages: readonly StoredMessage[], people: readonly Person[]) {
  const byId = new Map(people.map((person) => [person.id, person]));
  return messages.map((message) => messageOf(message, byId.get(message.sender_id) ?? null));
}

/** The list entry of a conversation: its newest message and the caller's unread count, from its object. */
async function entryOf(c: Context<AppEnv>, db: Database, conversation: MemberConversation, accountId: number): Promise<Conversation> {
  const { last, unread } = await conversationObject(c.env, conversation.id).summary(accountId, conversation.hidden);
  const people = last && !conversation.members.some((member) => member.id === last.sender_id) ? await peopleByIds(db, [last.sender_id]) : conversation.members;
  return {
    id: conversation.id,
    kind: conversation.kind,
    plan_id: conversation.planId,
    title: conversation.title,
    last_message: last ? withSenders([last], people)[0] : null,
    unread,
    writable: conversation.writable,
  };
}

export const conversationRoutes = new Hono<AppEnv>()
  .get(
    "/conversations",
    describe({
      tag,
      summary: "The caller's conversations (plans and pairs), the most recently active first, with the newest message and unread count",
      description: "At most 50. A pair's conversation appears once it is opened (POST /api/conversations).",
      access: "signed-in",
      answers: { 200: conversationsListSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const accountId = accountIdOf(c);
      const db = getDb(c.env);
      const list = await conversationsOf(db, accountId);
      const answer: ConversationsList = { conversations: await Promise.all(list.map((conversation) => entryOf(c, db, conversation, accountId))) };
      return c.json(answer);
    },
  )
  .post(
    "/conversations",
    describe({
      tag,
      summary: "The caller's conversation with a friend, made on first use",
      description: "404 unless the account is a friend and neither has blocked the other (a stranger and a blocked account get the same answer).",
      access: "signed-in",
      answers: { 200: conversationSchema },
      errors: [403, 404, 429],
    }),
    requireUser,
    jsonBody(pairBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      await enforceRateLimit(c.env, "SOCIAL_LIMITER", `pair:${accountId}`);
      const db = getDb(c.env);
      const conversation = await pairConversation(db, accountId, c.req.valid("json").account_id);
      if (!conversation) throw notFound("No such friend.");
      // Open again after the two became friends again: its object learns it (docs/chat.md#the-authority).
      await tellConversations(c.env, db, [conversation.id]);
      return c.json((await entryOf(c, db, conversation, accountId)) satisfies Conversation);
    },
  )
  .get(
    "/conversations/:conversationId/messages",
    describe({
      tag,
      summary: "A page of a conversation's messages, oldest first, and the members' read markers",
      description:
        "Without `before` or `after`: the newest `limit` (1–100, default 50). `before=<id>`: the page older than that message (scrolling back). `after=<id>`: the messages newer than that one (catching up after a socket was away). `has_more` says whether another page lies that way. Messages are kept 90 days. In a plan, the messages and read markers of accounts blocked either way with the caller are left out.",
      access: "signed-in",
      answers: { 200: messagesPageSchema },
      errors: [403, 404],
    }),
    requireUser,
    conversationParam,
    query(messagesQuerySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const db = getDb(c.env);
      const conversation = await memberConversation(db, c.req.valid("param").conversationId, accountId);
      const { before, after, limit } = c.req.valid("query");
      const page = await conversationObject(c.env, conversation.id).page({ before, after, limit, hidden: conversation.hidden });
      const strangers = page.messages.map((message) => message.sender_id).filter((id) => !conversation.members.some((member) => member.id === id));
      const people = strangers.length > 0 ? [...conversation.members, ...(await peopleByIds(db, strangers))] : conversation.members;
      const answer: MessagesPage = { messages: withSenders(page.messages, people), has_more: page.hasMore, read: page.read };
      return c.json(answer);
    },
  )
  .post(
    "/conversations/:conversationId/messages",
    describe({
      tag,
      summary: "Write a message; every open socket of the conversation gets it at once",
      description: `For clients without a socket; a socket's "send" frame does the same (see POST …/ticket). \`text\`: 1–${MESSAGE_MAX} characters. \`client_id\`: new for each message; sending the same one again (a retry) stores nothing and answers the first message (200, \`created: false\`). Members with no open socket get a push (at most one per conversation in 5 minutes) naming the sender, not the text. In a plan, members blocked either way with the sender get neither the message nor a push. 403 once the conversation is closed for writing; 30 messages per 10 seconds per account, and 30 in one conversation by either way (429).`,
      access: "signed-in",
      answers: { 201: postedMessageSchema, 200: postedMessageSchema },
      errors: [403, 404, 429],
    }),
    requireUser,
    conversationParam,
    jsonBody(messageBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      // One D1 read: the facts the object checks the message against (and keeps, docs/chat.md#bootstrapping).
      const facts = await factsForMember(getDb(c.env), c.req.valid("param").conversationId, accountId);
      await enforceRateLimit(c.env, "MESSAGE_LIMITER", `messages:${accountId}`);
      const { text, client_id } = c.req.valid("json");
      const result = await conversationObject(c.env, facts.id).send({ accountId, clientId: client_id, text, now: Date.now() }, facts);
      if ("refused" in result) {
        const { status, error, retryAfterSeconds } = result.refused;
        throw new ApiError(status, error, retryAfterSeconds === undefined ? undefined : { headers: { "Retry-After": String(retryAfterSeconds) } });
      }
      const answer: PostedMessage = { message: result.message, created: result.created };
      return c.json(answer, result.created ? 201 : 200);
    },
  )
  .post(
    "/conversations/:conversationId/read",
    describe({
      tag,
      summary: "Mark the conversation read up to a message; the open sockets are told",
      description: "The marker only moves forward. Answers the marker and the caller's unread count.",
      access: "signed-in",
      answers: { 200: readAnswerSchema },
      errors: [403, 404],
    }),
    requireUser,
    conversationParam,
    jsonBody(readBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const conversation = await memberConversation(getDb(c.env), c.req.valid("param").conversationId, accountId);
      const answer: ReadAnswer = await conversationObject(c.env, conversation.id).markRead(accountId, c.req.valid("json").up_to, conversation.hidden);
      return c.json(answer);
    },
  )
  .post(
    "/conversations/:conversationId/ticket",
    describe({
      tag,
      summary: "A one-minute, single-use ticket for the conversation's socket",
      description:
        "A browser cannot set headers on a WebSocket: open `url` (GET /api/conversations/{id}/socket?ticket=…) within a minute. The socket sends `{type: \"message\", message}` and `{type: \"read\", account_id, up_to}`; a client writes with `{type: \"send\", client_id, text}` (the rules of POST …/messages) and gets `{type: \"ack\", client_id, message}` (a resend: the first message) or `{type: \"refused\", client_id, error}` (docs/chat.md). It answers \"ping\" with \"pong\".",
      access: "signed-in",
      answers: { 201: ticketSchema },
      errors: [403, 404, 429],
    }),
    requireUser,
    conversationParam,
    noBody(),
    async (c) => {
      const accountId = accountIdOf(c);
      const facts = await factsForMember(getDb(c.env), c.req.valid("param").conversationId, accountId);
      await enforceRateLimit(c.env, "SOCIAL_LIMITER", `ticket:${accountId}`);
      const { ticket, expiresAt } = await conversationObject(c.env, facts.id).issueTicket(accountId, Date.now(), facts);
      const url = `/api/conversations/${facts.id}/socket?ticket=${encodeURIComponent(ticket)}`;
      return c.json({ ticket, expires_at: new Date(expiresAt).toISOString(), url } satisfies Ticket, 201);
    },
  )
  .get(
    "/conversations/:conversationId/socket",
    describe({
      tag,
      summary: "The conversation's live socket (a WebSocket upgrade with a ticket)",
      description: "`ticket` from POST …/ticket, used once within its minute (401 otherwise). 426 without a WebSocket upgrade.",
      access: "public",
      answers: { 101: { media: "websocket", description: "Switching to the WebSocket protocol." } },
      errors: [401, 426],
    }),
    conversationParam,
    async (c) => {
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "Open this with a WebSocket.");
      const { conversationId } = c.req.valid("param");
      // Checked here first, so a made-up id or ticket wakes (and makes) no object.
      if (!TICKET_PATTERN.test(c.req.query("ticket") ?? "") || !(await conversationExists(getDb(c.env), conversationId))) throw unauthorized(BAD_TICKET);
      const answer = await conversationObject(c.env, conversationId).fetch(c.req.raw);
      // A copy: an object's answer has immutable headers, and the API's middleware adds some.
      return answer.webSocket
        ? new Response(null, { status: 101, webSocket: answer.webSocket, headers: answer.headers })
        : new Response(answer.body, answer);
    },
  )
  .post(
    "/conversations/:conversationId/messages/:messageId/report",
    describe({
      tag,
      summary: "Report a message to the administrator, with the 20 messages around it",
      description: "Reporting the same message again answers the first report. `reason` is optional (up to 500 characters).",
      access: "signed-in",
      answers: { 201: reportAnswerSchema },
      errors: [403, 404, 429],
    }),
    requireUser,
    messageParams,
    jsonBody(reportBodySchema),
    async (c) => {
      const accountId = accountIdOf(c);
      const { conversationId, messageId } = c.req.valid("param");
      const conversation = await memberConversation(getDb(c.env), conversationId, accountId);
      await enforceRateLimit(c.env, "SOCIAL_LIMITER", `report:${accountId}`);
      const around = await conversationObject(c.env, conversation.id).around(messageId);
      // A message the caller does not see (a block in a plan) is not theirs to report.
      if (!around || conversation.hidden.includes(around.find((message) => message.id === messageId)!.sender_id)) throw notFound("No such message.");
      const id = await addMessageReport(getDb(c.env), {
        conversationId: conversation.id,
        messageId,
        reporterId: accountId,
        reason: c.req.valid("json").reason || null,
        context: around.map((message) => ({ id: message.id, sender_id: message.sender_id, text: message.text, created_at: new Date(message.created_at).toISOString() })),
      });
      return c.json({ id } satisfies ReportAnswer, 201);
    },
  );
