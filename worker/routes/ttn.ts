// The Things Stack v3 (LoRaWAN) webhook and its admin side: integration keys, and the uplinks of
// DevEUIs no device has yet (docs/device-protocol.md#the-things-stack-lorawan).
import { Hono, type Context } from "hono";
import { forgetActiveIntegrationKeys, rememberIntegrationKeyApplication, requireAdmin, requireIntegrationKey } from "../auth/middleware";
import { getDb } from "../db/client";
import { bindDeviceApplication } from "../db/devices";
import {
  activeIntegrationKeys,
  bindIntegrationKey,
  createIntegrationKey,
  recordUnregisteredUplink,
  revokeIntegrationKey,
  unregisteredUplinkList,
} from "../db/integrations";
import type { AppEnv } from "../env";
import { activeDeviceOfDevEui, forgetDevEui, rememberDevEuiApplication, type DevEuiDevice } from "../ingest/dev-eui-cache";
import { readUplink, ttnUplinkSchema, type UplinkReading } from "../ingest/ttn-uplink";
import { randomToken, sha256Hex } from "../lib/crypto";
import { forbidden, notFound } from "../lib/errors";
import { describe, jsonBody, params } from "../lib/openapi";
import { isRefusal, placeOccupancy, type DeviceRefusal, type IngestResult } from "../occupancy/place-occupancy";
import { splitByTimeWindow } from "../occupancy/reading-window";
import { finalMessage } from "./ingest";
import { idParamSchema } from "../../common/schemas/fields";
import { okAnswerSchema } from "../../common/schemas/answers";
import {
  createdIntegrationKeySchema,
  integrationKeyCreationSchema,
  integrationKeysAnswerSchema,
  ttnIngestAnswerSchema,
  unregisteredUplinksAnswerSchema,
  type IntegrationKeysAnswer,
  type TtnIngestAnswer,
  type UnregisteredUplinksAnswer,
} from "../../common/schemas/ttn";

const keyIdSchema = idParamSchema("Integration key id must be a positive whole number.");

const tag = "Sensors";

const UNREGISTERED_REASON = "unregistered device";
const RATE_LIMITED_REASON = "Too many uplinks from this device this minute.";
const REVOKED_REASON = "revoked device";

/**
 * Anything The Things Stack should not retry is a 2xx: it disables a webhook that keeps failing,
 * which would cut off every venue behind it.
 */
const acknowledge = (c: Context<AppEnv>, answer: TtnIngestAnswer, status: 200 | 202 = 200) => c.json(answer, status);

/** An uplink the place's object turned away, acknowledged: a retry would change nothing. */
const refused = (c: Context<AppEnv>, refusal: DeviceRefusal) =>
  refusal.refused === "rate-limited"
    ? acknowledge(c, { ok: true, stored: false, reason: RATE_LIMITED_REASON })
    : acknowledge(c, { ok: true, stored: false, reason: REVOKED_REASON }, 202);

/**
 * Hands a count or heartbeat to its device's place object: what the object answered, or why the
 * count is not storable (outside the time window).
 */
async function deliver(
  env: Env,
  device: DevEuiDevice,
  reading: Exclude<UplinkReading, { kind: "ignored" }>,
  now: number,
): Promise<IngestResult | DeviceRefusal | { ok: true } | { reason: string }> {
  const object = placeOccupancy(env, device.placeId);
  if (reading.kind === "heartbeat") {
    return object.heartbeatFrom(device.placeId, device.id, { uptime_s: reading.uptimeS ?? undefined, rssi: reading.rssi ?? undefined });
  }
  const { storable, problems } = splitByTimeWindow([{ ts: reading.ts, count: reading.count }], now);
  if (problems.length > 0) return { reason: problems[0].message };
  return object.ingestFrom(device.placeId, device.id, storable, now, reading.rssi);
}

/**
 * The application the request's integration key is bound to: a key made before keys were bound
 * is bound here to its first uplink's application.
 */
async function keyApplication(c: Context<AppEnv>, uplinkApplication: string): Promise<string | null> {
  const key = c.var.integrationKey;
  if (key.applicationId !== null) return key.applicationId;
  const bound = await bindIntegrationKey(getDb(c.env), key.id, uplinkApplication);
  rememberIntegrationKeyApplication(key.id, bound);
  return bound;
}

/**
 * The device if it is registered under the key's application, which a device registered without
 * one takes from its first uplink; otherwise a 403, so a key reaches no other application's places.
 */
async function deviceOfApplication(env: Env, devEui: string, device: DevEuiDevice, application: string): Promise<DevEuiDevice> {
  let registered = device.applicationId;
  if (registered === null) {
    registered = await bindDeviceApplication(getDb(env), device.id, application);
    rememberDevEuiApplication(devEui, registered);
  }
  if (registered !== application) throw forbidden(`The DevEUI ${devEui} is registered under another The Things Stack application than "${application}".`);
  return device;
}

export const ttnRoutes = new Hono<AppEnv>()
  .post(
    "/integrations/ttn",
    describe({
      tag,
      summary: "Create a Things Stack webhook key for one application: it is in this answer only",
      access: "admin",
      answers: { 201: createdIntegrationKeySchema },
    }),
    requireAdmin,
    jsonBody(integrationKeyCreationSchema),
    async (c) => {
      // Like device keys: 32 random bytes, shown once, stored as the SHA-256.
      const key = `tpi_${randomToken(32)}`;
      const { application_id: applicationId } = c.req.valid("json");
      return c.json(await createIntegrationKey(getDb(c.env), await sha256Hex(key), key, applicationId), 201);
    },
  )
  .get(
    "/integrations/ttn",
    describe({ tag, summary: "Active webhook keys (never the keys themselves)", access: "admin", answers: { 200: integrationKeysAnswerSchema } }),
    requireAdmin,
    async (c) => {
      const answer: IntegrationKeysAnswer = { keys: await activeIntegrationKeys(getDb(c.env)) };
      return c.json(answer);
    },
  )
  .get(
    "/integrations/ttn/unregistered",
    describe({ tag, summary: "Uplinks from DevEUIs no device has (the 500 most recently seen)", access: "admin", answers: { 200: unregisteredUplinksAnswerSchema } }),
    requireAdmin,
    async (c) => {
      const answer: UnregisteredUplinksAnswer = { uplinks: await unregisteredUplinkList(getDb(c.env)) };
      return c.json(answer);
    },
  )
  .delete(
    "/integrations/ttn/:id",
    describe({ tag, summary: "Revoke a webhook key: its next use is a 401", access: "admin", answers: { 200: okAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: keyIdSchema }),
    async (c) => {
      if (!(await revokeIntegrationKey(getDb(c.env), c.req.valid("param").id))) throw notFound("No such integration key.");
      // Refused from its next use here; other isolates check D1 again within INTEGRATION_KEY_RECHECK_MS.
      forgetActiveIntegrationKeys();
      return c.json({ ok: true });
    },
  )
  .post(
    "/ingest/ttn",
    describe({
      tag,
      summary: "The Things Stack v3 uplink webhook",
      description:
        "Port 1 is a count (decoded_payload.pax, wifi + ble, or Paxcounter's packed bytes), port 2 a heartbeat, other ports and simulated uplinks are acknowledged. Everything The Things Stack should not retry is a 2xx: an unknown DevEUI is a 202 and is listed for the admin. An uplink of another application than the key's, or of a DevEUI registered under another application, is a 403 and stores nothing.",
      access: "integration",
      answers: { 200: ttnIngestAnswerSchema, 202: ttnIngestAnswerSchema },
      errors: [403],
    }),
    requireIntegrationKey,
    jsonBody(ttnUplinkSchema),
    async (c) => {
      const now = Date.now();
      const uplink = c.req.valid("json");
      const application = uplink.end_device_ids.application_ids.application_id;
      const keyApp = await keyApplication(c, application);
      if (keyApp !== application) throw forbidden(`This integration key is for the The Things Stack application "${keyApp}", not "${application}".`);
      const reading = readUplink(uplink, now);
      if (reading.kind === "ignored") return acknowledge(c, { ok: true, stored: false, reason: reading.reason });
      const db = getDb(c.env);
      let found = await activeDeviceOfDevEui(db, reading.devEui, now);
      let outcome = found.device && (await deliver(c.env, await deviceOfApplication(c.env, reading.devEui, found.device, application), reading, now));
      if (outcome && isRefusal(outcome) && outcome.refused === "revoked" && found.remembered) {
        // Revoked since this isolate looked it up: the DevEUI may be another device's by now.
        forgetDevEui(reading.devEui);
        found = await activeDeviceOfDevEui(db, reading.devEui, now);
        outcome = found.device && (await deliver(c.env, await deviceOfApplication(c.env, reading.devEui, found.device, application), reading, now));
      }
      if (!outcome) {
        // An unknown DevEUI this isolate remembers was counted in the list within the last minute.
        if (!found.remembered) await recordUnregisteredUplink(db, reading.devEui, reading.kind === "count" ? reading.count : null, application, now);
        return acknowledge(c, { ok: true, stored: false, reason: UNREGISTERED_REASON }, 202);
      }
      if (isRefusal(outcome)) return refused(c, outcome);
      if ("ok" in outcome) return acknowledge(c, { ok: true, stored: true });
      if ("reason" in outcome) return acknowledge(c, { ok: true, stored: false, reason: outcome.reason });
      if (outcome.accepted > 0) return acknowledge(c, { ok: true, stored: true });
      // A resent uplink has the same device and time: the object already holds it.
      if (outcome.duplicates > 0) return acknowledge(c, { ok: true, stored: false, duplicate: true });
      if (outcome.final.length > 0) return acknowledge(c, { ok: true, stored: false, reason: finalMessage(outcome.rawFrom) });
      return acknowledge(c, { ok: true, stored: false, reason: "A later reading of that minute is already stored." });
    },
  );
