// A place's alert rules (docs/alerts.md): its owners and the admin read and replace them. A place
// that never saved any has the defaults. The place's object is told at once, so its next alarm
// evaluates with the new rules.
import { Hono } from "hono";
import { requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { alertRulesOf, saveAlertRules } from "../db/alerts";
import type { AppEnv } from "../env";
import { describe, jsonBody } from "../lib/openapi";
import { placeOccupancy } from "../occupancy/place-occupancy";
import { alertRulesBodySchema, alertRulesSchema, type AlertRules } from "../../common/schemas/alerts";

const tag = "Alerts";

export const alertRuleRoutes = new Hono<AppEnv>()
  .get(
    "/place/:id/alert-rules",
    describe({
      tag,
      summary: "The place's alert rules (the defaults until its owners change them)",
      description:
        "near_capacity: percent ≥ X for N minutes; busier_than_usual: ≥ Y points above the hour's usual (popular times) for N minutes; sensor_offline: nothing from a sensor for N minutes while the venue is open; sensor_flagged: sensor health names a problem. minutes 0 fires on the first reading that meets the condition. Each fires once per episode and re-arms when its condition clears.",
      access: "place-owner",
      answers: { 200: alertRulesSchema },
    }),
    requirePlaceOwner(),
    async (c) => c.json((await alertRulesOf(getDb(c.env), c.var.placeId)) satisfies AlertRules),
  )
  .put(
    "/place/:id/alert-rules",
    describe({
      tag,
      summary: "Replace the place's alert rules (every rule and field)",
      access: "place-owner",
      answers: { 200: alertRulesSchema },
    }),
    requirePlaceOwner(),
    jsonBody(alertRulesBodySchema, 4096),
    async (c) => {
      const placeId = c.var.placeId;
      const rules: AlertRules = c.req.valid("json");
      await saveAlertRules(getDb(c.env), placeId, rules, Date.now());
      await placeOccupancy(c.env, placeId).alertRulesChanged(placeId);
      return c.json(rules);
    },
  );
