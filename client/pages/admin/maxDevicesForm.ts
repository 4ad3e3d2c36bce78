// Max devices (spec §5): a required whole number, 0 or more.
import { REQUIRED_MESSAGE } from "../../../worker/schemas/submission";

export const MAX_DEVICES_MESSAGE = "Max devices must be a whole number, 0 or more.";

export type MaxDevicesInput = { ok: true; value: number } | { ok: false; message: string };

export function parseMaxDevices(text: string): MaxDevicesInput {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: REQUIRED_MESSAGE };
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > 1000) return { ok: false, message: MAX_DEVICES_MESSAGE };
  return { ok: true, value: Number(trimmed) };
}
