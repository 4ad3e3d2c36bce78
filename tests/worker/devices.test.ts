// The device registry: admins register (within max_devices) and revoke; owners see status.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../worker/lib/crypto";
import { api, postJson } from "./helpers";
import { addDevice, asAdmin, createPlace, errorOf, getAs, ingest, ownerOf, useFixedClock } from "./occupancy-fixtures";

const now = Date.UTC(2031, 4, 13, 20, 0);
const minute = 60_000;

useFixedClock(now);

const revoke = async (placeId: number, deviceId: number) =>
  api(`/api/place/${placeId}/devices/${deviceId}`, { method: "DELETE", headers: await asAdmin() });

describe("POST /api/place/{id}/devices", () => {
  it("gives the administrator a key once and stores only its hash", async () => {
    const placeId = await createPlace();
    const response = await postJson(`/api/place/${placeId}/devices`, { name: "  Front door " }, await asAdmin());
    expect(response.status).toBe(201);
    const body = await response.json<{ id: number; name: string; key: string; created_at: string }>();
    expect(body).toEqual({ id: expect.any(Number), name: "Front door", dev_eui: null, key: expect.stringMatching(/^tpd_[\w-]{43}$/), created_at: new Date(now).toISOString() });
    const row = await env.DB.prepare("SELECT key_hash FROM devices WHERE id = ?").bind(body.id).first<{ key_hash: string }>();
    expect(row!.key_hash).toBe(await sha256Hex(body.key));
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM devices").all())).not.toContain(body.key);
  });

  it("is for administrators only", async () => {
    const placeId = await createPlace();
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "A" })).status).toBe(401);
    const owner = await ownerOf(placeId);
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "A" }, owner)).status).toBe(403);
  });

  it("refuses a device past max_devices with 409, counting only unrevoked devices", async () => {
    const placeId = await createPlace({ maxDevices: 2 });
    const first = await addDevice(placeId, "Bar");
    await addDevice(placeId, "Door");
    const third = await postJson(`/api/place/${placeId}/devices`, { name: "Patio" }, await asAdmin());
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ error: "This place already has its maximum of 2 devices. Revoke one or raise the limit." });
    expect((await revoke(placeId, first.id)).status).toBe(200);
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "Patio" }, await asAdmin())).status).toBe(201);
  });

  it("refuses a name in use, and gives a revoked device's name a fresh key", async () => {
    const placeId = await createPlace();
    const old = await addDevice(placeId, "Bar");
    const taken = await postJson(`/api/place/${placeId}/devices`, { name: "Bar" }, await asAdmin());
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'This place already has a device named "Bar".' });
    await revoke(placeId, old.id);
    const again = await addDevice(placeId, "Bar");
    expect(again.id).toBe(old.id);
    expect(again.key).not.toBe(old.key);
    expect((await ingest(old.key, { count: 1 })).status).toBe(401);
    expect((await ingest(again.key, { count: 1 })).status).toBe(200);
  });

  it("answers 400 for a bad name or id and 404 for an unknown place", async () => {
    const admin = await asAdmin();
    const placeId = await createPlace();
    const blank = await postJson(`/api/place/${placeId}/devices`, { name: "   " }, admin);
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe("name: Give the device a name.");
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "x".repeat(101) }, admin)).status).toBe(400);
    expect((await postJson("/api/place/abc/devices", { name: "A" }, admin)).status).toBe(400);
    expect((await postJson("/api/place/999999/devices", { name: "A" }, admin)).status).toBe(404);
  });
});

describe("GET /api/place/{id}/devices", () => {
  it("shows owners each device's last reading and whether it is online", async () => {
    const placeId = await createPlace({ maxDevices: 3 });
    const owner = await ownerOf(placeId);
    const reporting = await addDevice(placeId, "Bar");
    const quiet = await addDevice(placeId, "Door");
    await ingest(reporting.key, { count: 12 });

    const response = await getAs(`/api/place/${placeId}/devices`, owner);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      max_devices: 3,
      devices: [
        {
          id: reporting.id, name: "Bar", dev_eui: null, created_at: new Date(now).toISOString(), online: true,
          last_seen_at: new Date(now).toISOString(), last_count: 12, last_reading_at: new Date(now).toISOString(),
          firmware: null, uptime_s: null, rssi: null, flagged: null, health: [],
        },
        {
          id: quiet.id, name: "Door", dev_eui: null, created_at: new Date(now).toISOString(), online: false,
          last_seen_at: null, last_count: null, last_reading_at: null, firmware: null, uptime_s: null, rssi: null, flagged: null,
          // The fixture place has no hours, so it may be open now.
          health: [{ code: "offline", message: "Offline: it has sent nothing yet" }],
        },
      ],
    });

    vi.setSystemTime(now + 5 * minute + 1000);
    const later = await (await getAs(`/api/place/${placeId}/devices`, owner)).json<{ devices: { online: boolean }[] }>();
    expect(later.devices.map((device) => device.online)).toEqual([false, false]);
  });

  it("is refused to another owner (403) and to visitors (401)", async () => {
    const placeId = await createPlace();
    const stranger = await ownerOf(await createPlace());
    expect((await getAs(`/api/place/${placeId}/devices`, stranger)).status).toBe(403);
    expect((await api(`/api/place/${placeId}/devices`)).status).toBe(401);
  });
});

describe("DELETE /api/place/{id}/devices/{deviceId}", () => {
  it("revokes: the device leaves the list and the live count at once", async () => {
    const placeId = await createPlace();
    const owner = await ownerOf(placeId);
    const a = await addDevice(placeId, "Bar");
    const b = await addDevice(placeId, "Door");
    await ingest(a.key, { count: 10 });
    await ingest(b.key, { count: 5 });
    expect((await (await getAs(`/api/place/${placeId}/key-trends`, owner)).json<{ currentPopulation: number }>()).currentPopulation).toBe(15);

    expect((await revoke(placeId, b.id)).status).toBe(200);
    const list = await (await getAs(`/api/place/${placeId}/devices`, owner)).json<{ devices: { name: string }[] }>();
    expect(list.devices.map((device) => device.name)).toEqual(["Bar"]);
    expect((await (await getAs(`/api/place/${placeId}/key-trends`, owner)).json<{ currentPopulation: number }>()).currentPopulation).toBe(10);
  });

  it("is for administrators only and answers 404 for a device of another place or already revoked", async () => {
    const placeId = await createPlace();
    const other = await createPlace();
    const device = await addDevice(placeId);
    const owner = await ownerOf(placeId);
    expect((await api(`/api/place/${placeId}/devices/${device.id}`, { method: "DELETE", headers: owner })).status).toBe(403);
    expect((await revoke(other, device.id)).status).toBe(404);
    expect((await revoke(placeId, device.id)).status).toBe(200);
    expect((await revoke(placeId, device.id)).status).toBe(404);
  });
});
