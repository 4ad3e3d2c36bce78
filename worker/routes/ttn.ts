// The Things Stack v3 (LoRaWAN) webhook and its admin side: integration keys, and the uplinks of
// DevEUIs no device has yet (docs/device-protocol.md#the-things-stack-lorawan).
import { Hono, type Context } from "hono";
import { requireAdmin, requireIntegrationKey } from "../auth/middleware";
import { getDb } from "../db/client";
import { deviceByDevEui } from "../db/devices";
import {
  activeIntegrationKeys,
  createIntegrationKey,
  recordUnregisteredUplink,
  revokeIntegrationKey,
  unregisteredUplinkList,
} from "../db/integrations";
import type { AppEnv } from "../env";
import { readUplink, ttnUplinkSchema } from "../ingest/ttn-uplink";
import { randomToken, sha256Hex } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { expectNoBody, parseOrThrow, readJson } from "../lib/validation";
import { isRefusal, placeOccupancy } from "../occupancy/place-occupancy";
import { splitByTimeWindow } from "../occupancy/reading-window";
import { finalMessage } from "./ingest";
import { idParamSchema } from "../../common/schemas/fields";
import type { IntegrationKeysAnswer, TtnIngestAnswer, UnregisteredUplinksAnswer } from "../../common/schemas/ttn";

const keyIdSchema = idParamSchema("Integration key id must be a positive whole number.");

const UNREGISTERED_REASON = "unregistered device";
const RATE_LIMITED_REASON = "Too many uplinks from this device this minute.";

/**
 * Anything The Things Stack should not retry is a 2xx: it disables a webhook that keeps failing,
 * which would cut off every venue behind it.
 */
const acknowledge = (c: Context<AppEnv>, answer: TtnIngestAnswer, status: 200 | 202 = 200) => c.json(answer, status);

export const ttnRoutes = new Hono<AppEnv>()
  .post("/integrations/ttn", requireAdmin, async (c) => {
    await expectNoBody(c);
    // Like device keys: 32 random bytes, shown once, stored as the SHA-256.
    const key = `tpi_${randomToken(32)}`;
    return c.json(await createIntegrationKey(getDb(c.env), await sha256Hex(key), key), 201);
  })
  .get("/integrations/ttn", requireAdmin, async (c) => {
    const answer: IntegrationKeysAnswer = { keys: await activeIntegrationKeys(getDb(c.env)) };
    return c.json(answer);
  })
  .get("/integrations/ttn/unregistered", requireAdmin, async (c) => {
    const answer: UnregisteredUplinksAnswer = { uplinks: await unregisteredUplinkList(getDb(c.env)) };
    return c.json(answer);
  })
  .delete("/integrations/ttn/:id", requireAdmin, async (c) => {
    const id = parseOrThrow(keyIdSchema, c.req.param("id"));
    if (!(await revokeIntegrationKey(getDb(c.env), id))) throw notFound("No such integration key.");
    return c.json({ ok: true });
  })
  .post("/ingest/ttn", requireIntegrationKey, async (c) => {
    const now = Date.now();
    const reading = readUplink(await readJson(c, ttnUplinkSchema), now);
    if (reading.kind === "ignored") return acknowledge(c, { ok: true, stored: false, reason: reading.reason });
    const db = getDb(c.env);
    const device = await deviceByDevEui(db, reading.devEui);
    if (!device) {
      await recordUnregisteredUplink(db, reading.devEui, reading.kind === "count" ? reading.count : null, now);
      return acknowledge(c, { ok: true, stored: false, reason: UNREGISTERED_REASON }, 202);
    }
    const object = placeOccupancy(c.env, device.placeId);
    if (reading.kind === "heartbeat") {
      const outcome = await object.heartbeatFrom(device.placeId, device.id, {
        uptime_s: reading.uptimeS ?? undefined,
        rssi: reading.rssi ?? undefined,
      });
      if (isRefusal(outcome)) return acknowledge(c, { ok: true, stored: false, reason: RATE_LIMITED_REASON });
      return acknowledge(c, { ok: true, stored: true });
    }
    const { storable, problems } = splitByTimeWindow([{ ts: reading.ts, count: reading.count }], now);
    if (problems.length > 0) return acknowledge(c, { ok: true, stored: false, reason: problems[0].message });
    const outcome = await object.ingestFrom(device.placeId, device.id, storable, now);
    if (isRefusal(outcome)) return acknowledge(c, { ok: true, stored: false, reason: RATE_LIMITED_REASON });
    if (outcome.accepted > 0) return acknowledge(c, { ok: true, stored: true });
    // A resent uplink has the same device and time: the object already holds it.
    if (outcome.duplicates > 0) return acknowledge(c, { ok: true, stored: false, duplicate: true });
    if (outcome.final.length > 0) return acknowledge(c, { ok: true, stored: false, reason: finalMessage(outcome.rawFrom) });
    return acknowledge(c, { ok: true, stored: false, reason: "A later reading of that minute is already stored." });
  });
