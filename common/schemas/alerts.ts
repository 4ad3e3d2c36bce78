// Alerts (issue 16; docs/alerts.md): a place's rules, its notifications and its webhook
// endpoints. Requests are checked with the messages below; answers are strict, like answers.ts.
import * as v from "valibot";
import { isoTime } from "./answers";

export const ALERT_TYPES = ["near_capacity", "busier_than_usual", "sensor_offline", "sensor_flagged"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** What a notification may be about: a rule that fired, or a notice about delivery. */
export const NOTIFICATION_TYPES = [...ALERT_TYPES, "webhook_disabled"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A day: a condition held longer than that is a state, not an alert. */
export const MAX_ALERT_MINUTES = 1440;

const whole = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};
const enabled = (rule: string) => v.boolean(`${rule}.enabled must be true or false.`);
const minutes = (rule: string) => whole(`${rule}.minutes`, 0, MAX_ALERT_MINUTES);
const section = <T extends v.ObjectEntries>(rule: string, entries: T) =>
  v.strictObject(entries, `${rule} must be an object with only ${Object.keys(entries).join(", ")}.`);

export const nearCapacityRuleSchema = section("near_capacity", {
  enabled: enabled("near_capacity"),
  percent: whole("near_capacity.percent", 1, 100),
  minutes: minutes("near_capacity"),
});
export const busierThanUsualRuleSchema = section("busier_than_usual", {
  enabled: enabled("busier_than_usual"),
  points: whole("busier_than_usual.points", 1, 100),
  minutes: minutes("busier_than_usual"),
});
export const sensorOfflineRuleSchema = section("sensor_offline", {
  enabled: enabled("sensor_offline"),
  // Under 5 minutes a sensor is still online (the live window), so that is the shortest.
  minutes: whole("sensor_offline.minutes", 5, MAX_ALERT_MINUTES),
});
export const sensorFlaggedRuleSchema = section("sensor_flagged", { enabled: enabled("sensor_flagged") });

/** GET /api/place/{id}/alert-rules, and the answer of PUT. */
export const alertRulesSchema = v.strictObject({
  near_capacity: nearCapacityRuleSchema,
  busier_than_usual: busierThanUsualRuleSchema,
  sensor_offline: sensorOfflineRuleSchema,
  sensor_flagged: sensorFlaggedRuleSchema,
});
export type AlertRules = v.InferOutput<typeof alertRulesSchema>;

/** PUT /api/place/{id}/alert-rules: the whole set, every rule and field. */
export const alertRulesBodySchema = v.strictObject(
  alertRulesSchema.entries,
  "Send a JSON object { near_capacity, busier_than_usual, sensor_offline, sensor_flagged } and nothing else.",
);

/** What a place gets before its owners change anything (docs/alerts.md). */
export const DEFAULT_ALERT_RULES: AlertRules = {
  near_capacity: { enabled: true, percent: 90, minutes: 10 },
  busier_than_usual: { enabled: true, points: 20, minutes: 30 },
  sensor_offline: { enabled: true, minutes: 30 },
  sensor_flagged: { enabled: true },
};

export const notificationSchema = v.strictObject({
  id: v.number(),
  type: v.picklist(NOTIFICATION_TYPES),
  occurred_at: isoTime,
  /** The alert in words, for the dashboard. */
  message: v.string(),
  /** The numbers behind it, as a webhook delivery's `data`. */
  data: v.record(v.string(), v.unknown()),
  read: v.boolean(),
});
export type NotificationAnswer = v.InferOutput<typeof notificationSchema>;

/** GET /api/place/{id}/notifications: newest first, at most 50, and how many are unread in all. */
export const notificationsAnswerSchema = v.strictObject({
  notifications: v.array(notificationSchema),
  unread: v.number(),
});
export type NotificationsAnswer = v.InferOutput<typeof notificationsAnswerSchema>;

/** POST /api/place/{id}/notifications/read: how many were marked. */
export const notificationsReadAnswerSchema = v.strictObject({ marked: v.number(), unread: v.number() });

export const MAX_WEBHOOK_URL = 2000;
/** POST /api/place/{id}/webhooks {url}; the address rules are worker/alerts/webhook-url.ts's. */
export const webhookBodySchema = v.strictObject(
  {
    url: v.pipe(
      v.string("url must be a web address."),
      v.trim(),
      v.nonEmpty("url must be a web address."),
      v.maxLength(MAX_WEBHOOK_URL, `url must be at most ${MAX_WEBHOOK_URL} characters.`),
    ),
  },
  "Send a JSON object { url }.",
);

/** The answer of POST /api/place/{id}/webhooks: the signing secret, shown this once. */
export const createdWebhookSchema = v.strictObject({ id: v.number(), secret: v.string() });

export const webhookDeliverySchema = v.strictObject({
  id: v.number(),
  notification_id: v.number(),
  type: v.string(),
  status: v.picklist(["pending", "delivered", "failed"]),
  /** The receiver's last HTTP status; null after a timeout or a network error. */
  http_status: v.nullable(v.number()),
  error: v.nullable(v.string()),
  attempts: v.number(),
  last_attempt_at: v.nullable(isoTime),
});
export type WebhookDeliveryAnswer = v.InferOutput<typeof webhookDeliverySchema>;

export const webhookSchema = v.strictObject({
  id: v.number(),
  url: v.string(),
  created_at: isoTime,
  /** Set when it failed for 24 hours; it receives nothing more. */
  disabled_at: v.nullable(isoTime),
  failing_since: v.nullable(isoTime),
  /** The newest deliveries first, at most 20. */
  deliveries: v.array(webhookDeliverySchema),
});
export type WebhookAnswer = v.InferOutput<typeof webhookSchema>;

export const webhooksAnswerSchema = v.strictObject({ webhooks: v.array(webhookSchema) });
export type WebhooksAnswer = v.InferOutput<typeof webhooksAnswerSchema>;

/** The JSON body of every webhook delivery. */
export interface WebhookEvent {
  /** The notification's id: the same alert never has two. */
  id: number;
  type: NotificationType;
  place_id: number;
  occurred_at: string;
  data: Record<string, unknown>;
}
