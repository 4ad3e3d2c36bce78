// Sending a message over the conversation's socket (docs/chat.md#the-app): a "send" frame, then
// the object's "ack" or "refused" for its client id. No answer (the socket closed, or nothing
// within SOCKET_ANSWER_MS) is null, and the panel sends the same message, same client id, by POST:
// the object stores a client id once, so whichever arrived first is the one message.
import { SOCKET_NOT_READY, type Message, type SendFrame, type SocketFrame } from "../../../../common/schemas/conversations";

/** How long a sent frame waits for its answer before the message goes by POST. */
export const SOCKET_ANSWER_MS = 10_000;

type Answer = Extract<SocketFrame, { type: "ack" | "refused" }>;

/** What became of a message sent on the socket: stored, refused with the server's sentence, or unknown (send it by POST). */
export type SocketOutcome = { message: Message } | { refused: string } | null;

export interface FrameSink {
  send(data: string): void;
}

/** The answers awaited, by client id. */
export class SocketSends {
  private readonly waiting = new Map<string, (answer: Answer | null) => void>();

  constructor(private readonly answerMs = SOCKET_ANSWER_MS) {}

  /** Sends the message as a frame and waits for its answer. */
  send(socket: FrameSink, text: string, clientId: string): Promise<SocketOutcome> {
    this.waiting.get(clientId)?.(null);
    return new Promise<Answer | null>((resolve) => {
      const timer = setTimeout(() => this.settle(clientId, null), this.answerMs);
      this.waiting.set(clientId, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      try {
        socket.send(JSON.stringify({ type: "send", client_id: clientId, text } satisfies SendFrame));
      } catch {
        this.settle(clientId, null);
      }
    }).then(outcomeOf);
  }

  /** A frame from the socket: the answer to a send, if it is one. */
  receive(frame: SocketFrame): void {
    if ((frame.type === "ack" || frame.type === "refused") && frame.client_id !== null) this.settle(frame.client_id, frame);
  }

  /** The socket closed: every send still waiting goes by POST. */
  dropAll(): void {
    for (const clientId of [...this.waiting.keys()]) this.settle(clientId, null);
  }

  private settle(clientId: string, answer: Answer | null): void {
    const resolve = this.waiting.get(clientId);
    this.waiting.delete(clientId);
    resolve?.(answer);
  }
}

function outcomeOf(answer: Answer | null): SocketOutcome {
  if (answer === null) return null;
  if (answer.type === "ack") return { message: answer.message };
  // An object never told its members (docs/chat.md#bootstrapping): POST seeds it.
  return answer.error === SOCKET_NOT_READY ? null : { refused: answer.error };
}
