// The dashboard's alerts (docs/alerts.md): the notification list with its unread count and
// "Mark all read", the alert rules (switched off, changed, refused), and webhooks: the secret shown once after adding, the delivery log, the
// server's reason when an address is refused. Fixed instants; a fake API.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { session } from "../../client/api/session";
import { AlertRulesPanel, NotificationsPanel, WebhooksPanel } from "../../client/pages/dashboard/AlertsPanel";
import { DEFAULT_ALERT_RULES, type NotificationsAnswer, type WebhooksAnswer } from "../../common/schemas/alerts";
import { callsTo, json, stubApi } from "./dashboard-fixtures";

/** Friday 20 November 2026, 22:40 and 21:05 in New York (EST). */
const notifications: NotificationsAnswer = {
  unread: 1,
  notifications: [
    { id: 2, type: "near_capacity", occurred_at: "2026-11-21T03:40:00.000Z", message: "Near capacity: 93% full (alert at 90%).", data: {}, read: false },
    { id: 1, type: "sensor_offline", occurred_at: "2026-11-21T02:05:00.000Z", message: "Sensor offline: Door has sent nothing for 30 min while the venue is open.", data: {}, read: true },
  ],
};

const webhooks: WebhooksAnswer = {
  webhooks: [
    {
      id: 4,
      url: "https://hooks.example.com/a",
      created_at: "2026-11-20T12:00:00.000Z",
      disabled_at: null,
      failing_since: null,
      deliveries: [
        { id: 9, notification_id: 2, type: "near_capacity", status: "delivered", http_status: 200, error: null, attempts: 1, last_attempt_at: "2026-11-21T03:40:05.000Z" },
        { id: 8, notification_id: 1, type: "sensor_offline", status: "pending", http_status: 500, error: "The receiver answered 500.", attempts: 3, last_attempt_at: "2026-11-21T02:09:00.000Z" },
      ],
    },
  ],
};

beforeEach(() => session.store("owner-token", 5));

describe("notifications", () => {
  it("lists them newest first with the unread count, and marks them read", async () => {
    const fetchMock = stubApi({
      "GET /api/place/1/notifications": notifications,
      "POST /api/place/1/notifications/read": { marked: 1, unread: 0 },
    });
    render(<NotificationsPanel placeId={1} timeZone="America/New_York" />);
    const panel = await screen.findByRole("region", { name: /^Notifications/ });
    expect(await within(panel).findByRole("heading", { name: "Notifications (1 unread)" })).toBeInTheDocument();
    const items = within(panel).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Unread: Fri, Nov 20, 10:40 PM Near capacity: 93% full (alert at 90%).",
      "Fri, Nov 20, 9:05 PM Sensor offline: Door has sent nothing for 30 min while the venue is open.",
    ]);

    fireEvent.click(within(panel).getByRole("button", { name: "Mark all read" }));
    expect(await within(panel).findByRole("heading", { name: "Notifications (none unread)" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/api/place/1/notifications/read")).toHaveLength(1);
    expect(within(panel).queryByRole("button", { name: "Mark all read" })).toBeNull();
    expect(within(panel).queryByText("Unread:", { exact: false })).toBeNull();
  });

  it("says so when there are none", async () => {
    stubApi({ "GET /api/place/1/notifications": { unread: 0, notifications: [] } });
    render(<NotificationsPanel placeId={1} timeZone="America/New_York" />);
    expect(await screen.findByText(/^No alerts yet\./)).toBeInTheDocument();
  });
});

describe("webhooks", () => {
  it("shows each endpoint's delivery log: time, alert, status, attempts", async () => {
    stubApi({ "GET /api/place/1/webhooks": webhooks });
    render(<WebhooksPanel placeId={1} timeZone="America/New_York" />);
    const table = await screen.findByRole("table", { name: "Deliveries to https://hooks.example.com/a, newest first" });
    const rows = within(table).getAllByRole("row").map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent));
    expect(rows).toEqual([
      ["Time", "Alert", "Status", "Attempts"],
      ["Fri, Nov 20, 10:40 PM", "near capacity", "Delivered (HTTP 200)", "1"],
      ["Fri, Nov 20, 9:09 PM", "sensor offline", "Retrying (HTTP 500)", "3"],
    ]);
  });

  it("adds one and shows its secret once; a refused address shows the server's reason", async () => {
    let listed: WebhooksAnswer = { webhooks: [] };
    const fetchMock = stubApi({
      "GET /api/place/1/webhooks": () => json(listed),
      "POST /api/place/1/webhooks": ({ init }: { init: RequestInit | undefined }) => {
        const { url } = JSON.parse(String(init?.body)) as { url: string };
        if (url.startsWith("http:")) return json({ error: "url must start with https://.", details: [{ field: "url", message: "url must start with https://." }] }, 400);
        listed = { webhooks: [{ ...webhooks.webhooks[0], url, deliveries: [] }] };
        return json({ id: 4, secret: "whsec_shown_once" }, 201);
      },
    });
    render(<WebhooksPanel placeId={1} timeZone="America/New_York" />);
    const panel = await screen.findByRole("region", { name: "Webhooks" });
    expect(await within(panel).findByText("No webhooks.")).toBeInTheDocument();
    const input = within(panel).getByLabelText("Webhook address (https)");

    fireEvent.change(input, { target: { value: "http://hooks.example.com/b" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Add webhook" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("url must start with https://.");

    fireEvent.change(input, { target: { value: "https://hooks.example.com/b" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Add webhook" }));
    expect(await within(panel).findByRole("status")).toHaveTextContent(/Its signing secret, shown only this once:\s*whsec_shown_once/);
    expect(await within(panel).findByText("No deliveries yet.")).toBeInTheDocument();
    expect(within(within(panel).getByRole("list")).getByText("https://hooks.example.com/b")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/api/place/1/webhooks")).toHaveLength(2);
  });
});

describe("alert rules", () => {
  it("switches a rule off and changes another; the server's reason when it refuses", async () => {
    const sent: unknown[] = [];
    const fetchMock = stubApi({
      "GET /api/place/1/alert-rules": DEFAULT_ALERT_RULES,
      "PUT /api/place/1/alert-rules": ({ init }: { init: RequestInit | undefined }) => {
        const body = JSON.parse(String(init?.body)) as typeof DEFAULT_ALERT_RULES;
        sent.push(body);
        if (body.busier_than_usual.points > 100) {
          return json({ error: "busier_than_usual.points: busier_than_usual.points must be a whole number from 1 to 100." }, 400);
        }
        return json(body);
      },
    });
    render(<AlertRulesPanel placeId={1} />);
    const nearCapacity = await screen.findByRole("checkbox", { name: "Near capacity" });
    expect(nearCapacity).toBeChecked();
    fireEvent.click(nearCapacity);
    const points = screen.getByLabelText("Points above the usual");
    expect(points).toHaveValue(20);
    fireEvent.change(points, { target: { value: "150" } });
    // The browser would stop this at the field's max; submitted anyway, the server's sentence shows.
    fireEvent.submit(screen.getByRole("button", { name: "Save alert rules" }).closest("form")!);
    expect(await screen.findByRole("alert")).toHaveTextContent("busier_than_usual.points must be a whole number from 1 to 100.");

    fireEvent.change(points, { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Save alert rules" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Alert rules saved.");
    expect(sent[1]).toEqual({
      ...DEFAULT_ALERT_RULES,
      near_capacity: { ...DEFAULT_ALERT_RULES.near_capacity, enabled: false },
      busier_than_usual: { ...DEFAULT_ALERT_RULES.busier_than_usual, points: 25 },
    });
    expect(callsTo(fetchMock, "PUT", "/api/place/1/alert-rules")).toHaveLength(2);
    expect(screen.getByRole("checkbox", { name: "Near capacity" })).not.toBeChecked();
  });
});
