import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  try {
    await c.env.DB.prepare("SELECT 1").first();
  } catch (error) {
    console.error("health: D1 unreachable", error);
    throw new ApiError(503, "The database is unreachable.");
  }
  return c.json({ ok: true });
});
