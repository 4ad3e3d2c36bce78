// The Things Stack integration (docs/device-protocol.md#the-things-stack-lorawan): what the admin
// sends and gets back, and what the webhook answers. Answers are schemas so their types are inferred.
import * as v from "valibot";
import { isoTime } from "./answers";
import { deviceNameSchema } from "./ingest";

export const REGISTER_DEV_EUI_MESSAGE = "dev_eui must be 16 hexadecimal digits.";

/** A DevEUI as the devices table keys it: 16 hex digits, upper case. */
export const devEuiSchema = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.regex(/^[0-9a-f]{16}$/i, message), v.toUpperCase());

export const APPLICATION_ID_MESSAGE =
  "application_id must be a The Things Stack application ID: 3 to 36 lower-case letters, digits and single dashes between them.";

/**
 * A The Things Stack application ID as its console allows them (lower-case letters and digits,
 * dashes only between them, 3–36 characters); the pattern cannot backtrack.
 */
export const applicationIdSchema = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(/^[a-z0-9](?:-?[a-z0-9]){2,35}$/, message));

/**
 * POST /api/place/{id}/devices: a name, and the DevEUI of a LoRaWAN sensor with the The Things
 * Stack application it is registered under (without one, its first uplink's application).
 */
export const deviceRegistrationSchema = v.pipe(
  v.object(
    {
      ...deviceNameSchema.entries,
      dev_eui: v.optional(devEuiSchema(REGISTER_DEV_EUI_MESSAGE)),
      application_id: v.optional(applicationIdSchema(APPLICATION_ID_MESSAGE)),
    },
    "Send a JSON object { name, dev_eui?, application_id? }.",
  ),
  v.forward(
    v.check((input) => input.application_id === undefined || input.dev_eui !== undefined, "application_id needs a dev_eui."),
    ["application_id"],
  ),
);

/** POST /api/integrations/ttn: the application whose webhook will send the key. */
export const integrationKeyCreationSchema = v.object(
  { application_id: applicationIdSchema(APPLICATION_ID_MESSAGE) },
  "Send a JSON object { application_id }: the ID of the The Things Stack application whose webhook sends the key.",
);


export const integrationKeySchema = v.strictObject({
  id: v.number(),
  /** Null only for a key made before keys were bound, until its first uplink. */
  application_id: v.nullable(v.string()),
  created_at: isoTime,
  last_used_at: v.nullable(isoTime),
});
export type IntegrationKeyAnswer = v.InferOutput<typeof integrationKeySchema>;

/** GET /api/integrations/ttn: active keys, never the keys themselves. */
export const integrationKeysAnswerSchema = v.strictObject({ keys: v.array(integrationKeySchema) });
export type IntegrationKeysAnswer = v.InferOutput<typeof integrationKeysAnswerSchema>;

/** POST /api/integrations/ttn: the one answer that carries the key. */
export const createdIntegrationKeySchema = v.strictObject({ id: v.number(), key: v.string(), application_id: v.string(), created_at: isoTime });
export type CreatedIntegrationKeyAnswer = v.InferOutput<typeof createdIntegrationKeySchema>;

export const unregisteredUplinkSchema = v.strictObject({
  dev_eui: v.string(),
  first_seen: isoTime,
  last_seen: isoTime,
  uplinks: v.number(),
  /** The count of the latest counting uplink; null when only status uplinks came. */
  last_count: v.nullable(v.number()),
  /** The application of the integration key its latest uplink came with. */
  application_id: v.nullable(v.string()),
});
export type UnregisteredUplinkAnswer = v.InferOutput<typeof unregisteredUplinkSchema>;

/** GET /api/integrations/ttn/unregistered: most recently seen first. */
export const unregisteredUplinksAnswerSchema = v.strictObject({ uplinks: v.array(unregisteredUplinkSchema) });
export type UnregisteredUplinksAnswer = v.InferOutput<typeof unregisteredUplinksAnswerSchema>;

/** POST /api/ingest/ttn: every uplink The Things Stack should not retry is a 2xx with this. */
export const ttnIngestAnswerSchema = v.strictObject({
  ok: v.literal(true),
  stored: v.boolean(),
  duplicate: v.optional(v.literal(true)),
  /** Why nothing was stored, when that was not a duplicate. */
  reason: v.optional(v.string()),
});
export type TtnIngestAnswer = v.InferOutput<typeof ttnIngestAnswerSchema>;
