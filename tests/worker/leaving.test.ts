// Deleting an account takes its messages with it (docs/friends.md#deleting-an-account), through the
// real DELETE /api/me: out of the plans it was invited to (others' messages stay, with no trace of
// its), its pairs' and its own plans' conversations emptied, its texts out of message reports, and
// the invitees of its plans ahead told the plan is off.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ConversationsList, MessageReports, MessagesPage, PostedMessage } from "../../common/schemas/conversations";
import type { Plan } from "../../common/schemas/plans";
import { conversationObject } from "../../worker/chat/conversation";
import { LEAVING_ATTEMPTS } from "../../worker/chat/leaving";
import { bearer } from "./fixtures";
import { api, signUpOwner } from "./helpers";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { adminHeaders, befriend, heldBatches, person, send, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York. */
const now = Date.UTC(2031, 5, 11, 1, 10);
useFixedClock(now);
const tonight = "2031-06-11T03:30:00Z";

let clientIds = 0;
const write = async (who: Person, conversationId: number, text: string) => {
  const response = await send("POST", `/api/conversations/${conversationId}/messages`, who.headers, { text, client_id: `leaving-${++clientIds}-${crypto.randomUUID().slice(0, 8)}` });
  expect(response.status).toBe(201);
  return (await response.json<PostedMessage>()).message;
};
const plan = async (organiser: Person, invitees: Person[], title: string) => {
  const response = await send("POST", "/api/plans", organiser.headers, { place_id: await createPlace(), starts_at: tonight, title, invitees: invitees.map((invitee) => invitee.id) });
  expect(response.status).toBe(201);
  return response.json<Plan>();
};
/** How many messages of the account the conversation's object holds, and whether its facts count it a member (straight from its SQLite). */
const heldBy = (conversationId: number, accountId: number) =>
  runInDurableObject(conversationObject(env, conversationId), (_, state) => {
    const sent = state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages WHERE sender_id = ?", accountId).one().n;
    const facts = state.storage.sql.exec<{ facts: string | null }>("SELECT facts FROM state").one().facts;
    return { sent, member: facts !== null && (JSON.parse(facts) as { members: { id: number }[] }).members.some((member) => member.id === accountId) };
  });
const inbox = async (who: Person) =>
  (await env.DB.prepare("SELECT kind, title, url FROM consumer_notifications WHERE user_id = ? ORDER BY id").bind(who.id).all<{ kind: string; title: string; url: string }>()).results;

describe("deleting an account", () => {
  it("takes its messages out of every conversation, its texts out of reports, and calls its plans off", async () => {
    const signedUp = await signUpOwner({ name: "Maya" });
    const maya: Person = { id: signedUp.userId, email: signedUp.email, token: signedUp.accessToken, name: "Maya", headers: bearer(signedUp.accessToken) };
    const [jonah, priya] = await Promise.all([person("Jonah"), person("Priya")]);
    await befriend(maya, jonah);
    await befriend(maya, priya);
    await befriend(jonah, priya);

    // Jonah's plan, Maya invited: it goes on without her.
    const jonahs = await plan(jonah, [maya, priya], "Jonah's night");
    const before = await write(jonah, jonahs.conversation_id, "Jonah before");
    const hers = await write(maya, jonahs.conversation_id, "Maya in Jonah's plan");
    await write(priya, jonahs.conversation_id, "Priya after");
    await send("POST", `/api/conversations/${jonahs.conversation_id}/read`, maya.headers, { up_to: hers.id });
    // Priya reports Maya's message, and Jonah's (whose context holds Maya's).
    const reportOfHers = await send("POST", `/api/conversations/${jonahs.conversation_id}/messages/${hers.id}/report`, priya.headers, {});
    const reportOfJonahs = await send("POST", `/api/conversations/${jonahs.conversation_id}/messages/${before.id}/report`, priya.headers, {});
    const [hersId, jonahsId] = [(await reportOfHers.json<{ id: number }>()).id, (await reportOfJonahs.json<{ id: number }>()).id];

    // Maya and Jonah's pair, and Maya's own plan with Jonah.
    const pair = await (await send("POST", "/api/conversations", maya.headers, { account_id: jonah.id })).json<{ id: number }>();
    await write(maya, pair.id, "Maya to Jonah alone");
    await write(jonah, pair.id, "Jonah to Maya alone");
    const mayas = await plan(maya, [jonah], "Maya's night");
    await write(maya, mayas.conversation_id, "Maya in her own plan");
    await vi.waitFor(async () => expect((await inbox(jonah)).map((row) => row.url)).toContain(`/app/plans/${mayas.id}`));

    // Priya blocks her: in the plan they hide each other's messages until the block goes with Maya's account.
    expect((await send("POST", "/api/me/blocks", priya.headers, { account_id: maya.id })).status).toBe(200);
    const stranger = await person("Stranger");

    const held = heldBatches();
    const deleted = await api("/api/me", { method: "DELETE", headers: { ...maya.headers, "content-type": "application/json" }, body: JSON.stringify({ password: signedUp.password }) });
    expect(deleted.status).toBe(200);
    held.restore();
    // The request called no object: it queued the conversations, the ending ones and the one she leaves (docs/chat.md#an-account-deleted).
    const queued = held.queued as { gone: number; clear: number[]; forget: number[] }[];
    expect(queued.map((body) => ({ ...body, clear: body.clear.toSorted((a, b) => a - b) }))).toEqual([
      { gone: maya.id, clear: [pair.id, mayas.conversation_id].sort((a, b) => a - b), forget: [] },
      { gone: maya.id, clear: [], forget: [jonahs.conversation_id] },
    ]);
    expect(await heldBy(jonahs.conversation_id, maya.id)).toEqual({ sent: 1, member: true });
    expect((await held.run()).explicitAcks).toEqual(["held-0", "held-1"]);

    // No object holds a message of hers, nor counts her a member, whoever would read it.
    for (const id of [jonahs.conversation_id, pair.id, mayas.conversation_id]) {
      expect(await heldBy(id, maya.id)).toEqual({ sent: 0, member: false });
      expect((await send("GET", `/api/conversations/${id}/messages`, stranger.headers)).status).toBe(404);
    }
    const priyas = await (await send("GET", `/api/conversations/${jonahs.conversation_id}/messages`, priya.headers)).json<MessagesPage>();
    expect(priyas.messages.map((message) => message.text)).toEqual(["Jonah before", "Priya after"]);

    // Jonah's plan: the others' messages, nothing of hers, not even an empty sender; no read marker of hers.
    const page = await (await send("GET", `/api/conversations/${jonahs.conversation_id}/messages`, jonah.headers)).json<MessagesPage>();
    expect(page.messages.map((message) => [message.sender?.name ?? null, message.text])).toEqual([
      ["Jonah", "Jonah before"],
      ["Priya", "Priya after"],
    ]);
    expect(page.read.map((marker) => marker.account_id)).not.toContain(maya.id);

    // The pair and her plan are gone for Jonah, and their objects hold nothing any more.
    expect((await send("GET", `/api/conversations/${pair.id}/messages`, jonah.headers)).status).toBe(404);
    expect((await send("GET", `/api/plans/${mayas.id}`, jonah.headers)).status).toBe(404);
    const listed = await (await send("GET", "/api/conversations", jonah.headers)).json<ConversationsList>();
    expect(listed.conversations.map((entry) => entry.id)).toEqual([jonahs.conversation_id]);
    for (const id of [pair.id, mayas.conversation_id]) expect((await conversationObject(env, id).page({ limit: 100 })).messages).toEqual([]);

    // Reports: the one of her message is gone; the other keeps the rest of its context.
    const reports = await (await send("GET", "/api/admin/message-reports", await adminHeaders())).json<MessageReports>();
    const ids = reports.reports.map((report) => report.id);
    expect(ids).not.toContain(hersId);
    expect(reports.reports.find((report) => report.id === jonahsId)!.context.map((entry) => entry.text)).toEqual(["Jonah before", "Priya after"]);
    expect(JSON.stringify(reports)).not.toContain("Maya in");

    // Jonah is told her plan is off; her invitation and "Maya sent you a message" left his inbox.
    await vi.waitFor(async () => expect(await inbox(jonah)).toEqual([{ kind: "plan_cancelled", title: "Maya's night is off", url: "/app" }]));
    expect(JSON.stringify(await inbox(priya))).not.toContain("Maya");
  });

  it("a queued conversation whose account was not deleted after all (the request failed after queueing) is left as it is", async () => {
    const [maya, jonah] = await Promise.all([person("Maya"), person("Jonah")]);
    await befriend(maya, jonah);
    const pair = await (await send("POST", "/api/conversations", maya.headers, { account_id: jonah.id })).json<{ id: number }>();
    await write(maya, pair.id, "Still here");
    const held = heldBatches();
    held.restore();
    held.queued.push({ gone: maya.id, clear: [pair.id], forget: [] });
    // Waited for while the request may still delete the row, then given up.
    expect((await held.run(1)).retryMessages.map((retry) => retry.msgId)).toEqual(["held-0"]);
    held.queued.push({ gone: maya.id, clear: [pair.id], forget: [] });
    expect((await held.run(LEAVING_ATTEMPTS)).explicitAcks).toEqual(["held-0"]);
    const page = await (await send("GET", `/api/conversations/${pair.id}/messages`, jonah.headers)).json<MessagesPage>();
    expect(page.messages.map((message) => message.text)).toEqual(["Still here"]);
  });

  it("a venue's only owner keeps everything: the 409 comes before any message goes", async () => {
    const signedUp = await signUpOwner({ name: "Owner Maya" });
    const maya: Person = { id: signedUp.userId, email: signedUp.email, token: signedUp.accessToken, name: "Owner Maya", headers: bearer(signedUp.accessToken) };
    const jonah = await person("Jonah");
    await befriend(maya, jonah);
    await env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (?, ?)").bind(await createPlace(), maya.id).run();
    const pair = await (await send("POST", "/api/conversations", maya.headers, { account_id: jonah.id })).json<{ id: number }>();
    await write(maya, pair.id, "Still here");
    const refused = await api("/api/me", { method: "DELETE", headers: { ...maya.headers, "content-type": "application/json" }, body: JSON.stringify({ password: signedUp.password }) });
    expect(refused.status).toBe(409);
    const page = await (await send("GET", `/api/conversations/${pair.id}/messages`, jonah.headers)).json<MessagesPage>();
    expect(page.messages.map((message) => message.text)).toEqual(["Still here"]);
  });
});
