import { Hono } from "hono";
import * as v from "valibot";
import { getDb } from "../db/client";
import { isFeatureEnabled } from "../db/feature-flags";
import type { AppEnv } from "../env";
import { describe, params } from "../lib/openapi";
import { featureFlagAnswerSchema, type FeatureFlagAnswer } from "../../common/schemas/answers";

const flagNameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/i, "A feature flag name is letters, digits, dots, dashes or underscores."),
);

// POST, as the spec's client calls it, though nothing changes: flags are read-only over the API.
export const featureFlagRoutes = new Hono<AppEnv>().post(
  "/feature-flags/:name",
  describe({ tag: "Config", summary: "Whether a feature flag is on (unknown flags are off); reads no body", access: "public", answers: { 200: featureFlagAnswerSchema } }),
  params({ name: flagNameSchema }),
  async (c) => {
    const answer: FeatureFlagAnswer = { value: await isFeatureEnabled(getDb(c.env), c.req.valid("param").name) };
    return c.json(answer);
  },
);
