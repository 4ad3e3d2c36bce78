import { Hono } from "hono";
import { getDb } from "../db/client";
import { listPartnerVenues } from "../db/places";
import type { AppEnv } from "../env";

export const placeRoutes = new Hono<AppEnv>().get("/website/places", async (c) => {
  return c.json(await listPartnerVenues(getDb(c.env)));
});
