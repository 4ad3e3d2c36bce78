// A place's webhook endpoints (docs/alerts.md): owners add one (its signing secret is shown
// once), list them with their delivery log, and remove one. Deliveries go through the queue
// (worker/alerts/delivery.ts).
import { Hono } from "hono";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { createWebhook, deleteWebhook, MAX_WEBHOOKS_PER_PLACE, webhooksOf } from "../db/alerts";
import type { AppEnv } from "../env";
import { badRequest, conflict, notFound } from "../lib/errors";
import { describe, jsonBody, params } from "../lib/openapi";
import { allowsLocalReceivers, webhookUrlProblem } from "../alerts/webhook-url";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { createdWebhookSchema, webhookBodySchema, webhooksAnswerSchema } from "../../common/schemas/alerts";

const tag = "Alerts";
const webhookIdSchema = idParamSchema("Webhook id must be a positive whole number.");

/** A signing secret: "whsec_" and 32 random bytes, base64url. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

export const webhookRoutes = new Hono<AppEnv>()
  .get(
    "/place/:id/webhooks",
    describe({
      tag,
      summary: "The place's webhook endpoints with their newest 20 deliveries (time, status, attempts)",
      access: "place-owner",
      answers: { 200: webhooksAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => c.json({ webhooks: await webhooksOf(getDb(c.env), c.var.placeId) }),
  )
  .post(
    "/place/:id/webhooks",
    describe({
      tag,
      summary: "Add a webhook endpoint; answers its signing secret, shown this once",
      description:
        "Every alert is posted as JSON {id, type, place_id, occurred_at, data} with the header Third-Place-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\" with the secret>. The url must be https on port 443 and public (no loopback, private, link-local or reserved address, no local name); it is checked again before every delivery. Failed deliveries are retried with backoff for 24 hours; an endpoint failing for 24 hours is switched off with a notification.",
      access: "place-owner",
      answers: { 201: createdWebhookSchema },
      errors: [409],
    }),
    requirePlaceOwner(),
    jsonBody(webhookBodySchema, 4096),
    async (c) => {
      const { url } = c.req.valid("json");
      const problem = webhookUrlProblem(url, { allowLocal: allowsLocalReceivers(c.env) });
      if (problem) throw badRequest(problem, [{ field: "url", message: problem }]);
      const secret = newSecret();
      const id = await createWebhook(getDb(c.env), c.var.placeId, url, secret, c.get("principal").userId);
      if (id === null) throw conflict(`A place may have at most ${MAX_WEBHOOKS_PER_PLACE} webhooks. Remove one first.`);
      return c.json({ id, secret }, 201);
    },
  )
  .delete(
    "/place/:id/webhooks/:webhookId",
    describe({ tag, summary: "Remove a webhook endpoint and its delivery log", access: "place-owner", answers: { 200: okAnswerSchema } }),
    requirePlaceOwner(),
    params({ webhookId: webhookIdSchema }),
    async (c) => {
      if (!(await deleteWebhook(getDb(c.env), c.var.placeId, c.req.valid("param").webhookId))) throw notFound("No such webhook at this place.");
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
