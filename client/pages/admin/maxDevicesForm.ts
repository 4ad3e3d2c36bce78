// Max devices: a required whole number, checked with the worker's own schema.
import * as v from "valibot";
import { maxDevicesSchema } from "../../../common/schemas/place";

export type MaxDevicesInput = { ok: true; value: number } | { ok: false; message: string };

export function parseMaxDevices(text: string): MaxDevicesInput {
  const result = v.safeParse(maxDevicesSchema, { max_devices: text });
  return result.success ? { ok: true, value: result.output.max_devices } : { ok: false, message: result.issues[0].message };
}
