// The sensor registry of a place: admins register and revoke, owners see status.
import { Hono } from "hono";
import { placeIdSchema, requireAdmin, requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { activeDevices, deviceLimit, devicePlace, registerDevice, revokeDevice, toDeviceAnswer, toRegisteredDeviceAnswer } from "../db/devices";
import { forgetUnregisteredUplinks } from "../db/integrations";
import type { AppEnv } from "../env";
import { sha256Hex, randomToken } from "../lib/crypto";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody, params } from "../lib/openapi";
import { forgetDevEui, forgetDevEuiDevice } from "../ingest/dev-eui-cache";
import { placeOccupancy } from "../occupancy/place-occupancy";
import {
  devicesAnswerSchema,
  okAnswerSchema,
  registeredDeviceAnswerSchema,
  type DevicesAnswer,
} from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { deviceRegistrationSchema } from "../../common/schemas/ttn";

const deviceIdSchema = idParamSchema("Device id must be a positive whole number.");

const tag = "Sensors";

export const deviceRoutes = new Hono<AppEnv>()
  .post(
    "/place/:id/devices",
    describe({
      tag,
      summary: "Register a sensor: its key is in this answer only",
      access: "admin",
      answers: { 201: registeredDeviceAnswerSchema },
      errors: [404, 409],
    }),
    requireAdmin,
    params({ id: placeIdSchema }),
    jsonBody(deviceRegistrationSchema),
    async (c) => {
      const placeId = c.req.valid("param").id;
      const { name, dev_eui: devEui = null, application_id: applicationId = null } = c.req.valid("json");
      const db = getDb(c.env);
      const limit = await deviceLimit(db, placeId);
      if (limit === null) throw notFound("No such place.");
      // The key is the device's only credential: 32 random bytes, stored as its SHA-256.
      const key = `tpd_${randomToken(32)}`;
      const outcome = await registerDevice(db, placeId, name, await sha256Hex(key), devEui, applicationId);
      if (outcome.kind === "name-taken") throw conflict(`This place already has a device named "${name}".`);
      if (outcome.kind === "dev-eui-taken") throw conflict(`An active device already has the DevEUI ${devEui}. Revoke it first.`);
      if (outcome.kind === "limit-reached") {
        throw conflict(`This place already has its maximum of ${limit} device${limit === 1 ? "" : "s"}. Revoke one or raise the limit.`);
      }
      if (devEui !== null) {
        await forgetUnregisteredUplinks(db, devEui);
        // Remembered here as unknown, it would wait out the minute (ingest/dev-eui-cache.ts).
        forgetDevEui(devEui);
      }
      await placeOccupancy(c.env, placeId).deviceRegistered(placeId, outcome.id);
      return c.json(toRegisteredDeviceAnswer({ id: outcome.id, name, devEui, createdAt: outcome.createdAt }, key), 201);
    },
  )
  .get(
    "/place/:id/devices",
    describe({ tag, summary: "A place's sensors and their status", access: "place-owner", answers: { 200: devicesAnswerSchema } }),
    requirePlaceOwner(),
    async (c) => {
      const placeId = c.var.placeId;
      const db = getDb(c.env);
      const [registered, place, statuses] = await Promise.all([
        activeDevices(db, placeId),
        devicePlace(db, placeId),
        placeOccupancy(c.env, placeId).devices(placeId),
      ]);
      // requirePlaceOwner found the place; one deleted since has nothing to report.
      if (!place) throw notFound("No such place.");
      const now = Date.now();
      const devices = registered.map((device) => toDeviceAnswer(device, statuses.find((s) => s.deviceId === device.id), place, now));
      const answer: DevicesAnswer = { devices, max_devices: place.maxDevices };
      return c.json(answer);
    },
  )
  .delete(
    "/place/:id/devices/:deviceId",
    describe({ tag, summary: "Revoke a sensor's key", access: "admin", answers: { 200: okAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: placeIdSchema, deviceId: deviceIdSchema }),
    async (c) => {
      const { id: placeId, deviceId } = c.req.valid("param");
      if (!(await revokeDevice(getDb(c.env), placeId, deviceId))) throw notFound("No such device at this place.");
      forgetDevEuiDevice(deviceId);
      await placeOccupancy(c.env, placeId).forgetDevice(placeId, deviceId);
      return c.json({ ok: true });
    },
  );
