// Pure logic of the chat panel: messages from pages, the socket and our own sends merged into one
// list by id (a message may arrive twice: by the socket and as our send's answer), and the read
// marker to send.
import type { Message } from "../../../../common/schemas/conversations";
import { formatInstant } from "../../../../common/formats";
import { SITE_LOCALE } from "../../../lib/format";

/** The messages of both lists, each once (by id), oldest first. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id, or 0 when there are none (catching up asks for what came after it). */
export const newestId = (messages: readonly Message[]) => messages.at(-1)?.id ?? 0;

/** A new client id for a message; a retry of the same message sends the same one. */
export const newClientId = () => crypto.randomUUID();

/** "9:41 PM" in the browser's time zone. */
export const messageTime = (iso: string) => formatInstant(Date.parse(iso), SITE_LOCALE, { hour: "numeric", minute: "2-digit" });
