// The signed-in account's Web Push subscriptions (docs/push.md): a browser adds the one
// PushManager.subscribe() gave it, and removes it when the person switches pushes off or signs out.
// Endpoints are addresses the worker will POST to, so only known push services are accepted.
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { deletePushSubscription, MAX_SUBSCRIPTIONS_PER_ACCOUNT, savePushSubscription } from "../db/push";
import type { AppEnv } from "../env";
import { allowsLocalReceivers } from "../alerts/webhook-url";
import { fromBase64Url } from "../lib/crypto";
import { badRequest, conflict, notFound } from "../lib/errors";
import { describe, jsonBody } from "../lib/openapi";
import { pushEndpointProblem } from "../push/endpoint-url";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { pushSubscribedAnswerSchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from "../../common/schemas/push";

const tag = "Notifications";
const P256DH_MESSAGE = "keys.p256dh must be a P-256 public key (uncompressed point) as base64url.";
const TAKEN_ENDPOINT = "This browser's subscription belongs to another account. Unsubscribe it in the browser and subscribe again.";

/** Whether the bytes are a point on P-256: a key the encryption can use. */
async function isP256Point(bytes: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

export const pushSubscriptionRoutes = new Hono<AppEnv>()
  .post(
    "/me/push-subscriptions",
    describe({
      tag,
      summary: "Receive this account's notifications as Web Push in this browser",
      description: `The body is PushSubscription.toJSON(). The endpoint must be an https address of Google's, Mozilla's, Apple's or Microsoft's push service. An account keeps at most ${MAX_SUBSCRIPTIONS_PER_ACCOUNT}; the oldest is replaced. The account's own endpoint again takes the new keys; an endpoint another account holds is a 409 and stays theirs (the browser unsubscribes and subscribes again for a new one).`,
      access: "signed-in",
      answers: { 201: pushSubscribedAnswerSchema },
      errors: [403, 409],
    }),
    requireUser,
    jsonBody(pushSubscriptionBodySchema, 4096),
    async (c) => {
      const accountId = accountIdOf(c);
      const { endpoint, keys } = c.req.valid("json");
      const problem = pushEndpointProblem(endpoint, { allowLocal: allowsLocalReceivers(c.env) });
      if (problem) throw badRequest(problem, [{ field: "endpoint", message: problem }]);
      if (!(await isP256Point(fromBase64Url(keys.p256dh.replace(/=$/, ""))))) throw badRequest(P256DH_MESSAGE, [{ field: "keys.p256dh", message: P256DH_MESSAGE }]);
      const id = await savePushSubscription(getDb(c.env), accountId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      if (id === null) throw conflict(TAKEN_ENDPOINT);
      return c.json({ id }, 201);
    },
  )
  .delete(
    "/me/push-subscriptions",
    describe({ tag, summary: "Stop Web Push to this browser", description: "The body is {endpoint}.", access: "signed-in", answers: { 200: okAnswerSchema }, errors: [403, 404] }),
    requireUser,
    jsonBody(pushUnsubscribeBodySchema, 4096),
    async (c) => {
      const accountId = accountIdOf(c);
      if (!(await deletePushSubscription(getDb(c.env), accountId, c.req.valid("json").endpoint))) throw notFound("This account has no such push subscription.");
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
