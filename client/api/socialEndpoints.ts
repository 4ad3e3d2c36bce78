// Plans and messages (docs/friends.md): the consumer app's calls for them, apart from endpoints.ts so
// only the plans and messages pages load them.
import type {
  Conversation,
  ConversationsList,
  MessageBody,
  MessagesPage,
  PostedMessage,
  ReadAnswer,
  ReportAnswer,
  Ticket,
} from "../../common/schemas/conversations";
import type { Plan, PlanBody, PlanPatch, PlansList, RsvpAnswer } from "../../common/schemas/plans";
import type { OkAnswer } from "../../common/schemas/answers";
import { apiBaseUrl } from "./request";
import { call, read, withQuery } from "./endpoints";

const conversationPath = (id: number) => `/api/conversations/${id}`;

export const socialApi = {
  plans: () => read<PlansList>("/api/plans"),
  plan: (id: number) => read<Plan>(`/api/plans/${id}`),
  createPlan: (body: PlanBody) => call<Plan>("POST", "/api/plans", body),
  rsvp: (id: number, answer: RsvpAnswer) => call<Plan>("POST", `/api/plans/${id}/rsvp`, { answer }),
  updatePlan: (id: number, body: PlanPatch) => call<Plan>("PATCH", `/api/plans/${id}`, body),
  cancelPlan: (id: number) => call<Plan>("POST", `/api/plans/${id}/cancel`),
  /** An invitee leaves the plan (docs/friends.md#leaving-a-plan). */
  leavePlan: (id: number) => call<OkAnswer>("DELETE", `/api/plans/${id}/me`),
  conversations: () => read<ConversationsList>("/api/conversations"),
  /** The conversation with a friend, made on first use. */
  openPair: (accountId: number) => call<Conversation>("POST", "/api/conversations", { account_id: accountId }),
  messages: (id: number, page: { before?: number; after?: number } = {}) =>
    call<MessagesPage>(
      "GET",
      withQuery(`${conversationPath(id)}/messages`, { before: page.before?.toString(), after: page.after?.toString() }),
    ),
  send: (id: number, body: MessageBody) => call<PostedMessage>("POST", `${conversationPath(id)}/messages`, body),
  markRead: (id: number, upTo: number) => call<ReadAnswer>("POST", `${conversationPath(id)}/read`, { up_to: upTo }),
  report: (id: number, messageId: number, reason: string | null) =>
    call<ReportAnswer>("POST", `${conversationPath(id)}/messages/${messageId}/report`, { reason }),
  /** The socket's address with a fresh one-minute ticket (a browser cannot send headers with a WebSocket). */
  socketUrl: async (id: number) => {
    const ticket = await call<Ticket>("POST", `${conversationPath(id)}/ticket`);
    const base = new URL(apiBaseUrl() || window.location.origin);
    base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
    return new URL(ticket.url, base).toString();
  },
};
