// POST /api/ingest and /api/ingest/heartbeat: device auth, validation, the time window,
// idempotency and what reaches the place's object.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { KEY_RECHECK_MS, placeOccupancy } from "../../worker/occupancy/place-occupancy";
import { api, postJson } from "./helpers";
import { addDevice, asAdmin, createPlace, errorOf, ingest, isoAt, useFixedClock } from "./occupancy-fixtures";

const now = Date.UTC(2031, 4, 13, 20, 7, 30);
const minute = 60_000;

useFixedClock(now);

async function storedReadings(placeId: number) {
  return runInDurableObject(placeOccupancy(env, placeId), (_object, state) =>
    state.storage.sql.exec<{ ts: number; device_id: number; count: number }>("SELECT ts, device_id, count FROM readings ORDER BY ts").toArray(),
  );
}

describe("POST /api/ingest authentication", () => {
  it("refuses a missing, unknown or malformed key with 401", async () => {
    const missing = await postJson("/api/ingest", { count: 1 });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "Send the device key as 'Authorization: Bearer <key>'." });
    const unknown = await ingest("tpd_not-a-real-key", { count: 1 });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: "Unknown or revoked device key." });
    expect((await postJson("/api/ingest", { count: 1 }, { authorization: "Basic abc" })).status).toBe(401);
  });

  /** A device row written straight into D1, as if registered with `key`, bypassing the registry. */
  async function deviceRowFor(key: string) {
    const placeId = await createPlace();
    await env.DB.prepare("INSERT INTO devices (place_id, name, key_hash, created_at) VALUES (?, ?, ?, ?)")
      .bind(placeId, `Planted ${crypto.randomUUID()}`, await sha256Hex(key), now)
      .run();
  }

  it("refuses a key that is not of the registry's form without looking it up", async () => {
    const malformed = "tpd_short";
    await deviceRowFor(malformed);
    const refused = await ingest(malformed, { count: 1 });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Unknown or revoked device key." });
  });

  it("remembers an unknown key for a minute, so repeating it reads D1 once", async () => {
    const key = `tpd_${randomToken(32)}`;
    expect((await ingest(key, { count: 1 })).status).toBe(401);
    // Had the second request read D1 it would find this row and be accepted.
    await deviceRowFor(key);
    expect((await ingest(key, { count: 1 })).status).toBe(401);
    vi.setSystemTime(now + minute + 1000);
    expect((await ingest(key, { count: 1 })).status).toBe(200);
  });

  it("stops accepting a revoked device's key at once", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    expect((await ingest(device.key, { count: 4 })).status).toBe(200);
    const revoked = await api(`/api/place/${placeId}/devices/${device.id}`, { method: "DELETE", headers: await asAdmin() });
    expect(revoked.status).toBe(200);
    const after = await ingest(device.key, { count: 5 });
    expect(after.status).toBe(401);
    expect(await storedReadings(placeId)).toEqual([{ ts: now, device_id: device.id, count: 4 }]);
  });
});

describe("device keys checked by the place's object", () => {
  it("takes the new key of a device registered again under its name, and keeps refusing the old one", async () => {
    const placeId = await createPlace();
    const first = await addDevice(placeId, "Front bar");
    expect((await ingest(first.key, { count: 4 })).status).toBe(200);
    await api(`/api/place/${placeId}/devices/${first.id}`, { method: "DELETE", headers: await asAdmin() });
    const again = await addDevice(placeId, "Front bar");
    expect(again.id).toBe(first.id);

    expect((await ingest(first.key, { count: 5 })).status).toBe(401);
    vi.setSystemTime(now + minute);
    expect((await ingest(again.key, { count: 6 })).status).toBe(200);
    expect((await postJson("/api/ingest/heartbeat", {}, { authorization: `Bearer ${first.key}` })).status).toBe(401);
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([4, 6]);
  });

  it("keeps a device's new key when the message revoking its old one arrives after the new key was used", async () => {
    const placeId = await createPlace();
    const first = await addDevice(placeId, "Back room");
    expect((await ingest(first.key, { count: 1 })).status).toBe(200);
    // One admin's DELETE has revoked the row but its call to the object is slow; another admin
    // registers the name again and the sensor starts with its new key.
    await env.DB.prepare("UPDATE devices SET revoked_at = ? WHERE id = ?").bind(now, first.id).run();
    const again = await addDevice(placeId, "Back room");
    vi.setSystemTime(now + minute);
    expect((await ingest(again.key, { count: 2 })).status).toBe(200);
    await placeOccupancy(env, placeId).forgetDevice(placeId, first.id);

    vi.setSystemTime(now + 2 * minute);
    expect((await ingest(again.key, { count: 3 })).status).toBe(200);
    expect((await ingest(first.key, { count: 4 })).status).toBe(401);
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([1, 2, 3]);
  });

  it("still stops a key revoked in D1 whose message to the object was lost, within KEY_RECHECK_MS", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    expect((await ingest(device.key, { count: 1 })).status).toBe(200);
    // The admin's DELETE revoked the row, then failed before telling the object.
    await env.DB.prepare("UPDATE devices SET revoked_at = ? WHERE id = ?").bind(now, device.id).run();

    vi.setSystemTime(now + KEY_RECHECK_MS - 1_000);
    expect((await ingest(device.key, { count: 2 })).status).toBe(200);
    vi.setSystemTime(now + KEY_RECHECK_MS);
    expect((await ingest(device.key, { count: 3 })).status).toBe(401);
    vi.setSystemTime(now + KEY_RECHECK_MS + 1_000);
    expect((await ingest(device.key, { count: 4 })).status).toBe(401);
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([1, 2]);
  });

  it("takes the worker's D1 read of a key for that request instead of reading the row again", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    // A hash D1 has no row for: only the worker's word can let it in.
    const keyHash = await sha256Hex(`tpd_${randomToken(32)}`);
    const outcome = await placeOccupancy(env, placeId).ingest(placeId, keyHash, [{ ts: now, count: 7, index: 0 }], now, { deviceId: device.id });
    expect(outcome).toMatchObject({ accepted: 1 });
    expect(await storedReadings(placeId)).toEqual([{ ts: now, device_id: device.id, count: 7 }]);
  });

  it("reads D1 itself when the worker's read of a key was overtaken by the device's revocation", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    // The worker found the key active; the revocation then reached D1 and the object first.
    await env.DB.prepare("UPDATE devices SET revoked_at = ? WHERE id = ?").bind(now, device.id).run();
    await placeOccupancy(env, placeId).forgetDevice(placeId, device.id);
    const object = placeOccupancy(env, placeId);
    const keyHash = await sha256Hex(device.key);
    expect(await object.ingest(placeId, keyHash, [{ ts: now, count: 7, index: 0 }], now, { deviceId: device.id })).toEqual({ refused: "unknown-key" });
    expect(await object.heartbeat(placeId, keyHash, {}, { deviceId: device.id })).toEqual({ refused: "unknown-key" });
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("refuses a revoked key whose first request reaches a fresh object, and stores nothing", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    await api(`/api/place/${placeId}/devices/${device.id}`, { method: "DELETE", headers: await asAdmin() });
    const refused = await ingest(device.key, { count: 3 });
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toBe("Unknown or revoked device key.");
    expect(await storedReadings(placeId)).toEqual([]);
  });
});

describe("POST /api/ingest validation", () => {
  const cases: [string, unknown, string][] = [
    ["no readings and no count", {}, "Send either readings: [{ ts, count }, …] or a single count."],
    ["both forms at once", { count: 1, readings: [{ ts: 1, count: 1 }] }, "Send either readings: [{ ts, count }, …] or a single count."],
    ["an empty batch", { readings: [] }, "readings: readings must hold at least one reading."],
    ["a negative count", { readings: [{ ts: isoAt(now, 0), count: -1 }] }, "readings.0.count: count must be a whole number from 0 to 10,000."],
    ["a fractional count", { count: 2.5 }, "count: count must be a whole number from 0 to 10,000."],
    ["a count above 10,000", { count: 10_001 }, "count: count must be a whole number from 0 to 10,000."],
    ["a count sent as text", { count: "3" }, "count: count must be a whole number from 0 to 10,000."],
    ["a local time without a zone", { readings: [{ ts: "2031-05-13T20:00:00", count: 1 }] }, "readings.0.ts: ts must be an ISO-8601 time with a zone (Z or ±hh:mm) or a number of epoch seconds."],
    ["epoch milliseconds", { readings: [{ ts: now, count: 1 }] }, "readings.0.ts: ts must be an ISO-8601 time with a zone (Z or ±hh:mm) or a number of epoch seconds."],
    ["a list instead of an object", [{ count: 1 }], "Send either readings: [{ ts, count }, …] or a single count."],
  ];

  it.each(cases)("refuses %s with 400 and stores nothing", async (_name, body, message) => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const response = await ingest(device.key, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("refuses more than 1,000 readings, malformed JSON and other content types", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const readings = Array.from({ length: 1001 }, (_, i) => ({ ts: (now - i * 1000) / 1000, count: 1 }));
    const tooMany = await ingest(device.key, { readings });
    expect(tooMany.status).toBe(400);
    expect(await errorOf(tooMany)).toBe("readings: Send at most 1,000 readings per request.");
    expect((await ingest(device.key, "{not json")).status).toBe(400);
    const text = await api("/api/ingest", { method: "POST", headers: { authorization: `Bearer ${device.key}` }, body: "count=1" });
    expect(text.status).toBe(415);
    expect(await storedReadings(placeId)).toEqual([]);
  });

  it("accepts a full batch of 1,000 readings in ISO-8601 and epoch seconds", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const readings = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? { ts: new Date(now - i * minute).toISOString(), count: i % 50 } : { ts: (now - i * minute) / 1000, count: i % 50 },
    );
    const response = await ingest(device.key, { readings });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 1000, duplicates: 0, superseded: 0, rejected: 0, server_time: new Date(now).toISOString() });
    expect(await storedReadings(placeId)).toHaveLength(1000);
  });

  it("reads zones and fractions exactly", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    await ingest(device.key, {
      readings: [
        { ts: "2031-05-13T16:05:00-04:00", count: 1 },
        { ts: "2031-05-13T20:04:00.123456Z", count: 2 },
        { ts: 1936469190.5, count: 3 }, // epoch seconds: 20:06:30.5
      ],
    });
    expect((await storedReadings(placeId)).map((row) => row.ts)).toEqual([
      Date.UTC(2031, 4, 13, 20, 4, 0, 123),
      Date.UTC(2031, 4, 13, 20, 5),
      Date.UTC(2031, 4, 13, 20, 6, 30, 500),
    ]);
  });
});

describe("POST /api/ingest time window and idempotency", () => {
  it("stores the good readings of a batch and answers 422 naming the ones out of the window", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const readings = [
      { ts: isoAt(now, -2), count: 3 },
      { ts: isoAt(now, 6), count: 4 }, // a clock running ahead
      { ts: isoAt(now, 4), count: 5 }, // within 5 minutes ahead: fine
      { ts: isoAt(now, -7 * 24 * 60 - 1), count: 6 }, // more than 7 days old
    ];
    const response = await ingest(device.key, { readings });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "2 readings rejected for their time; the other 2 readings were stored.",
      details: [
        { field: "readings.1.ts", message: "More than 5 minutes in the future: check the device clock." },
        { field: "readings.3.ts", message: "Older than 7 days: too old to store." },
      ],
      accepted: 2,
      duplicates: 0,
      superseded: 0,
      rejected: 2,
      server_time: new Date(now).toISOString(),
    });
    expect((await storedReadings(placeId)).map((row) => row.count)).toEqual([3, 5]);

    const allOld = await ingest(device.key, { readings: [{ ts: "2020-01-01T00:00:00Z", count: 1 }] });
    expect(allOld.status).toBe(422);
    expect(await allOld.json()).toMatchObject({ error: "1 reading rejected for its time; nothing was stored.", accepted: 0, rejected: 1 });
  });

  it("treats (device, ts) as unique: a repeated batch changes nothing, other devices may share a ts", async () => {
    const placeId = await createPlace();
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    const batch = { readings: [{ ts: isoAt(now, -1), count: 3 }, { ts: isoAt(now, 0), count: 4 }] };
    expect(await (await ingest(a.key, batch)).json()).toMatchObject({ accepted: 2, duplicates: 0 });
    const again = { readings: [{ ts: isoAt(now, -1), count: 99 }, { ts: isoAt(now, 0), count: 4 }] };
    expect(await (await ingest(a.key, again)).json()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await (await ingest(b.key, batch)).json()).toMatchObject({ accepted: 2, duplicates: 0 });
    expect((await storedReadings(placeId)).map((row) => [row.device_id, row.count])).toEqual([
      [a.id, 3],
      [b.id, 3],
      [a.id, 4],
      [b.id, 4],
    ]);
  });

  it("stamps a single { count } with the server's time", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    expect(await (await ingest(device.key, { count: 17 })).json()).toMatchObject({ accepted: 1 });
    expect(await storedReadings(placeId)).toEqual([{ ts: now, device_id: device.id, count: 17 }]);
  });
});

describe("POST /api/ingest/heartbeat", () => {
  it("records firmware, uptime and signal, and a bare POST counts as a heartbeat", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const headers = { authorization: `Bearer ${device.key}` };
    const first = await postJson("/api/ingest/heartbeat", { firmware: "1.4.2", uptime_s: 3600, rssi: -61 }, headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, server_time: new Date(now).toISOString() });
    vi.setSystemTime(now + minute);
    expect((await api("/api/ingest/heartbeat", { method: "POST", headers })).status).toBe(200);
    const [status] = await placeOccupancy(env, placeId).devices(placeId);
    expect(status).toMatchObject({ deviceId: device.id, heartbeatAt: now + minute, firmware: "1.4.2", uptimeS: 3600, rssi: -61, readingTs: null });
  });

  it("refuses bad fields and unknown keys", async () => {
    const placeId = await createPlace();
    const device = await addDevice(placeId);
    const bad = await postJson("/api/ingest/heartbeat", { rssi: 20 }, { authorization: `Bearer ${device.key}` });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("rssi: rssi must be a whole number of dBm from -150 to 0.");
    expect((await postJson("/api/ingest/heartbeat", {}, { authorization: "Bearer nope" })).status).toBe(401);
  });
});

describe("rate limit", () => {
  it("allows 60 requests a minute per device, readings and heartbeats together, then answers 429 with Retry-After", async () => {
    const placeId = await createPlace();
    const busy = await addDevice(placeId);
    const calm = await addDevice(placeId);
    const headers = { authorization: `Bearer ${busy.key}` };
    // A minute apart: a sensor stores one reading a minute.
    const readingAt = (minutesAgo: number, count: number) => ({ readings: [{ ts: new Date(now - minutesAgo * minute).toISOString(), count }] });
    for (let i = 0; i < 60; i++) {
      const response = i % 10 === 0 ? await postJson("/api/ingest/heartbeat", {}, headers) : await ingest(busy.key, readingAt(i, i));
      expect(response.status).toBe(200);
    }
    const refused = await ingest(busy.key, readingAt(61, 99));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await errorOf(refused)).toBe("Too many attempts. Please wait 60 seconds and try again.");
    expect((await postJson("/api/ingest/heartbeat", {}, headers)).status).toBe(429);
    expect((await ingest(calm.key, { count: 1 })).status).toBe(200);

    // Retry-After counts down to the end of the device's minute, and then it may send again.
    vi.setSystemTime(now + 45_500);
    expect((await ingest(busy.key, readingAt(62, 99))).headers.get("retry-after")).toBe("15");
    vi.setSystemTime(now + minute);
    expect((await ingest(busy.key, { count: 100 })).status).toBe(200);
    // Nothing a refused request carried was stored: 54 readings in the first minute, 1 after.
    const busyCounts = (await storedReadings(placeId)).filter((row) => row.device_id === busy.id).map((row) => row.count);
    const sentInFirstMinute = Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 10 !== 0);
    expect(busyCounts.toSorted((a, b) => a - b)).toEqual([...sentInFirstMinute, 100]);
  });
});
