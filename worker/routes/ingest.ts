// Sensor uploads (docs/device-protocol.md). The hot path is one indexed D1 read to authenticate
// the device key and one RPC to the place's PlaceOccupancy object; readings never touch D1 here.
import { Hono } from "hono";
import { requireDevice } from "../auth/middleware";
import type { AppEnv } from "../env";
import { rateLimit } from "../lib/rate-limit";
import { readJson } from "../lib/validation";
import { placeOccupancy } from "../occupancy/place-occupancy";
import { splitByTimeWindow } from "../occupancy/reading-window";
import { heartbeatBodySchema, ingestBodySchema } from "../schemas/ingest";

/** 1,000 readings with ISO times are ~50 KB; leave room for whitespace. */
const MAX_INGEST_BYTES = 256 * 1024;

// One budget per sensor for readings and heartbeats together, counted after its key is checked.
const perDevice = rateLimit({ limiter: "DEVICE_LIMITER", scope: "device", key: (c) => String(c.var.device.id) });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const ingestRoutes = new Hono<AppEnv>()
  .post("/ingest", requireDevice, perDevice, async (c) => {
    const device = c.var.device;
    const body = await readJson(c, ingestBodySchema, MAX_INGEST_BYTES);
    const now = Date.now();
    const readings = body.readings ?? [{ ts: now, count: body.count! }];
    const { storable, problems } = splitByTimeWindow(readings, now);
    const stored = storable.length > 0
      ? await placeOccupancy(c.env, device.placeId).ingest(device.placeId, device.id, storable)
      : { accepted: 0, duplicates: 0 };
    const answer = {
      accepted: stored.accepted,
      duplicates: stored.duplicates,
      rejected: problems.length,
      server_time: new Date(now).toISOString(),
    };
    if (problems.length === 0) return c.json(answer);
    const rest =
      storable.length === 0
        ? "nothing was stored"
        : `the other ${plural(storable.length, "reading")} ${storable.length === 1 ? "was" : "were"} stored`;
    const error = `${plural(problems.length, "reading")} rejected for ${problems.length === 1 ? "its" : "their"} time; ${rest}.`;
    return c.json({ error, details: problems, ...answer }, 422);
  })
  .post("/ingest/heartbeat", requireDevice, perDevice, async (c) => {
    const device = c.var.device;
    // A bare POST with no body is a heartbeat too.
    const bare = !c.req.header("content-type") && (c.req.header("content-length") ?? "0") === "0";
    const body = bare ? {} : await readJson(c, heartbeatBodySchema);
    await placeOccupancy(c.env, device.placeId).heartbeat(device.placeId, device.id, body);
    return c.json({ ok: true, server_time: new Date().toISOString() });
  });
