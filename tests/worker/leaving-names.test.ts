// Deleting an account deletes every notice that names it (issue 37 #3, docs/accounts.md#deleting-an-account),
// as the others see it after the real DELETE /api/me: no inbox row of theirs names it (a check-in at
// their plan's place, a message sent before a rename, an invitation to a plan that retention already
// removed), no conversation's object keeps its messages (not even one whose plan retention removed),
// and no unfinished passkey sign-up keeps its name and address. Inbox rows stored before
// consumer_notifications.about_user_id existed are matched as the docs say.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { MessagesPage, PostedMessage } from "../../common/schemas/conversations";
import type { Plan } from "../../common/schemas/plans";
import { issueAccessToken } from "../../worker/auth/tokens";
import { conversationObject } from "../../worker/chat/conversation";
import worker from "../../worker/index";
import { bearer } from "./fixtures";
import { api, freshClientIp, postJson, signUpOwner } from "./helpers";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { befriend, heldBatches, heldNotices, person, send, type Person } from "./social-fixtures";

/** Saturday 10 May 2031, 18:00 in New York. */
const START = Date.UTC(2031, 4, 10, 22, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
useFixedClock(START);

/** An account signed up with a password (DELETE /api/me asks for it), as a Person. */
async function signedUp(name: string, email?: string) {
  const account = await signUpOwner({ name, email });
  const who: Person = { id: account.userId, email: account.email, token: account.accessToken, name, headers: bearer(account.accessToken) };
  return { who, password: account.password };
}

/** A new access token at the clock's now: the last one lived 15 minutes. */
async function signedInAgain(who: Person): Promise<Person> {
  const token = await issueAccessToken(env.JWT_SECRET, { userId: who.id, role: "owner" });
  return { ...who, token, headers: bearer(token) };
}

let clientIds = 0;
/** Writes through the worker's fetch and delivers the pushes its conversation's object queued. */
async function write(who: Person, conversationId: number, text: string) {
  const notices = heldNotices();
  const ctx = createExecutionContext();
  const request = new Request(`https://third-place.test/api/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: { ...who.headers, "content-type": "application/json", "cf-connecting-ip": freshClientIp() },
    body: JSON.stringify({ text, client_id: `names-${++clientIds}-${crypto.randomUUID().slice(0, 8)}` }),
  });
  const response = await worker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  await notices.deliver();
  notices.restore();
  expect(response.status).toBe(201);
  return (await response.json<PostedMessage>()).message;
}

async function plan(organiser: Person, invitees: Person[], placeId: number, title: string, startsAt: number) {
  const response = await send("POST", "/api/plans", organiser.headers, { place_id: placeId, starts_at: new Date(startsAt).toISOString(), title, invitees: invitees.map((invitee) => invitee.id) });
  expect(response.status).toBe(201);
  return response.json<Plan>();
}

const inbox = async (who: Person) =>
  (await env.DB.prepare("SELECT kind, title, body, url FROM consumer_notifications WHERE user_id = ? ORDER BY id").bind(who.id).all<{ kind: string; title: string; body: string; url: string }>())
    .results;

/** DELETE /api/me, then the conversations it queued run through the real queue() (docs/chat.md#an-account-deleted). */
async function deleteAccount(who: Person, password: string) {
  const held = heldBatches();
  const response = await api("/api/me", { method: "DELETE", headers: { ...who.headers, "content-type": "application/json" }, body: JSON.stringify({ password }) }).finally(held.restore);
  await held.run();
  return response;
}

describe("deleting an account, as the others see it", () => {
  it("leaves no inbox row naming it, nor its messages in a conversation whose plan retention removed", async () => {
    const maya = await signedUp("Maya");
    const [jonah, priya] = await Promise.all([person("Jonah"), person("Priya")]);
    await befriend(maya.who, jonah);
    await befriend(maya.who, priya);
    await befriend(jonah, priya);

    // A month ago: Maya's plan with Jonah, where she wrote. Its invitation is in Jonah's inbox.
    const early = await plan(maya.who, [jonah], await createPlace(), "Early drinks", START + 2 * HOUR);
    await write(maya.who, early.conversation_id, "Maya a month ago");
    await vi.waitFor(async () => expect((await inbox(jonah)).map((row) => row.title)).toContain("Maya invited you: Early drinks"));

    // 31 days on, the cron removes the plan and its conversation's row.
    const now = START + 31 * DAY;
    vi.setSystemTime(now);
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env);
    const [mayaNow, jonahNow, priyaNow] = await Promise.all([maya.who, jonah, priya].map(signedInAgain));
    expect((await send("GET", `/api/plans/${early.id}`, jonahNow.headers)).status).toBe(404);

    // Tonight: Jonah's plan with Maya and Priya. Maya checks in at its place and writes, then renames herself.
    const placeId = await createPlace();
    const tonight = await plan(jonahNow, [mayaNow, priyaNow], placeId, "Late drinks", now + 2 * HOUR);
    expect((await send("POST", "/api/me/check-in", mayaNow.headers, { place_id: placeId })).status).toBe(200);
    await write(mayaNow, tonight.conversation_id, "Maya tonight");
    for (const who of [jonahNow, priyaNow]) {
      await vi.waitFor(async () => {
        const titles = (await inbox(who)).map((row) => row.title);
        expect(titles).toContain("Maya is at " + (await placeName(placeId)));
        expect(titles).toContain("Maya sent you a message");
      });
    }
    expect((await send("PATCH", "/api/me", mayaNow.headers, { name: "Rose" })).status).toBe(200);

    expect((await deleteAccount(mayaNow, maya.password)).status).toBe(200);

    // Nothing in Jonah's or Priya's inbox names her, by either name.
    for (const who of [jonahNow, priyaNow]) expect(JSON.stringify(await inbox(who))).not.toMatch(/Maya|Rose/);
    // No conversation's object keeps a message of hers: tonight's, and the one whose row retention removed.
    for (const id of [tonight.conversation_id, early.conversation_id]) {
      const { messages } = await conversationObject(env, id).page({ limit: 100 });
      expect(messages.filter((message) => message.sender_id === maya.who.id)).toEqual([]);
    }
  });

  it("takes its messages out of a plan it left before", async () => {
    const maya = await signedUp("Maya");
    const jonah = await person("Jonah");
    await befriend(maya.who, jonah);
    const jonahs = await plan(jonah, [maya.who], await createPlace(), "Drinks", START + 2 * HOUR);
    await write(maya.who, jonahs.conversation_id, "Maya before leaving");
    await write(jonah, jonahs.conversation_id, "Jonah stays");
    expect((await send("DELETE", `/api/plans/${jonahs.id}/me`, maya.who.headers)).status).toBe(200);

    expect((await deleteAccount(maya.who, maya.password)).status).toBe(200);

    const page = await (await send("GET", `/api/conversations/${jonahs.conversation_id}/messages`, jonah.headers)).json<MessagesPage>();
    expect(page.messages.map((message) => message.text)).toEqual(["Jonah stays"]);
  });

  it("takes the unfinished passkey sign-up that holds its name and address, and no one else's", async () => {
    const email = `maya-${crypto.randomUUID()}@example.com`;
    const otherEmail = `someone-${crypto.randomUUID()}@example.com`;
    // Maya starts signing up with a passkey, gives up and signs up with a password; someone else's sign-up is under way.
    expect((await postJson("/api/auth/passkey/signup/options", { name: "Maya", email })).status).toBe(200);
    expect((await postJson("/api/auth/passkey/signup/options", { name: "Someone", email: otherEmail })).status).toBe(200);
    const maya = await signedUp("Maya", email);
    const pending = (address: string) =>
      env.DB.prepare("SELECT count(*) AS n FROM webauthn_challenges WHERE purpose = 'signup' AND json_extract(pending, '$.email') = ?").bind(address).first<{ n: number }>();
    expect((await pending(email))!.n).toBe(1);

    expect((await deleteAccount(maya.who, maya.password)).status).toBe(200);

    expect((await pending(email))!.n).toBe(0);
    expect((await pending(otherEmail))!.n).toBe(1);
  });

  it("matches the inbox rows stored before they named their account: by the check-in's key, by conversation, by a dead link and the name", async () => {
    const maya = await signedUp("Maya");
    const [jonah, priya, otherMaya] = await Promise.all([person("Jonah"), person("Priya"), person("Maya")]);
    for (const [a, b] of [[maya.who, jonah], [maya.who, priya], [jonah, priya], [otherMaya, jonah]] as const) await befriend(a, b);
    const placeId = await createPlace();
    const jonahs = await plan(jonah, [maya.who, priya], placeId, "Late drinks", START + 2 * HOUR);
    const othersPair = await (await send("POST", "/api/conversations", otherMaya.headers, { account_id: jonah.id })).json<{ id: number }>();
    expect((await send("PATCH", "/api/me", maya.who.headers, { name: "Rose" })).status).toBe(200);

    // Rows as they were stored before the column: no account named, only the words.
    const row = (title: string, kind: string, url: string, dedupeKey: string | null = null) =>
      env.DB.prepare("INSERT INTO consumer_notifications (user_id, kind, title, body, url, dedupe_key, created_at) VALUES (?, ?, ?, 'Body', ?, ?, ?)").bind(jonah.id, kind, title, url, dedupeKey, START);
    await env.DB.batch([
      // Her check-in, by its key: goes. Another friend's with a key that only starts the same way: stays.
      row("Maya is at The Lantern", "plan_check_in", `/app/plans/${jonahs.id}`, `plan-${jonahs.id}-check-in-${maya.who.id}`),
      row("Sam is at The Lantern", "plan_check_in", `/app/plans/${jonahs.id}`, `plan-${jonahs.id}-check-in-${maya.who.id}1`),
      // Her message before the rename, in a plan she was invited to: goes (as does any old message notice of that conversation).
      row("Maya sent you a message", "message", `/app/messages/${jonahs.conversation_id}`),
      // An invitation to a plan that is gone, under her current name: goes.
      row("Rose invited you: Gone night", "plan_invite", "/app/plans/999999999"),
      // The other Maya's message, in a conversation the deleted account was never in: stays.
      row("Maya sent you a message", "message", `/app/messages/${othersPair.id}`),
    ]);

    expect((await deleteAccount(maya.who, maya.password)).status).toBe(200);

    expect((await inbox(jonah)).map((entry) => [entry.title, entry.url])).toEqual([
      ["Sam is at The Lantern", `/app/plans/${jonahs.id}`],
      ["Maya sent you a message", `/app/messages/${othersPair.id}`],
    ]);
  });
});

async function placeName(placeId: number): Promise<string> {
  return (await env.DB.prepare("SELECT name FROM places WHERE id = ?").bind(placeId).first<{ name: string }>())!.name;
}
