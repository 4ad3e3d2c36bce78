import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INVITE_TTL_MS, signInviteToken, verifyInviteToken } from "../../worker/auth/invite-tokens";
import { issueAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../worker/auth/tokens";
import { OPEN_INVITES_PER_PLACE } from "../../worker/db/invites";
import {
  INVITE_ALREADY_USED_MESSAGE,
  INVITE_EXPIRED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_REVOKED_MESSAGE,
  INVITE_USED_MESSAGE,
  TOO_MANY_INVITES_MESSAGE,
} from "../../worker/routes/invites";
import type { OpenInvitesAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, createUser, ownersOf, placeOwnedBy } from "./fixtures";
import { api, postJson, signUpOwner } from "./helpers";

async function generateInvite(placeId: number, token: string) {
  const response = await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(token));
  expect(response.status).toBe(201);
  const body = await response.json<{ invite_link: string; expires_at: string }>();
  return { ...body, token: body.invite_link.split("/invite/")[1] };
}

const accept = (token: string, accessToken: string) => postJson("/api/invites/accept", { token }, bearer(accessToken));

/** An owner with a place, and an invite link for it. */
async function placeWithInvite() {
  const owner = await signUpOwner();
  const placeId = await placeOwnedBy("Invite Tavern", owner.userId);
  const invite = await generateInvite(placeId, owner.accessToken);
  return { owner, placeId, invite };
}

describe("POST /api/place/{id}/generate-url", () => {
  it("answers an absolute /invite link that expires in 7 days and records the invite", async () => {
    const { owner, placeId, invite } = await placeWithInvite();
    expect(invite.invite_link).toMatch(/^https:\/\/third-place\.test\/invite\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const days = (Date.parse(invite.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const check = await verifyInviteToken(env.JWT_SECRET, invite.token);
    expect(check).toMatchObject({ status: "valid", claims: { placeId } });
    const row = await env.DB.prepare("SELECT place_id, created_by, used_at FROM place_invites WHERE id = ?")
      .bind(check.status === "valid" ? check.claims.inviteId : "")
      .first();
    expect(row).toEqual({ place_id: placeId, created_by: owner.userId, used_at: null });
  });
});

describe("POST /api/invites/accept", () => {
  it("makes the signed-in user an owner once; a second person is refused with 410", async () => {
    const { owner, placeId, invite } = await placeWithInvite();
    const invitee = await signUpOwner();
    const response = await accept(invite.token, invitee.accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ place_id: placeId, place_name: "Invite Tavern" });
    expect(await ownersOf(placeId)).toEqual([owner.userId, invitee.userId].sort((a, b) => a - b));
    const me = await (await api("/api/me", { headers: bearer(invitee.accessToken) })).json<{ places: unknown[] }>();
    expect(me.places).toEqual([{ id: placeId, name: "Invite Tavern" }]);

    // The same person opening the link again is fine; anyone else is too late.
    expect((await accept(invite.token, invitee.accessToken)).status).toBe(200);
    const latecomer = await signUpOwner();
    const reused = await accept(invite.token, latecomer.accessToken);
    expect(reused.status).toBe(410);
    expect(await reused.json()).toEqual({ error: INVITE_USED_MESSAGE });
    expect(await ownersOf(placeId)).not.toContain(latecomer.userId);
  });

  it("lets only one of two people racing for the same link in", async () => {
    const { placeId, invite } = await placeWithInvite();
    const [first, second] = await Promise.all([signUpOwner(), signUpOwner()]);
    const statuses = (await Promise.all([accept(invite.token, first.accessToken), accept(invite.token, second.accessToken)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 410]);
    expect(await ownersOf(placeId)).toHaveLength(2);
  });

  it("answers both of one user's parallel accepts with success (a double click)", async () => {
    const { placeId, invite } = await placeWithInvite();
    const invitee = await signUpOwner();
    const answers = await Promise.all([accept(invite.token, invitee.accessToken), accept(invite.token, invitee.accessToken)]);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    expect(await ownersOf(placeId)).toContain(invitee.userId);
  });

  it("does not use up the link when an existing owner opens it", async () => {
    const { owner, invite } = await placeWithInvite();
    expect((await accept(invite.token, owner.accessToken)).status).toBe(200);
    const invitee = await signUpOwner();
    expect((await accept(invite.token, invitee.accessToken)).status).toBe(200);
  });

  it("refuses an expired invite with 410", async () => {
    const { placeId } = await placeWithInvite();
    const invitee = await signUpOwner();
    const inviteId = "expired-invite";
    await env.DB.prepare("INSERT INTO place_invites (id, place_id, expires_at) VALUES (?, ?, ?)")
      .bind(inviteId, placeId, Date.now() - 1000)
      .run();
    const token = await signInviteToken(env.JWT_SECRET, { inviteId, placeId }, new Date(Date.now() - 1000));
    const response = await accept(token, invitee.accessToken);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ error: INVITE_EXPIRED_MESSAGE });
    expect(await ownersOf(placeId)).not.toContain(invitee.userId);
  });

  it("refuses an invite whose row has expired even if the token has not", async () => {
    const { placeId, invite } = await placeWithInvite();
    await env.DB.prepare("UPDATE place_invites SET expires_at = ? WHERE place_id = ?").bind(Date.now() - 1, placeId).run();
    const invitee = await signUpOwner();
    expect((await accept(invite.token, invitee.accessToken)).status).toBe(410);
  });

  it("refuses a token whose place id was changed to another place, and stays unused", async () => {
    const { placeId, invite } = await placeWithInvite();
    const otherPlace = await placeOwnedBy("Someone Else's Bar");
    const [header, payload, signature] = invite.token.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const tamperedPayload = btoa(JSON.stringify({ ...claims, place_id: otherPlace }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const invitee = await signUpOwner();
    const response = await accept(`${header}.${tamperedPayload}.${signature}`, invitee.accessToken);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: INVITE_INVALID_MESSAGE });
    expect(await ownersOf(otherPlace)).toEqual([]);
    // The genuine link still works.
    expect((await accept(invite.token, invitee.accessToken)).status).toBe(200);
    expect(await ownersOf(placeId)).toContain(invitee.userId);
  });

  it.each<[string, () => Promise<string>]>([
    ["signed with another secret", () => signInviteToken("another-secret-that-is-long-enough!!", { inviteId: "x", placeId: 1 }, new Date(Date.now() + 60_000))],
    [
      "an access token's audience",
      () =>
        new SignJWT({ place_id: 1 })
          .setProtectedHeader({ alg: "HS256" })
          .setJti("x")
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode(env.JWT_SECRET)),
    ],
    [
      "a well-signed token for an invite that does not exist",
      () => signInviteToken(env.JWT_SECRET, { inviteId: "never-created", placeId: 1 }, new Date(Date.now() + 60_000)),
    ],
    ["garbage", async () => "garbage"],
  ])("refuses %s with 400", async (_name, makeToken) => {
    const invitee = await signUpOwner();
    const response = await accept(await makeToken(), invitee.accessToken);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: INVITE_INVALID_MESSAGE });
  });

  it("needs a signed-in owner account", async () => {
    const { invite } = await placeWithInvite();
    expect((await postJson("/api/invites/accept", { token: invite.token })).status).toBe(401);
    const admin = await adminToken();
    expect((await accept(invite.token, admin)).status).toBe(403);
  });

  it("keeps invite tokens and access tokens apart", async () => {
    const { invite } = await placeWithInvite();
    expect((await api("/api/me", { headers: bearer(invite.token) })).status).toBe(401);
  });
});

const inviteIdOf = async (token: string) => {
  const check = await verifyInviteToken(env.JWT_SECRET, token);
  if (check.status !== "valid") throw new Error("not a valid invite token");
  return check.claims.inviteId;
};
const listInvites = (placeId: number, token?: string) => api(`/api/place/${placeId}/invites`, { headers: bearer(token) });
const revoke = (placeId: number, inviteId: string, token?: string) =>
  api(`/api/place/${placeId}/invites/${inviteId}`, { method: "DELETE", headers: bearer(token) });

describe("GET /api/place/{id}/invites", () => {
  it("lists the open links with their maker and never their token, to owners and the admin", async () => {
    const { owner, placeId, invite: used } = await placeWithInvite();
    const admin = await adminToken();
    expect((await accept(used.token, (await signUpOwner()).accessToken)).status).toBe(200);
    const revoked = await generateInvite(placeId, owner.accessToken);
    expect((await revoke(placeId, await inviteIdOf(revoked.token), owner.accessToken)).status).toBe(200);
    await env.DB.prepare("INSERT INTO place_invites (id, place_id, expires_at) VALUES ('lapsed', ?, ?)").bind(placeId, Date.now() - 1).run();
    const byOwner = await generateInvite(placeId, owner.accessToken);
    const byAdmin = await generateInvite(placeId, admin);

    const response = await listInvites(placeId, owner.accessToken);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(byOwner.token.split(".")[2]);
    const { invites } = JSON.parse(text) as OpenInvitesAnswer;
    expect(new Set(invites.map((invite) => invite.id))).toEqual(
      new Set([await inviteIdOf(byOwner.token), await inviteIdOf(byAdmin.token)]),
    );
    expect(invites.find((invite) => invite.created_by !== null)).toEqual({
      id: await inviteIdOf(byOwner.token),
      created_at: expect.any(String),
      expires_at: byOwner.expires_at,
      created_by: { name: owner.name, email: owner.email },
    });
    expect(invites.find((invite) => invite.created_by === null)?.id).toBe(await inviteIdOf(byAdmin.token));
    expect((await listInvites(placeId, admin)).status).toBe(200);
  });

  it("keeps other owners (403) and strangers (401) out", async () => {
    const { placeId } = await placeWithInvite();
    const other = await signUpOwner();
    expect((await listInvites(placeId, other.accessToken)).status).toBe(403);
    expect((await listInvites(placeId)).status).toBe(401);
  });
});

describe("DELETE /api/place/{id}/invites/{inviteId}", () => {
  it("revokes a link: accepting it then answers 410 and makes nobody an owner", async () => {
    const { owner, placeId, invite } = await placeWithInvite();
    const response = await revoke(placeId, await inviteIdOf(invite.token), owner.accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const invitee = await signUpOwner();
    const refused = await accept(invite.token, invitee.accessToken);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({ error: INVITE_REVOKED_MESSAGE });
    expect(await ownersOf(placeId)).toEqual([owner.userId]);
    expect((await (await listInvites(placeId, owner.accessToken)).json<OpenInvitesAnswer>()).invites).toEqual([]);
    // Revoking it again changes nothing and is not an error.
    expect((await revoke(placeId, await inviteIdOf(invite.token), owner.accessToken)).status).toBe(200);
  });

  it("lets the admin revoke; refuses another owner (403), another place's link (404) and a used one (409)", async () => {
    const { owner, placeId, invite } = await placeWithInvite();
    const inviteId = await inviteIdOf(invite.token);
    const other = await signUpOwner();
    const otherPlace = await placeOwnedBy("Other Tavern", other.userId);
    expect((await revoke(placeId, inviteId, other.accessToken)).status).toBe(403);
    const wrongPlace = await revoke(otherPlace, inviteId, other.accessToken);
    expect(wrongPlace.status).toBe(404);
    expect((await revoke(placeId, "never-made", owner.accessToken)).status).toBe(404);
    expect((await accept(invite.token, (await signUpOwner()).accessToken)).status).toBe(200);
    const used = await revoke(placeId, inviteId, owner.accessToken);
    expect(used.status).toBe(409);
    expect(await used.json()).toEqual({ error: INVITE_ALREADY_USED_MESSAGE });

    const byAdmin = await generateInvite(placeId, owner.accessToken);
    expect((await revoke(placeId, await inviteIdOf(byAdmin.token), await adminToken())).status).toBe(200);
    expect((await accept(byAdmin.token, (await signUpOwner()).accessToken)).status).toBe(410);
  });
});

describe(`at most ${OPEN_INVITES_PER_PLACE} open invites per place`, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers 409 past the cap, also when the last ones race; a revoked or expired link makes room", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2026, 5, 1, 12);
    vi.setSystemTime(start);
    const owner = await createUser("Capped Owner");
    const placeId = await placeOwnedBy("Capped Bar", owner.id);
    const insert = env.DB.prepare("INSERT INTO place_invites (id, place_id, expires_at) VALUES (?, ?, ?)");
    await env.DB.batch(
      Array.from({ length: OPEN_INVITES_PER_PLACE - 2 }, (_, i) => insert.bind(`open-${placeId}-${i}`, placeId, start + INVITE_TTL_MS)),
    );
    // Used, revoked and expired links do not count.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO place_invites (id, place_id, expires_at, used_at) VALUES ('used-cap', ?, ?, ?)").bind(placeId, start + INVITE_TTL_MS, start),
      env.DB.prepare("INSERT INTO place_invites (id, place_id, expires_at, revoked_at) VALUES ('revoked-cap', ?, ?, ?)").bind(placeId, start + INVITE_TTL_MS, start),
      insert.bind("lapsed-cap", placeId, start - 1),
    ]);
    const generate = () => postJson(`/api/place/${placeId}/generate-url`, {}, bearer(owner.token));

    const racing = await Promise.all([generate(), generate(), generate()]);
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 409]);
    const refused = await generate();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: TOO_MANY_INVITES_MESSAGE });
    const admin = await adminToken();
    expect((await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(admin))).status).toBe(409);
    expect((await (await listInvites(placeId, owner.token)).json<OpenInvitesAnswer>()).invites).toHaveLength(OPEN_INVITES_PER_PLACE);

    expect((await revoke(placeId, `open-${placeId}-0`, owner.token)).status).toBe(200);
    expect((await generate()).status).toBe(201);
    expect((await generate()).status).toBe(409);

    vi.setSystemTime(start + INVITE_TTL_MS + 1);
    // The owner's 15-minute token from the start has long expired: a new one, as a refresh would give.
    const fresh = await issueAccessToken(env.JWT_SECRET, { userId: owner.id, role: "owner" });
    expect((await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(fresh))).status).toBe(201);
  });
});
