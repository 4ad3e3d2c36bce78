// The alerts a place's object has fired and not yet written to D1 (its pending_alerts table):
// kept in the object's own storage in the transaction that fired them, written by the next flush,
// and only then deleted (docs/architecture.md#webhooks-and-alerts).
import type { NewNotification } from "../db/alerts";
import { dispatchAlerts, type DeliveryEnv } from "./delivery";
import type { FiredAlert } from "./episodes";

/**
 * Pending alerts an object keeps, the newest: while D1 is unreachable alerts wait, but not without
 * bound (the oldest go first, and a flush writes at most this many).
 */
export const PENDING_ALERTS_KEPT = 100;

/** Queues fired alerts, each with a key that makes writing it twice a no-op; call inside the transaction that fired them. */
export function queuePendingAlerts(sql: SqlStorage, fired: readonly FiredAlert[]) {
  for (const alert of fired) sql.exec("INSERT INTO pending_alerts (alert) VALUES (?)", JSON.stringify({ ...alert, key: crypto.randomUUID() } satisfies NewNotification));
  sql.exec("DELETE FROM pending_alerts WHERE id NOT IN (SELECT id FROM pending_alerts ORDER BY id DESC LIMIT ?)", PENDING_ALERTS_KEPT);
}

/** Writes the pending alerts to D1 and the queue, then forgets them; a failure leaves them for the next flush. */
export async function flushPendingAlerts(sql: SqlStorage, env: DeliveryEnv, placeId: number, now: number) {
  const rows = sql.exec<{ id: number; alert: string }>("SELECT id, alert FROM pending_alerts ORDER BY id").toArray();
  if (rows.length === 0) return;
  // An alert queued before alerts had keys gets one from dispatchAlerts.
  await dispatchAlerts(env, placeId, rows.map((row) => JSON.parse(row.alert) as NewNotification), now);
  sql.exec("DELETE FROM pending_alerts WHERE id <= ?", rows[rows.length - 1].id);
}
