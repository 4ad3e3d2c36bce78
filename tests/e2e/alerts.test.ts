// Alerts end to end (docs/alerts.md): the demo owner adds a webhook pointing at a receiver in
// this test (http://127.0.0.1, allowed locally by ALLOW_LOCAL_WEBHOOKS), sensor readings cross the
// near-capacity rule, and the receiver gets exactly one signed delivery, through the place's
// object, its alarm, the local queue and its consumer; the notification shows on the dashboard.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoDeviceKey } from "../../scripts/seed-occupancy.ts";
import { DEMO_OWNER } from "../../scripts/seed.ts";
import { demoOwnerSession, launchBrowser, openPage, queryD1 } from "./browser";
import { stateDir } from "./server";

interface Received {
  signature: string | undefined;
  body: string;
}

let browser: Browser;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ signature: request.headers["third-place-signature"] as string | undefined, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/third-place`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("alerts", () => {
  it("delivers one signed webhook when readings cross near capacity, and lists the notification", { timeout: 180_000 }, async () => {
    const [place] = queryD1<{ id: number; packed_threshold: number; calibration_baseline: number; calibration_factor: number }>(
      "SELECT id, packed_threshold, calibration_baseline, calibration_factor FROM places WHERE slug = 'st-marks-tap-room'",
    );
    const keys = (JSON.parse(readFileSync(path.join(stateDir, "demo-device-keys.json"), "utf8")) as DemoDeviceKey[]).filter(
      (key) => key.placeId === place.id,
    );
    expect(keys.length).toBeGreaterThan(0);

    // Notifications and webhooks are under the venue's Settings tab.
    const page = await openPage(browser, `/dashboard?place_id=${place.id}&tab=settings`, undefined, await demoOwnerSession(browser));
    await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();

    // Only near capacity, at once: the other rules must not add deliveries of their own.
    const token = await page.evaluate(() => localStorage.getItem("access_token"));
    const rules = await page.request.put(`/api/place/${place.id}/alert-rules`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        near_capacity: { enabled: true, percent: 90, minutes: 0 },
        busier_than_usual: { enabled: false, points: 20, minutes: 30 },
        sensor_offline: { enabled: false, minutes: 30 },
        sensor_flagged: { enabled: false },
      },
    });
    expect(rules.status()).toBe(200);

    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await webhooks.getByLabel("Webhook address (https)").fill(receiverUrl);
    await webhooks.getByRole("button", { name: "Add webhook" }).click();
    await webhooks.getByRole("status").waitFor();
    const secret = (await webhooks.locator(".webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);

    // Every sensor of the venue reports, so the venue is full, whatever its calibration (another
    // test may have taken a headcount): people = (devices − baseline) × factor.
    const devicesWhenFull = Math.ceil(place.packed_threshold / place.calibration_factor + place.calibration_baseline);
    const post = async (extra: number) => {
      for (const [index, key] of keys.entries()) {
        const count = Math.ceil(devicesWhenFull / keys.length) + (index === 0 ? extra : 0);
        expect((await page.request.post("/api/ingest", { headers: { authorization: `Bearer ${key.key}` }, data: { count } })).ok()).toBe(true);
      }
    };
    await post(1);
    await expect.poll(() => received.length, { timeout: 90_000, interval: 1_000 }).toBe(1);

    const [delivery] = received;
    const event = JSON.parse(delivery.body) as { id: number; type: string; place_id: number; occurred_at: string; data: { percent: number } };
    expect(event).toMatchObject({ type: "near_capacity", place_id: place.id, data: { percent: 100 } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature ?? "")!;
    expect(createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex")).toBe(v1);

    // Still full: the object's next alarm (seen when the live row changes) fires nothing more.
    const liveAt = () => queryD1<{ people: number }>(`SELECT people FROM place_live WHERE place_id = ${place.id}`)[0]?.people;
    // The first round's live row first, so the change awaited below is the second round's.
    await expect.poll(() => liveAt() ?? 0, { timeout: 90_000, interval: 1_000 }).toBeGreaterThanOrEqual(place.packed_threshold);
    const before = liveAt();
    await post(3);
    await expect.poll(liveAt, { timeout: 90_000, interval: 1_000 }).not.toBe(before);
    expect(queryD1(`SELECT id FROM notifications WHERE place_id = ${place.id} AND type = 'near_capacity'`)).toHaveLength(1);
    expect(received).toHaveLength(1);

    await page.reload();
    const notifications = page.getByRole("region", { name: /^Notifications/ });
    await notifications.getByText("Near capacity: 100% full (alert at 90%).").waitFor();
    await notifications.getByRole("heading", { name: "Notifications (1 unread)" }).waitFor();
    await page.getByRole("region", { name: "Webhooks" }).getByRole("cell", { name: "Delivered (HTTP 204)" }).waitFor();
    await page.context().close();
  });
});
