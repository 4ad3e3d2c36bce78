import { Hono } from "hono";
import { placeIdSchema, requireAdmin } from "../auth/middleware";
import { getDb } from "../db/client";
import { listBusinesses, setMaxDevices } from "../db/places";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { parseOrThrow, readJson } from "../lib/validation";
import type { BusinessAnswer, BusinessesAnswer } from "../../common/schemas/answers";
import { maxDevicesSchema } from "../../common/schemas/place";

// Device limits (admin, Manage Max Devices). Lowering a limit below the devices already registered
// keeps them working; it only stops new registrations.
export const businessRoutes = new Hono<AppEnv>()
  .get("/businesses", requireAdmin, async (c) => {
    return c.json({ businesses: await listBusinesses(getDb(c.env)) } satisfies BusinessesAnswer);
  })
  .put("/businesses/:id/max-devices", requireAdmin, async (c) => {
    const placeId = parseOrThrow(placeIdSchema, c.req.param("id"));
    const { max_devices } = await readJson(c, maxDevicesSchema);
    const business = await setMaxDevices(getDb(c.env), placeId, max_devices);
    if (!business) throw notFound("No such place.");
    return c.json(business satisfies BusinessAnswer);
  });
