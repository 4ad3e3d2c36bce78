import { Hono } from "hono";
import type { AppEnv } from "../env";
import { describe } from "../lib/openapi";
import { monitoringConfig } from "../lib/monitoring";
import {
  mapConfigAnswerSchema,
  monitoringConfigAnswerSchema,
  type MapConfigAnswer,
  type MonitoringConfigAnswer,
} from "../../common/schemas/answers";

// Public settings the browser needs at run time. They come from the worker's vars (wrangler.toml
// holds the defaults), so a deployment can point the map at another tile server, or switch session
// monitoring on, without a rebuild.
export const configRoutes = new Hono<AppEnv>()
  .get(
    "/config/map",
    describe({ tag: "Live", summary: "The live map's basemap (tile URL and attribution)", access: "public", answers: { 200: mapConfigAnswerSchema } }),
    (c) => {
      const answer: MapConfigAnswer = { tile_url: c.env.MAP_TILE_URL, attribution: c.env.MAP_TILE_ATTRIBUTION };
      c.header("cache-control", "public, max-age=300");
      return c.json(answer);
    },
  )
  .get(
    "/config/monitoring",
    describe({
      tag: "Live",
      summary: "Session monitoring's browser settings (docs/monitoring.md); rum is null while monitoring is off",
      access: "public",
      answers: { 200: monitoringConfigAnswerSchema },
    }),
    (c) => {
      const answer: MonitoringConfigAnswer = { rum: monitoringConfig(c.env) };
      c.header("cache-control", "public, max-age=300");
      return c.json(answer);
    },
  );
