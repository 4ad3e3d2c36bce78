// Sending a message on the socket (client/pages/app/chat/socketSend.ts): the frame sent, the ack's
// message or the refusal's sentence, and null (send it by POST) when the socket closes, nothing
// answers in time, or the object was never told its members.
import { afterEach, describe, expect, it, vi } from "vitest";
import { SOCKET_NOT_READY, type Message } from "../../common/schemas/conversations";
import { SOCKET_ANSWER_MS, SocketSends } from "../../client/pages/app/chat/socketSend";

const message: Message = { id: 7, sender: { id: 1, handle: "maya", name: "Maya" }, text: "hi", client_id: "client-0001", created_at: "2031-06-10T18:00:00.000Z" };

function socket() {
  const sent: unknown[] = [];
  return { sent, send: (data: string) => void sent.push(JSON.parse(data)) };
}

afterEach(() => vi.useRealTimers());

describe("sending on the socket", () => {
  it("sends a send frame and answers the ack's message; another client id's answer is not its", async () => {
    const sends = new SocketSends();
    const sink = socket();
    const outcome = sends.send(sink, "hi", "client-0001");
    expect(sink.sent).toEqual([{ type: "send", client_id: "client-0001", text: "hi" }]);
    sends.receive({ type: "ack", client_id: "client-0002", message: { ...message, id: 8, client_id: "client-0002" } });
    sends.receive({ type: "message", message });
    sends.receive({ type: "ack", client_id: "client-0001", message });
    expect(await outcome).toEqual({ message });
  });

  it("answers a refusal's sentence, but null for an object not ready (POST seeds it)", async () => {
    const sends = new SocketSends();
    const refused = sends.send(socket(), "hi", "client-0003");
    sends.receive({ type: "refused", client_id: "client-0003", error: "This conversation is closed: you can read it but not write to it." });
    expect(await refused).toEqual({ refused: "This conversation is closed: you can read it but not write to it." });
    const notReady = sends.send(socket(), "hi", "client-0004");
    sends.receive({ type: "refused", client_id: "client-0004", error: SOCKET_NOT_READY });
    expect(await notReady).toBeNull();
  });

  it("answers null when the socket closes, when sending throws, and when no answer comes in time", async () => {
    vi.useFakeTimers();
    const sends = new SocketSends();
    const closed = sends.send(socket(), "hi", "client-0005");
    sends.dropAll();
    expect(await closed).toBeNull();
    const broken = sends.send({ send: () => { throw new Error("closed"); } }, "hi", "client-0006");
    expect(await broken).toBeNull();
    const slow = sends.send(socket(), "hi", "client-0007");
    vi.advanceTimersByTime(SOCKET_ANSWER_MS);
    expect(await slow).toBeNull();
    // A late ack after the POST went: nothing waits for it any more.
    sends.receive({ type: "ack", client_id: "client-0007", message });
  });
});
