// POST /api/ingest/ttn and its admin side: integration keys, DevEUI registration and the uplinks
// of unregistered devices, against real D1 and PlaceOccupancy objects.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { INTEGRATION_KEY_RECHECK_MS } from "../../worker/auth/middleware";
import { UNREGISTERED_UPLINKS_KEPT } from "../../worker/db/integrations";
import { DEV_EUI_RECHECK_MS, UNKNOWN_DEV_EUI_TTL_MS } from "../../worker/ingest/dev-eui-cache";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { api, clearTables, postJson } from "./helpers";
import { asAdmin, createPlace, errorOf, getAs, ownerOf, useFixedClock } from "./occupancy-fixtures";
import { docsExample, networkTime } from "./ttn-fixtures";

// Shortly after the documentation's example uplink was received, so it is a fresh reading.
const now = networkTime + 15_000;
useFixedClock(now);

let euiCounter = 0x100;
/** A DevEUI no other test uses. */
const freshEui = () => `70B3D57ED005${(++euiCounter).toString(16).toUpperCase().padStart(4, "0")}`;

/** The application of the documentation's example uplink. */
const APP = "app1";

async function newIntegrationKey(applicationId = APP): Promise<{ id: number; key: string }> {
  const response = await postJson("/api/integrations/ttn", { application_id: applicationId }, await asAdmin());
  expect(response.status).toBe(201);
  return response.json();
}

function webhook(key: string, body: unknown) {
  return postJson("/api/ingest/ttn", body, { authorization: `Bearer ${key}` });
}

async function ttnDevice(placeId: number, devEui: string) {
  const response = await postJson(`/api/place/${placeId}/devices`, { name: `TTN ${devEui}`, dev_eui: devEui }, await asAdmin());
  expect(response.status).toBe(201);
  return response.json<{ id: number; dev_eui: string }>();
}

/** An integration key and a place with a device registered under a fresh DevEUI. */
async function registeredSensor() {
  const { key } = await newIntegrationKey();
  const placeId = await createPlace();
  const devEui = freshEui();
  return { key, placeId, devEui, device: await ttnDevice(placeId, devEui) };
}

/** The docs' example uplink, from `devEui`, with its payload cut to what the test says. */
function uplink(devEui: string, change: (message: Record<string, any>) => void = () => {}) {
  const body = docsExample();
  body.end_device_ids.dev_eui = devEui;
  change(body.uplink_message);
  return body;
}

async function storedReadings(placeId: number) {
  return runInDurableObject(placeOccupancy(env, placeId), (_object, state) =>
    state.storage.sql.exec<{ ts: number; device_id: number; count: number }>("SELECT ts, device_id, count FROM readings ORDER BY ts").toArray(),
  );
}

/**
 * A device revoked by a request another isolate served: D1 says so and the place's object heard
 * of it (unless `messageLost`), but this isolate's memory was not told.
 */
async function revokedElsewhere(placeId: number, deviceId: number, { messageLost = false } = {}) {
  await env.DB.prepare("UPDATE devices SET revoked_at = ? WHERE id = ?").bind(now, deviceId).run();
  if (!messageLost) await placeOccupancy(env, placeId).forgetDevice(placeId, deviceId);
}

/** The uplink of `devEui` received `afterMs` after the docs' example: another reading of the same device. */
const laterUplink = (devEui: string, afterMs: number) =>
  uplink(devEui, (message) => (message.received_at = new Date(networkTime + afterMs).toISOString()));

async function currentPopulation(placeId: number) {
  const answer = await (await getAs(`/api/place/${placeId}/key-trends`, await ownerOf(placeId))).json<{ currentPopulation: number | null }>();
  return answer.currentPopulation;
}

describe("POST /api/ingest/ttn", () => {
  it("stores the documentation's example uplink with a decoded Paxcounter payload as a count of 10", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    const response = await webhook(key, uplink(devEui));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, stored: true });
    expect(await storedReadings(placeId)).toEqual([{ ts: networkTime, device_id: device.id, count: 10 }]);
    expect(await currentPopulation(placeId)).toBe(10);
  });

  it("stores nothing from an uplink that a revocation overtook between D1 and the place's object", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    // The state of the race: the worker still found the device active in D1, the object has heard
    // of its revocation already.
    await placeOccupancy(env, placeId).forgetDevice(placeId, device.id);
    const status = uplink(devEui, (message) => {
      message.f_port = 2;
      message.decoded_payload = { uptime: 3600 };
      delete message.frm_payload;
    });
    for (const body of [uplink(devEui), status]) {
      const response = await webhook(key, body);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ ok: true, stored: false, reason: "revoked device" });
    }
    expect(await storedReadings(placeId)).toEqual([]);
    expect(await currentPopulation(placeId)).toBeNull();
    const devices = await runInDurableObject(placeOccupancy(env, placeId), (_object, state) => state.storage.sql.exec("SELECT device_id FROM devices").toArray());
    expect(devices).toEqual([]);
  });

  it("sends a DevEUI revoked elsewhere and registered again to the new device, reading D1 again once", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
    await revokedElsewhere(placeId, device.id);
    const newPlace = await createPlace();
    const newDevice = await ttnDevice(newPlace, devEui);
    const response = await webhook(key, laterUplink(devEui, 1_000));
    expect(await response.json()).toEqual({ ok: true, stored: true });
    expect(await storedReadings(placeId)).toEqual([{ ts: networkTime, device_id: device.id, count: 10 }]);
    expect(await storedReadings(newPlace)).toEqual([{ ts: networkTime + 1_000, device_id: newDevice.id, count: 10 }]);
  });

  it("lists a DevEUI revoked elsewhere and not registered again as unregistered", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
    await revokedElsewhere(placeId, device.id);
    const response = await webhook(key, laterUplink(devEui, 1_000));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, stored: false, reason: "unregistered device" });
    expect(await storedReadings(placeId)).toEqual([{ ts: networkTime, device_id: device.id, count: 10 }]);
  });

  it("stops a device whose revocation never reached its place's object within DEV_EUI_RECHECK_MS", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
    await revokedElsewhere(placeId, device.id, { messageLost: true });
    // The window this isolate's memory of the DevEUI leaves open (docs/sensors.md#the-things-stack).
    expect(await (await webhook(key, laterUplink(devEui, 1_000))).json()).toEqual({ ok: true, stored: true });
    vi.setSystemTime(now + DEV_EUI_RECHECK_MS);
    const response = await webhook(key, laterUplink(devEui, 2_000));
    expect(await response.json()).toEqual({ ok: true, stored: false, reason: "unregistered device" });
    expect((await storedReadings(placeId)).map((row) => row.ts)).toEqual([networkTime + 1_000]);
  });

  it("decodes a raw-only Paxcounter packed payload (07 00 03 00 → 10)", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    const response = await webhook(key, uplink(devEui, (message) => delete message.decoded_payload));
    expect(await response.json()).toEqual({ ok: true, stored: true });
    expect(await currentPopulation(placeId)).toBe(10);
  });

  it("answers a replay of the same uplink as a duplicate and stores nothing new", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
    const replay = await webhook(key, uplink(devEui));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, stored: false, duplicate: true });
    expect(await storedReadings(placeId)).toHaveLength(1);
  });

  it("acknowledges a simulated uplink without storing it", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    const response = await webhook(key, { ...uplink(devEui), simulated: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, stored: false, reason: expect.stringMatching(/simulated/) });
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("acknowledges other ports without storing", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    const response = await webhook(key, uplink(devEui, (message) => (message.f_port = 9)));
    expect(await response.json()).toEqual({ ok: true, stored: false, reason: "Port 9 carries no count." });
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("takes a port-2 status uplink as the device's heartbeat", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    const response = await webhook(
      key,
      uplink(devEui, (message) => {
        message.f_port = 2;
        message.decoded_payload = { uptime: 3600 };
        delete message.frm_payload;
      }),
    );
    expect(await response.json()).toEqual({ ok: true, stored: true });
    const devices = await (await getAs(`/api/place/${placeId}/devices`, await ownerOf(placeId))).json<{ devices: Record<string, unknown>[] }>();
    expect(devices.devices[0]).toMatchObject({ dev_eui: devEui, online: true, uptime_s: 3600, rssi: -35, last_count: null });
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("keeps a count uplink's best gateway RSSI and flags it as weak below -115 dBm", async () => {
    const { key, placeId, devEui } = await registeredSensor();
    const response = await webhook(
      key,
      uplink(devEui, (message) => {
        message.rx_metadata[0].rssi = -118;
        message.rx_metadata[0].channel_rssi = -118;
      }),
    );
    expect(await response.json()).toEqual({ ok: true, stored: true });
    const devices = await (await getAs(`/api/place/${placeId}/devices`, await ownerOf(placeId))).json<{ devices: Record<string, unknown>[] }>();
    expect(devices.devices[0]).toMatchObject({
      last_count: 10,
      rssi: -118,
      health: [{ code: "weak_signal", message: "Weak signal: -118 dBm (below -115 dBm)" }],
    });
  });

  it("acknowledges an unregistered DevEUI with 202, stores nothing and lists it for the admin", async () => {
    const { key } = await newIntegrationKey();
    const devEui = freshEui();
    const first = await webhook(key, uplink(devEui));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ ok: true, stored: false, reason: "unregistered device" });
    // Its next uplink a minute later is counted again (within the minute it is remembered, below).
    vi.setSystemTime(now + UNKNOWN_DEV_EUI_TTL_MS);
    await webhook(key, uplink(devEui, (message) => (message.decoded_payload = { pax: 12 })));

    const listed = await (await getAs("/api/integrations/ttn/unregistered", await asAdmin())).json<{ uplinks: Record<string, unknown>[] }>();
    expect(listed.uplinks.find((row) => row.dev_eui === devEui)).toEqual({
      dev_eui: devEui,
      first_seen: new Date(now).toISOString(),
      last_seen: new Date(now + UNKNOWN_DEV_EUI_TTL_MS).toISOString(),
      uplinks: 2,
      last_count: 12,
      application_id: APP,
    });

    // Registering it takes it off the list, and its next uplink counts.
    const placeId = await createPlace();
    await ttnDevice(placeId, devEui.toLowerCase());
    const after = await (await getAs("/api/integrations/ttn/unregistered", await asAdmin())).json<{ uplinks: { dev_eui: string }[] }>();
    expect(after.uplinks.map((row) => row.dev_eui)).not.toContain(devEui);
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
  });

  it("keeps at most 500 unregistered DevEUIs, dropping the least recently seen", async () => {
    await clearTables("unregistered_uplinks");
    const older = Array.from({ length: UNREGISTERED_UPLINKS_KEPT }, (_, i) =>
      env.DB.prepare("INSERT INTO unregistered_uplinks (dev_eui, first_seen, last_seen) VALUES (?, 0, ?)").bind(`OLD${String(i).padStart(13, "0")}`, i + 1),
    );
    await env.DB.batch(older);
    const { key } = await newIntegrationKey();
    const devEui = freshEui();
    expect((await webhook(key, uplink(devEui))).status).toBe(202);
    const { results } = await env.DB.prepare("SELECT dev_eui FROM unregistered_uplinks").all<{ dev_eui: string }>();
    expect(results).toHaveLength(UNREGISTERED_UPLINKS_KEPT);
    expect(results.map((row) => row.dev_eui)).toContain(devEui);
    expect(results.map((row) => row.dev_eui)).not.toContain(`OLD${"0".repeat(13)}`);
  });

  it("remembers a made-up integration key for a minute, so repeating it queries D1 once", async () => {
    const key = `tpi_${randomToken(32)}`;
    expect((await webhook(key, uplink(freshEui()))).status).toBe(401);
    // Had the second request queried D1 it would find this row and be accepted.
    await env.DB.prepare("INSERT INTO integration_keys (key_hash, created_at) VALUES (?, ?)").bind(await sha256Hex(key), now).run();
    expect((await webhook(key, uplink(freshEui()))).status).toBe(401);
    vi.setSystemTime(now + 61_000);
    expect((await webhook(key, uplink(freshEui()))).status).toBe(202);
  });

  it("refuses a missing, malformed or revoked integration key with 401", async () => {
    const devEui = freshEui();
    expect((await postJson("/api/ingest/ttn", uplink(devEui))).status).toBe(401);
    expect((await webhook("tpi_short", uplink(devEui))).status).toBe(401);
    const { id, key } = await newIntegrationKey();
    expect((await webhook(key, uplink(devEui))).status).toBe(202);
    const revoked = await api(`/api/integrations/ttn/${id}`, { method: "DELETE", headers: await asAdmin() });
    expect(revoked.status).toBe(200);
    const after = await webhook(key, uplink(devEui));
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toBe("Unknown or revoked integration key.");
    expect((await api(`/api/integrations/ttn/${id}`, { method: "DELETE", headers: await asAdmin() })).status).toBe(404);
  });

  it("refuses a key revoked by another isolate within INTEGRATION_KEY_RECHECK_MS", async () => {
    const devEui = freshEui();
    const { id, key } = await newIntegrationKey();
    expect((await webhook(key, uplink(devEui))).status).toBe(202);
    // Revoked by a request another isolate served: this isolate was not told.
    await env.DB.prepare("UPDATE integration_keys SET revoked_at = ? WHERE id = ?").bind(now, id).run();
    vi.setSystemTime(now + INTEGRATION_KEY_RECHECK_MS - 1);
    expect((await webhook(key, uplink(devEui))).status).toBe(202);
    vi.setSystemTime(now + INTEGRATION_KEY_RECHECK_MS);
    const after = await webhook(key, uplink(devEui));
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toBe("Unknown or revoked integration key.");
  });

  it("answers 400 with field problems for a body that is not an uplink", async () => {
    const { key } = await newIntegrationKey();
    const response = await webhook(key, { count: 3 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.any(String), details: expect.arrayContaining([expect.objectContaining({ field: "end_device_ids" })]) });
  });

  it("acknowledges an uplink whose empty payload The Things Stack left out, storing nothing", async () => {
    const { key } = await newIntegrationKey();
    const response = await webhook(key, { end_device_ids: { dev_eui: freshEui(), application_ids: { application_id: APP } }, uplink_message: { f_port: 1 } });
    expect(response.ok).toBe(true);
    expect(await response.json()).toMatchObject({ ok: true, stored: false });
  });
});

describe("integration keys", () => {
  it("are shown once, listed without the key and with their last use", async () => {
    const created = await postJson("/api/integrations/ttn", { application_id: APP }, await asAdmin());
    expect(created.status).toBe(201);
    const { id, key, application_id } = await created.json<{ id: number; key: string; application_id: string }>();
    expect(key).toMatch(/^tpi_[A-Za-z0-9_-]{43}$/);
    expect(application_id).toBe(APP);
    await webhook(key, uplink(freshEui()));
    const listed = await (await getAs("/api/integrations/ttn", await asAdmin())).json<{ keys: Record<string, unknown>[] }>();
    expect(listed.keys.find((row) => row.id === id)).toEqual({
      id,
      application_id: APP,
      created_at: expect.any(String),
      last_used_at: new Date(now).toISOString(),
    });
    expect(JSON.stringify(listed)).not.toContain(key);
  });
});

describe("devices with a DevEUI", () => {
  it("normalises the DevEUI to upper case and answers it with the device", async () => {
    const placeId = await createPlace();
    const devEui = freshEui();
    const device = await ttnDevice(placeId, ` ${devEui.toLowerCase()} `);
    expect(device.dev_eui).toBe(devEui);
    const plain = await postJson(`/api/place/${placeId}/devices`, { name: "HTTP sensor" }, await asAdmin());
    expect(await plain.json()).toMatchObject({ dev_eui: null });
  });

  it("refuses a DevEUI an active device has (409) and takes it again once that one is revoked", async () => {
    const [first, second] = [await createPlace(), await createPlace()];
    const devEui = freshEui();
    const device = await ttnDevice(first, devEui);
    const taken = await postJson(`/api/place/${second}/devices`, { name: "Copy", dev_eui: devEui }, await asAdmin());
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatch(/DevEUI/);
    await api(`/api/place/${first}/devices/${device.id}`, { method: "DELETE", headers: await asAdmin() });
    expect((await postJson(`/api/place/${second}/devices`, { name: "Copy", dev_eui: devEui }, await asAdmin())).status).toBe(201);
  });

  it("counts the uplinks of a revoked device registered again under its name (same id) at once", async () => {
    const { key, placeId, devEui, device } = await registeredSensor();
    const revoked = await api(`/api/place/${placeId}/devices/${device.id}`, { method: "DELETE", headers: await asAdmin() });
    expect(revoked.status).toBe(200);
    expect(await (await webhook(key, uplink(devEui))).json()).toMatchObject({ stored: false });
    const again = await ttnDevice(placeId, devEui);
    expect(again.id).toBe(device.id);
    expect(await (await webhook(key, uplink(devEui))).json()).toEqual({ ok: true, stored: true });
    expect(await currentPopulation(placeId)).toBe(10);
  });

  it("refuses a DevEUI that is not 16 hex digits", async () => {
    const placeId = await createPlace();
    for (const bad of ["70B3D57ED005", "70B3D57ED005ZZZZ", 42]) {
      const response = await postJson(`/api/place/${placeId}/devices`, { name: "Bad", dev_eui: bad }, await asAdmin());
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("dev_eui: dev_eui must be 16 hexadecimal digits.");
    }
  });
});

describe("an integration key bound to its application and its places (issue 25, item 4)", () => {
  /** The uplink of `devEui` as the application `applicationId`'s webhook sends it. */
  const uplinkOf = (applicationId: string, devEui: string) => {
    const body = uplink(devEui);
    body.end_device_ids.application_ids.application_id = applicationId;
    return body;
  };

  async function venueDevice(applicationId: string | undefined) {
    const placeId = await createPlace();
    const devEui = freshEui();
    const body = { name: `TTN ${devEui}`, dev_eui: devEui, ...(applicationId ? { application_id: applicationId } : {}) };
    const response = await postJson(`/api/place/${placeId}/devices`, body, await asAdmin());
    expect(response.status).toBe(201);
    return { placeId, devEui, device: await response.json<{ id: number }>() };
  }

  it("refuses venue A's key posting venue B's DevEUI with 403 and stores nothing, in its own application's name or in B's", async () => {
    const { key: keyA } = await newIntegrationKey("venue-a");
    const { key: keyB } = await newIntegrationKey("venue-b");
    const b = await venueDevice("venue-b");
    for (const forged of [uplinkOf("venue-a", b.devEui), uplinkOf("venue-b", b.devEui)]) {
      const response = await webhook(keyA, forged);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatch(/application/);
    }
    expect(await storedReadings(b.placeId)).toEqual([]);
    const listed = await (await getAs("/api/integrations/ttn/unregistered", await asAdmin())).json<{ uplinks: { dev_eui: string }[] }>();
    expect(listed.uplinks.map((row) => row.dev_eui)).not.toContain(b.devEui);
    // B's own key still counts.
    expect(await (await webhook(keyB, uplinkOf("venue-b", b.devEui))).json()).toEqual({ ok: true, stored: true });
    expect(await storedReadings(b.placeId)).toEqual([{ ts: networkTime, device_id: b.device.id, count: 10 }]);
  });

  it("registers a device given by DevEUI alone under the application of its first uplink, then refuses other keys", async () => {
    const { key: keyA } = await newIntegrationKey("venue-a");
    const { key: keyB } = await newIntegrationKey("venue-b");
    const b = await venueDevice(undefined);
    expect(await (await webhook(keyB, uplinkOf("venue-b", b.devEui))).json()).toEqual({ ok: true, stored: true });
    const { results } = await env.DB.prepare("SELECT ttn_application_id FROM devices WHERE id = ?").bind(b.device.id).all();
    expect(results).toEqual([{ ttn_application_id: "venue-b" }]);
    expect((await webhook(keyA, uplinkOf("venue-a", b.devEui))).status).toBe(403);
    expect(await storedReadings(b.placeId)).toEqual([{ ts: networkTime, device_id: b.device.id, count: 10 }]);
  });

  it("binds a key made before keys were bound to its first uplink's application", async () => {
    const key = `tpi_${randomToken(32)}`;
    await env.DB.prepare("INSERT INTO integration_keys (key_hash, created_at) VALUES (?, ?)").bind(await sha256Hex(key), now).run();
    const a = await venueDevice("venue-a");
    expect(await (await webhook(key, uplinkOf("venue-a", a.devEui))).json()).toEqual({ ok: true, stored: true });
    const other = await webhook(key, uplinkOf("venue-b", freshEui()));
    expect(other.status).toBe(403);
    const listed = await (await getAs("/api/integrations/ttn", await asAdmin())).json<{ keys: { application_id: string | null }[] }>();
    expect(listed.keys.map((row) => row.application_id)).not.toContain(null);
  });

  it("remembers an unknown DevEUI for a minute: its repeats read and write nothing in D1", async () => {
    const { key } = await newIntegrationKey();
    const devEui = freshEui();
    expect((await webhook(key, uplink(devEui))).status).toBe(202);
    // Registered by a request another isolate served: had the next uplink read D1, it would count.
    const placeId = await createPlace();
    await env.DB.prepare("INSERT INTO devices (place_id, name, key_hash, dev_eui, ttn_application_id, created_at) VALUES (?, 'TTN', ?, ?, ?, ?)")
      .bind(placeId, `elsewhere:${devEui}`, devEui, APP, now)
      .run();
    vi.setSystemTime(now + UNKNOWN_DEV_EUI_TTL_MS - 1);
    expect((await webhook(key, laterUplink(devEui, 1_000))).status).toBe(202);
    const { results } = await env.DB.prepare("SELECT uplinks FROM unregistered_uplinks WHERE dev_eui = ?").bind(devEui).all();
    expect(results).toEqual([{ uplinks: 1 }]);
    vi.setSystemTime(now + UNKNOWN_DEV_EUI_TTL_MS);
    expect(await (await webhook(key, laterUplink(devEui, 2_000))).json()).toEqual({ ok: true, stored: true });
  });

  it("needs the application at key creation, and a well-formed one with a DevEUI at registration", async () => {
    const admin = await asAdmin();
    expect((await postJson("/api/integrations/ttn", {}, admin)).status).toBe(400);
    expect((await postJson("/api/integrations/ttn", { application_id: "Not An ID" }, admin)).status).toBe(400);
    const placeId = await createPlace();
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "No DevEUI", application_id: APP }, admin)).status).toBe(400);
    expect((await postJson(`/api/place/${placeId}/devices`, { name: "Bad app", dev_eui: freshEui(), application_id: "-x" }, admin)).status).toBe(400);
    const { results } = await env.DB.prepare("SELECT id FROM devices WHERE place_id = ?").bind(placeId).all();
    expect(results).toEqual([]);
  });
});
