import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { BusinessesAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, insertPlace, ownedPlace } from "./fixtures";
import { api, clearTables } from "./helpers";

const reset = () => clearTables("place_owners", "places", "users");

const putMaxDevices = (placeId: number | string, body: unknown, token?: string) =>
  api(`/api/businesses/${placeId}/max-devices`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });

const maxDevicesOf = async (placeId: number) =>
  (await env.DB.prepare("SELECT max_devices FROM places WHERE id = ?").bind(placeId).first<{ max_devices: number }>())
    ?.max_devices;

describe("GET /api/businesses", () => {
  beforeEach(reset);

  it("lists every business with id, name and max_devices for the admin", async () => {
    const b = await insertPlace({ name: "B Bar", max_devices: 3 });
    const a = await insertPlace({ name: "A Bar" });
    const response = await api("/api/businesses", { headers: bearer(await adminToken()) });
    expect(response.status).toBe(200);
    expect(await response.json<BusinessesAnswer>()).toEqual({
      businesses: [
        { id: a, name: "A Bar", max_devices: 1 },
        { id: b, name: "B Bar", max_devices: 3 },
      ],
    });
  });

  it("refuses no token (401) and an owner (403)", async () => {
    const { owner } = await ownedPlace();
    expect((await api("/api/businesses")).status).toBe(401);
    expect((await api("/api/businesses", { headers: bearer(owner.token) })).status).toBe(403);
  });
});

describe("PUT /api/businesses/{id}/max-devices", () => {
  beforeEach(reset);

  it("sets the limit and answers the business", async () => {
    const placeId = await insertPlace({ name: "A Bar" });
    const response = await putMaxDevices(placeId, { max_devices: 4 }, await adminToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: placeId, name: "A Bar", max_devices: 4 });
    expect(await maxDevicesOf(placeId)).toBe(4);
    expect((await putMaxDevices(placeId, { max_devices: 0 }, await adminToken())).status).toBe(200);
    expect(await maxDevicesOf(placeId)).toBe(0);
  });

  it("refuses no token (401) and an owner, even of that place (403)", async () => {
    const { owner, placeId } = await ownedPlace();
    expect((await putMaxDevices(placeId, { max_devices: 9 })).status).toBe(401);
    expect((await putMaxDevices(placeId, { max_devices: 9 }, owner.token)).status).toBe(403);
    expect(await maxDevicesOf(placeId)).toBe(1);
  });

  it.each([{}, { max_devices: -1 }, { max_devices: 1.5 }, { max_devices: "lots" }, { max_devices: null }, { max_devices: "" }])(
    "refuses %o with the field's message",
    async (body) => {
      const placeId = await insertPlace();
      const response = await putMaxDevices(placeId, body, await adminToken());
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "max_devices: Max devices must be a whole number, 0 or more." });
      expect(await maxDevicesOf(placeId)).toBe(1);
    },
  );

  it("answers 404 for an unknown business and 400 for a malformed id", async () => {
    const admin = await adminToken();
    expect((await putMaxDevices(424242, { max_devices: 2 }, admin)).status).toBe(404);
    expect((await putMaxDevices("abc", { max_devices: 2 }, admin)).status).toBe(400);
  });
});
