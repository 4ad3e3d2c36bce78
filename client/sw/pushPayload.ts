// A push's payload as the service worker reads it (docs/push.md), apart from policy.ts so that the
// pages importing the policy's constants do not bring valibot and the schemas along.
import * as v from "valibot";
import { pushPayloadSchema, type PushPayload } from "../../common/schemas/push";

/** The notification a push shows, or null for a payload that is not ours (it is then dropped). */
export function readPushPayload(data: unknown): PushPayload | null {
  const parsed = v.safeParse(pushPayloadSchema, data);
  return parsed.success ? parsed.output : null;
}
