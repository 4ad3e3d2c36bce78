// Alerts on the owner dashboard (docs/alerts.md): the place's notifications with the unread
// count, its alert rules, and its webhook endpoints with their delivery log. Each part fetches
// its own data.
import { useId, useState, type FormEvent } from "react";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { MAX_ALERT_MINUTES, type AlertRules, type WebhookAnswer } from "../../../common/schemas/alerts";
import { RetryButton } from "./ChartCard";
import { LOADING } from "./keyTrends";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

/** Notifications are read again this often, so an alert shows without a reload. */
const NOTIFICATIONS_REFRESH_MS = 60_000;

const when = (iso: string, timeZone: string) =>
  formatInstant(Date.parse(iso), SITE_LOCALE, { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function NotificationsPanel({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const headingId = useId();
  const { data, error, retry, setData } = useApi(ownerApi.notifications(placeId), { refreshMs: NOTIFICATIONS_REFRESH_MS });
  const [failure, setFailure] = useState<string | null>(null);

  async function markRead() {
    setFailure(null);
    try {
      await ownerApi.markNotificationsRead(placeId);
      if (data) setData({ unread: 0, notifications: data.notifications.map((item) => ({ ...item, read: true })) });
    } catch (caught) {
      setFailure(writeFailure(caught, "The notifications could not be marked read.", "The server could not be reached. Try again in a moment."));
    }
  }

  return (
    <section className="alerts notifications" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Notifications{" "}
        {data ? <span className="unread-count">{data.unread === 0 ? "(none unread)" : `(${data.unread} unread)`}</span> : null}
      </h2>
      {data ? (
        data.notifications.length === 0 ? (
          <p>No alerts yet. You are told here when the venue is near capacity, busier than usual, or a sensor needs attention.</p>
        ) : (
          <>
            <ul className="notification-list">
              {data.notifications.map((item) => (
                <li key={item.id} className={item.read ? "read" : "unread"}>
                  {item.read ? null : <span className="visually-hidden">Unread: </span>}
                  <time dateTime={item.occurred_at}>{when(item.occurred_at, timeZone)}</time> {item.message}
                </li>
              ))}
            </ul>
            {data.unread > 0 ? (
              <button type="button" className="button secondary small" onClick={() => void markRead()}>
                Mark all read
              </button>
            ) : null}
          </>
        )
      ) : error !== null ? (
        <RetryButton retry={retry} what="the notifications" />
      ) : (
        <p>{LOADING}</p>
      )}
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

function DeliveryLog({ webhook, timeZone }: { webhook: WebhookAnswer; timeZone: string }) {
  if (webhook.deliveries.length === 0) return <p>No deliveries yet.</p>;
  return (
    <table className="delivery-log">
      <caption className="visually-hidden">Deliveries to {webhook.url}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Alert</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
        </tr>
      </thead>
      <tbody>
        {webhook.deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>{delivery.last_attempt_at ? when(delivery.last_attempt_at, timeZone) : "Queued"}</td>
            <td>{delivery.type.replace(/_/g, " ")}</td>
            <td>
              {delivery.status === "delivered" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Retrying"}
              {delivery.http_status !== null ? ` (HTTP ${delivery.http_status})` : delivery.error ? ` (${delivery.error})` : ""}
            </td>
            <td>{delivery.attempts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WebhooksPanel({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const headingId = useId();
  const inputId = useId();
  const { data, error, retry } = useApi(ownerApi.webhooks(placeId));
  const [url, setUrl] = useState("");
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await ownerApi.addWebhook(placeId, { url });
      setCreated({ url, secret: answer.secret });
      setUrl("");
      void retry();
    } catch (caught) {
      setFailure(writeFailure(caught, "The webhook could not be added.", "The server could not be reached. Try again in a moment."));
    }
  }

  async function remove(webhook: WebhookAnswer) {
    if (!window.confirm(`Remove the webhook ${webhook.url}? It receives no more alerts.`)) return;
    setFailure(null);
    try {
      await ownerApi.removeWebhook(placeId, webhook.id);
      void retry();
    } catch (caught) {
      setFailure(writeFailure(caught, "The webhook could not be removed.", "The server could not be reached. Try again in a moment."));
    }
  }

  return (
    <section className="alerts webhooks" aria-labelledby={headingId}>
      <h2 id={headingId}>Webhooks</h2>
      <p>Every alert is also posted, signed, to these addresses (see “Verifying a delivery” in the documentation).</p>
      {data ? (
        data.webhooks.length === 0 ? (
          <p>No webhooks.</p>
        ) : (
          <ul className="webhook-list">
            {data.webhooks.map((webhook) => (
              <li key={webhook.id}>
                <p>
                  <code>{webhook.url}</code>{" "}
                  {webhook.disabled_at ? <strong>Switched off {when(webhook.disabled_at, timeZone)} after 24 hours of failures</strong> : null}{" "}
                  <button type="button" className="button secondary small" onClick={() => void remove(webhook)}>
                    Remove
                  </button>
                </p>
                <DeliveryLog webhook={webhook} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )
      ) : error !== null ? (
        <RetryButton retry={retry} what="the webhooks" />
      ) : (
        <p>{LOADING}</p>
      )}
      <form onSubmit={(event) => void add(event)} className="webhook-form">
        <label htmlFor={inputId}>Webhook address (https)</label>
        <input id={inputId} type="url" required value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/hooks/third-place" />
        <button type="submit" className="button small">
          Add webhook
        </button>
      </form>
      {created ? (
        <div role="status" className="success-message">
          <p>
            Webhook added for <code>{created.url}</code>. Its signing secret, shown only this once:
          </p>
          <p>
            <code className="webhook-secret">{created.secret}</code>
          </p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

type RulesDraft = {
  [Rule in keyof AlertRules]: { [Field in keyof AlertRules[Rule]]: AlertRules[Rule][Field] extends boolean ? boolean : string };
};

/** The rules with every number field passed through `convert` (booleans stay): the form keeps text. */
function convertNumbers<T>(rules: AlertRules | RulesDraft, convert: (value: number | string) => number | string): T {
  const convertFields = (fields: object) =>
    Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, typeof value === "boolean" ? value : convert(value)]));
  return Object.fromEntries(Object.entries(rules).map(([rule, fields]) => [rule, convertFields(fields)])) as T;
}

const draftOf = (rules: AlertRules) => convertNumbers<RulesDraft>(rules, String);

/** The draft as sent; the server checks the numbers and names the field it refuses. */
const rulesOf = (draft: RulesDraft) => convertNumbers<AlertRules>(draft, Number);

function NumberField({ label, value, onChange, min, max }: { label: string; value: string; onChange: (value: string) => void; min: number; max: number }) {
  const id = useId();
  return (
    <span className="rule-number">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" inputMode="numeric" min={min} max={max} step={1} required value={value} onChange={(event) => onChange(event.target.value)} />
    </span>
  );
}

/** Which alerts fire and when: each rule can be switched off (docs/alerts.md). */
export function AlertRulesPanel({ placeId }: { placeId: number }) {
  const { data, error, retry, setData } = useApi(ownerApi.alertRules(placeId));
  const [draft, setDraft] = useState<RulesDraft | null>(null);
  const [state, setState] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "failed"; message: string }>({ kind: "idle" });
  const shown = draft ?? (data ? draftOf(data) : null);

  const change = <Rule extends keyof RulesDraft>(rule: Rule, fields: Partial<RulesDraft[Rule]>) => {
    if (!shown) return;
    setDraft({ ...shown, [rule]: { ...shown[rule], ...fields } });
    setState({ kind: "idle" });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!shown) return;
    setState({ kind: "saving" });
    try {
      const saved = await ownerApi.saveAlertRules(placeId, rulesOf(shown));
      setData(saved);
      setDraft(null);
      setState({ kind: "saved" });
    } catch (caught) {
      setState({ kind: "failed", message: writeFailure(caught, "The alert rules could not be saved.", "The server could not be reached. Try again in a moment.") });
    }
  }

  return (
    <details className="alerts alert-rules">
      <summary>Alert rules</summary>
      {shown ? (
        <form onSubmit={(event) => void save(event)}>
          <fieldset>
            <legend>
              <label>
                <input type="checkbox" checked={shown.near_capacity.enabled} onChange={(event) => change("near_capacity", { enabled: event.target.checked })} /> Near capacity
              </label>
            </legend>
            <NumberField label="At % full or more" value={shown.near_capacity.percent} min={1} max={100} onChange={(percent) => change("near_capacity", { percent })} />
            <NumberField label="For minutes" value={shown.near_capacity.minutes} min={0} max={MAX_ALERT_MINUTES} onChange={(minutes) => change("near_capacity", { minutes })} />
          </fieldset>
          <fieldset>
            <legend>
              <label>
                <input type="checkbox" checked={shown.busier_than_usual.enabled} onChange={(event) => change("busier_than_usual", { enabled: event.target.checked })} /> Busier than usual
              </label>
            </legend>
            <NumberField label="Points above the usual" value={shown.busier_than_usual.points} min={1} max={100} onChange={(points) => change("busier_than_usual", { points })} />
            <NumberField label="For minutes" value={shown.busier_than_usual.minutes} min={0} max={MAX_ALERT_MINUTES} onChange={(minutes) => change("busier_than_usual", { minutes })} />
          </fieldset>
          <fieldset>
            <legend>
              <label>
                <input type="checkbox" checked={shown.sensor_offline.enabled} onChange={(event) => change("sensor_offline", { enabled: event.target.checked })} /> Sensor offline while open
              </label>
            </legend>
            <NumberField label="After minutes" value={shown.sensor_offline.minutes} min={5} max={MAX_ALERT_MINUTES} onChange={(minutes) => change("sensor_offline", { minutes })} />
          </fieldset>
          <p>
            <label>
              <input type="checkbox" checked={shown.sensor_flagged.enabled} onChange={(event) => change("sensor_flagged", { enabled: event.target.checked })} /> Sensor flagged (stuck, implausible counts, clock drift, weak signal)
            </label>
          </p>
          <button type="submit" className="button small" disabled={state.kind === "saving"}>
            Save alert rules
          </button>
          {state.kind === "saved" ? (
            <p role="status" className="success-message">
              Alert rules saved.
            </p>
          ) : null}
          {state.kind === "failed" ? (
            <p role="alert" className="form-error">
              {state.message}
            </p>
          ) : null}
        </form>
      ) : error !== null ? (
        <RetryButton retry={retry} what="the alert rules" />
      ) : (
        <p>{LOADING}</p>
      )}
    </details>
  );
}
