import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { describe } from "../lib/openapi";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";

export const healthRoutes = new Hono<AppEnv>().get(
  "/health",
  describe({ tag: "Config", summary: "The worker and its database answer", access: "public", answers: { 200: okAnswerSchema }, errors: [503] }),
  async (c) => {
    try {
      await c.env.DB.prepare("SELECT 1").first();
    } catch (error) {
      console.error("health: D1 unreachable", error);
      throw new ApiError(503, "The database is unreachable.");
    }
    return c.json({ ok: true } satisfies OkAnswer);
  },
);
