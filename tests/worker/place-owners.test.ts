import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyInviteToken } from "../../worker/auth/invite-tokens";
import { INVITE_REVOKED_MESSAGE } from "../../worker/routes/invites";
import { LAST_OWNER_MESSAGE, NOT_AN_OWNER_MESSAGE } from "../../worker/routes/place-owners";
import type { PlaceOwnersAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, createUser, ownersOf, placeOwnedBy } from "./fixtures";
import { api, postJson } from "./helpers";

const listOwners = (placeId: number, token?: string) => api(`/api/place/${placeId}/owners`, { headers: bearer(token) });
const removeOwner = (placeId: number, userId: number, token?: string) =>
  api(`/api/place/${placeId}/owners/${userId}`, { method: "DELETE", headers: bearer(token) });

/** A place with two owners, Ada (the first) and Ben, and a stranger who owns another place. */
async function coOwnedPlace() {
  const ada = await createUser("Ada");
  const ben = await createUser("Ben");
  const stranger = await createUser("Stranger");
  const placeId = await placeOwnedBy("Shared Bar", ada.id, ben.id);
  await placeOwnedBy("Stranger's Bar", stranger.id);
  return { ada, ben, stranger, placeId };
}

describe("GET /api/place/{id}/owners", () => {
  it("lists the owners with id, name and email to the place's owners and the admin", async () => {
    const { ada, ben, stranger, placeId } = await coOwnedPlace();
    const response = await listOwners(placeId, ben.token);
    expect(response.status).toBe(200);
    const { owners } = await response.json<PlaceOwnersAnswer>();
    expect(owners.map(({ id, name, email }) => ({ id, name, email }))).toEqual([
      { id: ada.id, name: "Ada", email: ada.email },
      { id: ben.id, name: "Ben", email: ben.email },
    ]);
    expect(owners[0].since).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await listOwners(placeId, await adminToken())).status).toBe(200);
    expect((await listOwners(placeId, stranger.token)).status).toBe(403);
    expect((await listOwners(placeId)).status).toBe(401);
  });
});

describe("DELETE /api/place/{id}/owners/{userId}", () => {
  it("lets an owner remove a co-owner, who loses the place at once along with the links they made", async () => {
    const { ada, ben, placeId } = await coOwnedPlace();
    const generated = await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(ben.token));
    const benLink = (await generated.json<{ invite_link: string }>()).invite_link.split("/invite/")[1];

    const response = await removeOwner(placeId, ben.id, ada.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await ownersOf(placeId)).toEqual([ada.id]);
    // Ben's token is still within its 15 minutes, but the place is no longer his.
    expect((await postJson(`/api/place/${placeId}/generate-url`, {}, bearer(ben.token))).status).toBe(403);
    expect((await listOwners(placeId, ben.token)).status).toBe(403);
    // The link Ben made before being removed cannot bring him (or anyone) back.
    const check = await verifyInviteToken(env.JWT_SECRET, benLink);
    expect(check.status).toBe("valid");
    const comeback = await postJson("/api/invites/accept", { token: benLink }, bearer(ben.token));
    expect(comeback.status).toBe(410);
    expect(await comeback.json()).toEqual({ error: INVITE_REVOKED_MESSAGE });
    expect(await ownersOf(placeId)).toEqual([ada.id]);
  });

  it("lets an owner leave while another remains, but never take the place's last owner (409)", async () => {
    const { ada, ben, placeId } = await coOwnedPlace();
    expect((await removeOwner(placeId, ben.id, ben.token)).status).toBe(200);
    const last = await removeOwner(placeId, ada.id, ada.token);
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: LAST_OWNER_MESSAGE });
    expect(await ownersOf(placeId)).toEqual([ada.id]);
  });

  it("keeps a last owner when two owners remove each other at once", async () => {
    const { ada, ben, placeId } = await coOwnedPlace();
    const statuses = (await Promise.all([removeOwner(placeId, ben.id, ada.token), removeOwner(placeId, ada.id, ben.token)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
    expect(await ownersOf(placeId)).toHaveLength(1);
  });

  it("lets the admin remove even the last owner", async () => {
    const { ada, ben, placeId } = await coOwnedPlace();
    const admin = await adminToken();
    expect((await removeOwner(placeId, ben.id, admin)).status).toBe(200);
    expect((await removeOwner(placeId, ada.id, admin)).status).toBe(200);
    expect(await ownersOf(placeId)).toEqual([]);
  });

  it("refuses a stranger (403) and no token (401), and answers 404 for someone who is no owner here", async () => {
    const { ada, ben, stranger, placeId } = await coOwnedPlace();
    expect((await removeOwner(placeId, ben.id, stranger.token)).status).toBe(403);
    expect((await removeOwner(placeId, ben.id)).status).toBe(401);
    const notHere = await removeOwner(placeId, stranger.id, ada.token);
    expect(notHere.status).toBe(404);
    expect(await notHere.json()).toEqual({ error: NOT_AN_OWNER_MESSAGE });
    expect((await removeOwner(placeId, 999_999, await adminToken())).status).toBe(404);
    expect(await ownersOf(placeId)).toEqual([ada.id, ben.id]);
  });
});

describe("issue 25 item 6 (a removed owner's webhooks keep receiving the place's alerts)", () => {
  const addHook = async (placeId: number, token: string, url: string) => {
    const response = await postJson(`/api/place/${placeId}/webhooks`, { url }, bearer(token));
    expect(response.status).toBe(201);
    return (await response.json<{ id: number }>()).id;
  };
  const disabledOf = async (placeId: number) =>
    (await env.DB.prepare("SELECT url, disabled_at IS NOT NULL AS off FROM webhooks WHERE place_id = ? ORDER BY id").bind(placeId).all<{ url: string; off: number }>()).results.map(
      (row) => [row.url, row.off === 1],
    );

  it("removing an owner switches off, in the same batch, the webhooks they added and those with no known creator", async () => {
    const { ada, ben, placeId } = await coOwnedPlace();
    await addHook(placeId, ada.token, "https://hooks.example.com/ada");
    await addHook(placeId, ben.token, "https://hooks.example.com/ben");
    await addHook(placeId, await adminToken(), "https://hooks.example.com/admin");
    // As stored before creators were recorded.
    await env.DB.prepare("INSERT INTO webhooks (place_id, url, secret) VALUES (?, 'https://hooks.example.com/legacy', 'whsec_x')").bind(placeId).run();

    expect((await removeOwner(placeId, ben.id, ada.token)).status).toBe(200);
    expect(await disabledOf(placeId)).toEqual([
      ["https://hooks.example.com/ada", false],
      ["https://hooks.example.com/ben", true],
      ["https://hooks.example.com/admin", true],
      ["https://hooks.example.com/legacy", true],
    ]);
  });

  it("a refused removal (the last owner) switches nothing off", async () => {
    const ada = await createUser("Ada");
    const placeId = await placeOwnedBy("Solo Bar", ada.id);
    await addHook(placeId, ada.token, "https://hooks.example.com/ada");
    expect((await removeOwner(placeId, ada.id, ada.token)).status).toBe(409);
    expect(await disabledOf(placeId)).toEqual([["https://hooks.example.com/ada", false]]);
  });
});
