// Conversations and messages (docs/friends.md#messages): bodies, queries and answers, and the frames
// a conversation's socket sends.
import * as v from "valibot";
import { idInput, integerInput, tooLong } from "./fields";
import { isoTime } from "./answers";
import { personSchema } from "./plans";

/** Longest message, in characters (UTF-16 code units, as the browser's maxLength counts). */
export const MESSAGE_MAX = 1000;
/** Longest reason of a report. */
export const MESSAGE_REPORT_REASON_MAX = 500;
/** Most messages one page holds. */
export const MAX_MESSAGE_PAGE = 100;
export const DEFAULT_MESSAGE_PAGE = 50;

export const CONVERSATION_KINDS = ["plan", "pair"] as const;

/** A message's text and client id, the same rules by POST …/messages and by the socket's "send" frame. */
const messageFields = {
  text: v.pipe(
    v.optional(v.string("must be text."), ""),
    v.trim(),
    v.nonEmpty("must not be empty."),
    v.maxLength(MESSAGE_MAX, tooLong(MESSAGE_MAX)),
  ),
  client_id: v.pipe(
    v.optional(v.string("must be text."), ""),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8 to 64 letters, digits, _ or -, new for each message (a resend uses the same one)."),
  ),
};

export const messageBodySchema = v.strictObject(messageFields);
export type MessageBody = v.InferInput<typeof messageBodySchema>;

export const messagesQuerySchema = v.object({
  before: v.optional(integerInput("must be a message id.", { min: 1, max: 2 ** 53 - 1, empty: 0 })),
  after: v.optional(integerInput("must be a message id.", { min: 0, max: 2 ** 53 - 1, empty: 0 })),
  limit: v.optional(integerInput(`must be a whole number from 1 to ${MAX_MESSAGE_PAGE}.`, { min: 1, max: MAX_MESSAGE_PAGE, empty: 0 }), DEFAULT_MESSAGE_PAGE),
});
export type MessagesQuery = v.InferInput<typeof messagesQuerySchema>;

export const readBodySchema = v.strictObject({ up_to: integerInput("must be a message id.", { min: 1, max: 2 ** 53 - 1, empty: 0 }) });
export type ReadBody = v.InferInput<typeof readBodySchema>;

export const pairBodySchema = v.strictObject({ account_id: idInput("must be a friend's account id.") });
export type PairBody = v.InferInput<typeof pairBodySchema>;

export const reportBodySchema = v.strictObject({
  reason: v.optional(v.nullable(v.pipe(v.string("must be text."), v.trim(), v.maxLength(MESSAGE_REPORT_REASON_MAX, tooLong(MESSAGE_REPORT_REASON_MAX)))), null),
});
export type ReportBody = v.InferInput<typeof reportBodySchema>;

export const messageSchema = v.strictObject({
  id: v.number(),
  // Null once the sender's account is deleted.
  sender: v.nullable(personSchema),
  text: v.string(),
  client_id: v.string(),
  created_at: isoTime,
});
export type Message = v.InferOutput<typeof messageSchema>;

export const conversationSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(CONVERSATION_KINDS),
  // The plan of a plan's conversation; null for a pair.
  plan_id: v.nullable(v.number()),
  // The plan's title (or its place's name), or the other friend's name.
  title: v.string(),
  last_message: v.nullable(messageSchema),
  unread: v.number(),
  // False once the pair are no longer friends or one blocked the other, or the plan is cancelled.
  writable: v.boolean(),
});
export type Conversation = v.InferOutput<typeof conversationSchema>;

export const conversationsListSchema = v.strictObject({ conversations: v.array(conversationSchema) });
export type ConversationsList = v.InferOutput<typeof conversationsListSchema>;

export const messagesPageSchema = v.strictObject({
  // Oldest first.
  messages: v.array(messageSchema),
  // More older (with before) or newer (with after) messages exist.
  has_more: v.boolean(),
  // The members' read markers: the last message id each has read.
  read: v.array(v.strictObject({ account_id: v.number(), up_to: v.number() })),
});
export type MessagesPage = v.InferOutput<typeof messagesPageSchema>;

export const postedMessageSchema = v.strictObject({ message: messageSchema, created: v.boolean() });
export type PostedMessage = v.InferOutput<typeof postedMessageSchema>;

export const ticketSchema = v.strictObject({ ticket: v.string(), expires_at: isoTime, url: v.string() });
export type Ticket = v.InferOutput<typeof ticketSchema>;

export const readAnswerSchema = v.strictObject({ up_to: v.number(), unread: v.number() });
export type ReadAnswer = v.InferOutput<typeof readAnswerSchema>;

export const reportAnswerSchema = v.strictObject({ id: v.number() });
export type ReportAnswer = v.InferOutput<typeof reportAnswerSchema>;

export const messageReportSchema = v.strictObject({
  id: v.number(),
  conversation_id: v.number(),
  message_id: v.number(),
  reporter: v.nullable(personSchema),
  reason: v.nullable(v.string()),
  // The reported message and up to 10 before and 10 after it, oldest first, as they were.
  context: v.array(v.strictObject({ id: v.number(), sender_id: v.nullable(v.number()), text: v.string(), created_at: isoTime })),
  // The accounts that wrote the context's messages and still exist, so the admin reads names.
  senders: v.array(personSchema),
  created_at: isoTime,
  resolved_at: v.nullable(isoTime),
  // How the admin closed it: acted on ("resolved") or nothing wrong ("dismissed"); null while open.
  resolution: v.nullable(v.picklist(["resolved", "dismissed"])),
});
export type MessageReport = v.InferOutput<typeof messageReportSchema>;
export const messageReportsSchema = v.strictObject({ reports: v.array(messageReportSchema) });
export type MessageReports = v.InferOutput<typeof messageReportsSchema>;

/**
 * What a client sends on a conversation's socket (docs/chat.md#the-socket): a message to store. The
 * object answers that socket alone with an "ack" (stored, or stored before under this client id)
 * or a "refused".
 */
export const sendFrameSchema = v.strictObject({ type: v.literal("send"), ...messageFields });
export type SendFrame = v.InferInput<typeof sendFrameSchema>;

/**
 * The refusal of an object never told its members (docs/chat.md#bootstrapping): the app sends the
 * message by POST instead, which seeds it.
 */
export const SOCKET_NOT_READY = "This conversation is not ready for the socket yet: reconnect, or send it again.";

/** What a conversation's socket sends: a new message, a member's read marker, and the answers to the socket's own "send". */
export const socketFrameSchema = v.variant("type", [
  v.strictObject({ type: v.literal("message"), message: messageSchema }),
  v.strictObject({ type: v.literal("read"), account_id: v.number(), up_to: v.number() }),
  v.strictObject({ type: v.literal("ack"), client_id: v.string(), message: messageSchema }),
  // client_id is null when the frame was not a "send" with one.
  v.strictObject({ type: v.literal("refused"), client_id: v.nullable(v.string()), error: v.string() }),
]);
export type SocketFrame = v.InferOutput<typeof socketFrameSchema>;
