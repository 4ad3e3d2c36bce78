// The Things Stack v3 uplink message, as its webhooks POST it (format: "Data Formats" → "Uplink
// Messages" of The Things Stack's documentation, github.com/TheThingsIndustries/lorawan-stack-docs,
// doc/content/integrations/data-formats/_index.md). The Things Stack omits every field whose value
// is "", 0 or false (f_cnt 0, f_port 0, simulated false …), so only the DevEUI, the application
// and a payload are required; unknown fields pass through, as new versions add some.
import * as v from "valibot";
import { MAX_COUNT, readingSchema } from "../../common/schemas/ingest";
import { applicationIdSchema, devEuiSchema } from "../../common/schemas/ttn";
import { COUNTER_PORT, decodePackedCount, decodePackedUptime, STATUS_PORT } from "./paxcounter";

export const DEV_EUI_MESSAGE = "end_device_ids.dev_eui must be 16 hexadecimal digits.";
export const UPLINK_MESSAGE_MESSAGE = "uplink_message must be an object.";
export const APPLICATION_IDS_MESSAGE = "end_device_ids.application_ids.application_id must be a The Things Stack application ID.";
export const END_DEVICE_IDS_MESSAGE = "end_device_ids must hold dev_eui (16 hexadecimal digits) and application_ids: { application_id }.";
const UPLINK_MESSAGE = "Send a The Things Stack uplink message: { end_device_ids, uplink_message, … }.";
const TIME_MESSAGE = "received_at must be an ISO-8601 time with a zone.";
const BASE64_MESSAGE = "frm_payload must be base64.";


// The Things Stack writes nanoseconds ("…:46.014773143Z"); the ingest API's parser keeps milliseconds.
const timeSchema = v.pipe(
  v.string(TIME_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = v.safeParse(readingSchema.entries.ts, dataset.value);
    if (parsed.success) return parsed.output;
    addIssue({ message: TIME_MESSAGE });
    return NEVER;
  }),
);

const frmPayloadSchema = v.pipe(
  v.string(BASE64_MESSAGE),
  // The classes exclude "=", so this cannot backtrack.
  v.regex(/^[A-Za-z0-9+/]*={0,2}$/, BASE64_MESSAGE),
  v.check((text) => text.length % 4 === 0, BASE64_MESSAGE),
  v.transform((text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))),
);

const wholeNumber = (message: string, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(max, message));

const rxMetadataSchema = v.looseObject({
  rssi: v.optional(v.number("rx_metadata[].rssi must be a number.")),
  channel_rssi: v.optional(v.number("rx_metadata[].channel_rssi must be a number.")),
});

export const ttnUplinkSchema = v.looseObject(
  {
    end_device_ids: v.looseObject(
      {
        dev_eui: devEuiSchema(DEV_EUI_MESSAGE),
        // Always sent: the integration key is bound to it (docs/device-protocol.md#7-the-things-stack-lorawan).
        application_ids: v.looseObject({ application_id: applicationIdSchema(APPLICATION_IDS_MESSAGE) }, APPLICATION_IDS_MESSAGE),
      },
      END_DEVICE_IDS_MESSAGE,
    ),
    received_at: v.optional(timeSchema),
    simulated: v.optional(v.boolean("simulated must be true or false.")),
    // An empty payload is left out by The Things Stack too: such an uplink is acknowledged as
    // holding no count (readUplink), never refused, as the network disables failing webhooks.
    uplink_message: v.looseObject(
      {
        f_port: v.optional(wholeNumber("f_port must be a whole number from 0 to 255.", 255)),
        f_cnt: v.optional(wholeNumber("f_cnt must be a whole number from 0 to 4294967295.", 0xffff_ffff)),
        frm_payload: v.optional(frmPayloadSchema),
        // Whatever the application's payload formatter made of it: read with care, never refused.
        decoded_payload: v.optional(v.record(v.string(), v.unknown(), "decoded_payload must be an object.")),
        rx_metadata: v.optional(v.array(rxMetadataSchema, "rx_metadata must be a list.")),
        received_at: v.optional(timeSchema),
      },
      UPLINK_MESSAGE_MESSAGE,
    ),
  },
  UPLINK_MESSAGE,
);

export type TtnUplink = v.InferOutput<typeof ttnUplinkSchema>;

export type UplinkReading =
  | {
      kind: "count";
      devEui: string;
      /** Epoch ms the network received it. */
      ts: number;
      count: number;
      fCnt: number;
      /** Best RSSI among the gateways that heard it (whole dBm), null when none said. */
      rssi: number | null;
      /** Same key, same uplink: a replay stores nothing new. */
      replayKey: string;
    }
  | { kind: "heartbeat"; devEui: string; ts: number; rssi: number | null; uptimeS: number | null }
  | { kind: "ignored"; devEui: string; reason: string };

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * What an uplink means for us. Port 1 is a count, port 2 (device status) a heartbeat, anything else
 * and console-simulated uplinks are acknowledged and ignored. `now` stands in for a time only when
 * the message carries none.
 */
export function readUplink(uplink: TtnUplink, now: number): UplinkReading {
  const devEui = uplink.end_device_ids.dev_eui;
  const message = uplink.uplink_message;
  if (uplink.simulated) return { kind: "ignored", devEui, reason: "A simulated uplink (from the console) is not stored." };
  const port = message.f_port ?? 0;
  // The network server's time of reception, else the application server's.
  const ts = message.received_at ?? uplink.received_at ?? now;
  const rssi = bestRssi(message.rx_metadata ?? []);
  if (port === STATUS_PORT) {
    return { kind: "heartbeat", devEui, ts, rssi, uptimeS: uptimeOf(message.decoded_payload, message.frm_payload) };
  }
  if (port !== COUNTER_PORT) return { kind: "ignored", devEui, reason: `Port ${port} carries no count.` };
  const count = countOf(message.decoded_payload, message.frm_payload);
  if (count === null) {
    return { kind: "ignored", devEui, reason: "No count in the payload: neither pax, wifi nor ble, nor a Paxcounter packed layout." };
  }
  if (count > MAX_COUNT) {
    return { kind: "ignored", devEui, reason: `A count of ${count} is above ${MAX_COUNT.toLocaleString("en-US")}.` };
  }
  const fCnt = message.f_cnt ?? 0;
  // Not a correlation id: their order is unspecified and "gs:conn:…" is shared by every uplink of
  // a gateway connection. The frame counter alone repeats when an ABP device restarts; with the
  // time it names one uplink, and a resent webhook carries both unchanged.
  return { kind: "count", devEui, ts, count, fCnt, rssi, replayKey: `${devEui}:${fCnt}:${ts}` };
}

/** decoded_payload.pax, else wifi + ble, else the packed frm_payload. */
function countOf(decoded: Record<string, unknown> | undefined, frmPayload: Uint8Array | undefined): number | null {
  if (decoded) {
    if (isCount(decoded.pax)) return decoded.pax;
    const parts = [decoded.wifi, decoded.ble];
    if (parts.some(isCount) && parts.every((part) => part === undefined || isCount(part))) {
      return parts.reduce<number>((sum, part) => sum + ((part as number | undefined) ?? 0), 0);
    }
  }
  return frmPayload ? (decodePackedCount(frmPayload)?.pax ?? null) : null;
}

function uptimeOf(decoded: Record<string, unknown> | undefined, frmPayload: Uint8Array | undefined): number | null {
  if (isCount(decoded?.uptime)) return decoded.uptime;
  return frmPayload ? decodePackedUptime(frmPayload) : null;
}

/** The strongest signal any gateway heard; The Things Stack may give only channel_rssi. */
function bestRssi(metadata: readonly { rssi?: number; channel_rssi?: number }[]): number | null {
  let best: number | null = null;
  for (const gateway of metadata) {
    const rssi = gateway.rssi ?? gateway.channel_rssi;
    if (rssi !== undefined && (best === null || rssi > best)) best = rssi;
  }
  return best === null ? null : Math.round(best);
}
