// What sensors send (docs/device-protocol.md) and what admins send to register them.
import * as v from "valibot";

export const MAX_READINGS_PER_BATCH = 1_000;
export const MAX_COUNT = 10_000;
/** Largest epoch-seconds value accepted; anything bigger is almost surely milliseconds. */
const MAX_EPOCH_SECONDS = 1e11;

export const COUNT_MESSAGE = `count must be a whole number from 0 to ${MAX_COUNT.toLocaleString("en-US")}.`;
export const TS_MESSAGE = "ts must be an ISO-8601 time with a zone (Z or ±hh:mm) or a number of epoch seconds.";

// Local times without a zone are refused: the server cannot know which clock they were read from.
const ISO_WITH_ZONE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i;

/** Epoch ms of an ISO-8601 string with a zone, or null. Fractions beyond milliseconds are dropped. */
function parseIsoTime(text: string): number | null {
  const match = ISO_WITH_ZONE.exec(text);
  if (!match) return null;
  const [, time, fraction = "", zone] = match;
  const ms = Date.parse(`${time}${fraction ? `.${fraction.slice(0, 3).padEnd(3, "0")}` : ""}${zone}`);
  return Number.isNaN(ms) ? null : ms;
}

const countSchema = v.pipe(
  v.number(COUNT_MESSAGE),
  v.integer(COUNT_MESSAGE),
  v.minValue(0, COUNT_MESSAGE),
  v.maxValue(MAX_COUNT, COUNT_MESSAGE),
);

/** ts as ISO-8601 or epoch seconds, turned into epoch ms. */
const timestampSchema = v.pipe(
  v.union([v.string(), v.number()], TS_MESSAGE),
  v.check(
    (value) =>
      typeof value === "string"
        ? parseIsoTime(value) !== null
        : Number.isFinite(value) && value >= 0 && value < MAX_EPOCH_SECONDS,
    TS_MESSAGE,
  ),
  v.transform((value) => (typeof value === "string" ? parseIsoTime(value)! : Math.round(value * 1000))),
);

export const readingSchema = v.object({ ts: timestampSchema, count: countSchema }, "Each reading must be an object { ts, count }.");

export const ingestBodySchema = v.pipe(
  v.object(
    {
      readings: v.optional(
        v.pipe(
          v.array(readingSchema, "readings must be a list of { ts, count }."),
          v.minLength(1, "readings must hold at least one reading."),
          v.maxLength(MAX_READINGS_PER_BATCH, `Send at most ${MAX_READINGS_PER_BATCH.toLocaleString("en-US")} readings per request.`),
        ),
      ),
      count: v.optional(countSchema),
    },
    "Send a JSON object.",
  ),
  v.check(
    (body) => (body.readings === undefined) !== (body.count === undefined),
    "Send either readings: [{ ts, count }, …] or a single count.",
  ),
);

export const heartbeatBodySchema = v.object(
  {
    firmware: v.optional(v.pipe(v.string("firmware must be text."), v.trim(), v.maxLength(64, "firmware must be at most 64 characters."))),
    uptime_s: v.optional(v.pipe(v.number("uptime_s must be whole seconds."), v.integer("uptime_s must be whole seconds."), v.minValue(0, "uptime_s must be whole seconds."))),
    rssi: v.optional(
      v.pipe(
        v.number("rssi must be a whole number of dBm from -150 to 0."),
        v.integer("rssi must be a whole number of dBm from -150 to 0."),
        v.minValue(-150, "rssi must be a whole number of dBm from -150 to 0."),
        v.maxValue(0, "rssi must be a whole number of dBm from -150 to 0."),
      ),
    ),
  },
  "Send a JSON object (it may be empty).",
);

export const deviceNameSchema = v.object(
  {
    name: v.pipe(
      v.string("Give the device a name."),
      v.trim(),
      v.nonEmpty("Give the device a name."),
      v.maxLength(100, "Device names are at most 100 characters."),
    ),
  },
  "Send a JSON object { name }.",
);
