// Sensor uploads (docs/device-protocol.md). The hot path is one RPC to the place's PlaceOccupancy
// object, which checks the key, counts the sensor's requests and stores the readings; D1 is read
// only on a key's first request in this isolate, and the object takes that read's word unless it
// has heard of the device's revocation since.
import { Hono } from "hono";
import type * as v from "valibot";
import { requireDeviceKey, UNKNOWN_DEVICE_KEY_MESSAGE } from "../auth/middleware";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { RateLimitedError } from "../lib/rate-limit";
import { describe, jsonBody } from "../lib/openapi";
import { readJson } from "../lib/validation";
import { heartbeatAnswerSchema, ingestAnswerSchema, ingestRejectedAnswerSchema } from "../../common/schemas/answers";
import { isRefusal, placeOccupancy, type DeviceRefusal } from "../occupancy/place-occupancy";
import { splitByTimeWindow } from "../occupancy/reading-window";
import { heartbeatBodySchema, ingestBodySchema } from "../../common/schemas/ingest";

/** 1,000 readings with ISO times are ~50 KB; leave room for whitespace. */
const MAX_INGEST_BYTES = 256 * 1024;

/** The answer to a request the place's object turned away. */
function refusalError(refusal: DeviceRefusal) {
  return refusal.refused === "rate-limited" ? new RateLimitedError(refusal.retryAfterSeconds) : unauthorized(UNKNOWN_DEVICE_KEY_MESSAGE);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The reading's position in `readings.3.ts`, to list refusals in the order they were sent. */
const fieldIndex = (field: string) => Number(field.split(".")[1]);

export const finalMessage = (rawFrom: number) =>
  `Too late: its quarter hour is final, as this place holds raw readings only from ${new Date(rawFrom).toISOString()}.`;

const tag = "Sensors";

export const ingestRoutes = new Hono<AppEnv>()
  .post(
    "/ingest",
    describe({
      tag,
      summary: "A sensor's counts: a batch of readings or one count now",
      description: "Readings outside the time window (or in a quarter hour already final) are refused one by one: 422 says which, and the rest are stored.",
      access: "sensor",
      answers: { 200: ingestAnswerSchema, 422: ingestRejectedAnswerSchema },
    }),
    requireDeviceKey,
    jsonBody(ingestBodySchema, MAX_INGEST_BYTES),
    async (c) => {
      const { keyHash, placeId, readFromD1 } = c.var.deviceKey;
      const body = c.req.valid("json");
      const now = Date.now();
      const readings = body.readings ?? [{ ts: now, count: body.count! }];
      const { storable, problems: outOfWindow } = splitByTimeWindow(readings, now);
      // Called even with nothing storable: the object checks the key and counts the request.
      const stored = await placeOccupancy(c.env, placeId).ingest(placeId, keyHash, storable, now, readFromD1);
      if (isRefusal(stored)) throw refusalError(stored);
      const tooLate = stored.final.map((index) => ({ field: `readings.${index}.ts`, message: finalMessage(stored.rawFrom) }));
      const problems = [...outOfWindow, ...tooLate].sort((a, b) => fieldIndex(a.field) - fieldIndex(b.field));
      const answer: v.InferOutput<typeof ingestAnswerSchema> = {
        accepted: stored.accepted,
        duplicates: stored.duplicates,
        superseded: stored.superseded,
        rejected: problems.length,
        server_time: new Date(now).toISOString(),
      };
      if (problems.length === 0) return c.json(answer);
      const taken = readings.length - problems.length;
      const rest = taken === 0 ? "nothing was stored" : `the other ${plural(taken, "reading")} ${taken === 1 ? "was" : "were"} stored`;
      const error = `${plural(problems.length, "reading")} rejected for ${problems.length === 1 ? "its" : "their"} time; ${rest}.`;
      return c.json({ error, details: problems, ...answer } satisfies v.InferOutput<typeof ingestRejectedAnswerSchema>, 422);
    },
  )
  .post(
    "/ingest/heartbeat",
    describe({
      tag,
      summary: "A sensor is alive (firmware, uptime, signal)",
      description: "The body may be left out altogether.",
      access: "sensor",
      body: { required: false, content: { "application/json": heartbeatBodySchema } },
      answers: { 200: heartbeatAnswerSchema },
      errors: [400, 413, 415],
    }),
    requireDeviceKey,
    async (c) => {
      const { keyHash, placeId, readFromD1 } = c.var.deviceKey;
      // A bare POST with no body is a heartbeat too.
      const bare = !c.req.header("content-type") && (c.req.header("content-length") ?? "0") === "0";
      const body = bare ? {} : await readJson(c, heartbeatBodySchema);
      const outcome = await placeOccupancy(c.env, placeId).heartbeat(placeId, keyHash, body, readFromD1);
      if (isRefusal(outcome)) throw refusalError(outcome);
      return c.json({ ok: true, server_time: new Date().toISOString() } satisfies v.InferOutput<typeof heartbeatAnswerSchema>);
    },
  );
