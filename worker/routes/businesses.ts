import { Hono } from "hono";
import { placeIdSchema, requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { listBusinesses, setMaxDevices } from "../db/places";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { describe, jsonBody, params } from "../lib/openapi";
import { businessAnswerSchema, businessesAnswerSchema, type BusinessAnswer, type BusinessesAnswer } from "../../common/schemas/answers";
import { maxDevicesSchema } from "../../common/schemas/place";

// Device limits (admin, Manage Max Devices). Lowering a limit below the devices already registered
// keeps them working; it only stops new registrations.
const tag = "Admin";

export const businessRoutes = new Hono<AppEnv>()
  .get(
    "/businesses",
    describe({ tag, summary: "Every place with its device limit", access: "admin", answers: { 200: businessesAnswerSchema } }),
    requireAdmin,
    async (c) => {
      return c.json({ businesses: await listBusinesses(getDb(c.env)) } satisfies BusinessesAnswer);
    },
  )
  .put(
    "/businesses/:id/max-devices",
    describe({ tag, summary: "Set a place's device limit", access: "admin", answers: { 200: businessAnswerSchema }, errors: [404] }),
    requireAdmin,
    params({ id: placeIdSchema }),
    jsonBody(maxDevicesSchema),
    async (c) => {
      const business = await setMaxDevices(getDb(c.env), c.req.valid("param").id, c.req.valid("json").max_devices);
      if (!business) throw notFound("No such place.");
      return c.json(business satisfies BusinessAnswer);
    },
  );
