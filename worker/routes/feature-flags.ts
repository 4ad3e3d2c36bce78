import { Hono } from "hono";
import * as v from "valibot";
import { getDb } from "../db/client";
import { isFeatureEnabled } from "../db/feature-flags";
import type { AppEnv } from "../env";
import { parseOrThrow } from "../lib/validation";
import type { FeatureFlagAnswer } from "../../common/schemas/answers";

const flagNameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/i, "A feature flag name is letters, digits, dots, dashes or underscores."),
);

// POST, as the spec's client calls it, though nothing changes: flags are read-only over the API.
export const featureFlagRoutes = new Hono<AppEnv>().post("/feature-flags/:name", async (c) => {
  const name = parseOrThrow(flagNameSchema, c.req.param("name"));
  return c.json({ value: await isFeatureEnabled(getDb(c.env), name) } satisfies FeatureFlagAnswer);
});
