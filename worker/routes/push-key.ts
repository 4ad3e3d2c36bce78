// The server's Web Push public key (docs/push.md#keys), which a browser needs to subscribe:
// PushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }).
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { describe } from "../lib/openapi";
import { pushPublicKeyAnswerSchema } from "../../common/schemas/push";

export const pushKeyRoutes = new Hono<AppEnv>().get(
  "/push/public-key",
  describe({
    tag: "Notifications",
    summary: "The VAPID public key browsers subscribe with",
    description: "base64url of the uncompressed P-256 point, for PushManager.subscribe's applicationServerKey.",
    access: "public",
    answers: { 200: pushPublicKeyAnswerSchema },
    errors: [503],
  }),
  (c) => {
    if (!c.env.VAPID_PUBLIC_KEY) throw new ApiError(503, "Push notifications are not configured on this server.");
    return c.json({ public_key: c.env.VAPID_PUBLIC_KEY });
  },
);
