// The first touch of a person going out, on a 390 px phone (issue 36; docs/accounts.md#the-two-doors,
// docs/push.md#on-the-phone): a friend's plan link opened signed out goes to everyone's sign-in and
// back to the plan; a lapsed session leaves a public profile in place, signed out; a watch offers
// notifications and, allowed, hands the browser's subscription to the server.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONSUMER } from "../../scripts/seed.ts";
import { launchBrowser, openPage, queryD1, signUpOnPage, PHONE } from "./browser";

const VENUE = "the-copper-lantern";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the first touch", () => {
  it("a signed-out plan link goes to everyone's sign-in, not the owners', and back to the plan", async () => {
    const [plan] = queryD1<{ id: number }>(
      `SELECT plans.id FROM plans JOIN users ON users.id = plans.organiser_id WHERE users.email = '${DEMO_CONSUMER.email}' ORDER BY plans.id LIMIT 1`,
    );
    const page = await openPage(browser, `/app/plans/${plan.id}`, PHONE);
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("next") === `/app/plans/${plan.id}`);
    await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
    expect(await page.getByText("Sign in to your dashboard").count()).toBe(0);
    expect(await page.getByText("Create your partner account").count()).toBe(0);
    await page.getByLabel("Email").fill(DEMO_CONSUMER.email);
    await page.getByLabel("Password").fill(DEMO_CONSUMER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/app/plans/${plan.id}`);
    await page.context().close();
  });

  it("Home's 'Open the app' and the profile's sign-in links lead to everyone's sign-in", async () => {
    const page = await openPage(browser, "/", PHONE);
    await page.getByRole("link", { name: "Open the app" }).first().click();
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("next") === "/app");
    await page.goto(`/profile/${VENUE}`);
    const told = page.getByRole("link", { name: /^Sign in to be told when/ });
    await told.waitFor();
    expect(await told.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(`/profile/${VENUE}`)}`);
    await page.context().close();
  });

  it("a lapsed session on a public profile reads as signed out, in place", async () => {
    const page = await openPage(browser, "/api/health", PHONE);
    // A token the server refuses and a refresh that fails (no cookie): the session has lapsed.
    await page.evaluate(() => {
      localStorage.setItem("access_token", "lapsed.token.value");
      localStorage.setItem("user_id", "1");
    });
    await page.goto(`/profile/${VENUE}`);
    // The islands of a visitor with a session hydrate when the browser is idle; the first request
    // of one is refused and its refresh fails, so the session is forgotten, with no redirect.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
    await page.getByRole("link", { name: /^Sign in to save/ }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/profile/${VENUE}`);
    await page.context().close();
  });

  it("a watch offers notifications and, allowed, sends this phone's subscription to the server", async () => {
    const page = await openPage(browser, "/api/health", PHONE);
    await page.context().grantPermissions(["notifications"]);
    // Headless Chromium has no push service: PushManager.subscribe is replaced by a stand-in that
    // records its options and answers a subscription of Google's service with a real P-256 key.
    await page.context().addInitScript(() => {
      const recorded: unknown[] = [];
      (window as unknown as { subscribeCalls: unknown[] }).subscribeCalls = recorded;
      let current: PushSubscriptionJSON | null = null;
      const asSubscription = (json: PushSubscriptionJSON) => ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true });
      PushManager.prototype.getSubscription = async function () {
        return current ? (asSubscription(current) as unknown as PushSubscription) : null;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        recorded.push({ userVisibleOnly: options?.userVisibleOnly, keyBytes: key instanceof Uint8Array ? key.length : null });
        const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
        const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
        const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        current = {
          endpoint: `https://fcm.googleapis.com/fcm/send/first-touch-${Date.now()}`,
          keys: { p256dh: base64url(raw), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) },
        };
        return asSubscription(current) as unknown as PushSubscription;
      };
    });
    const { token, userId } = await signUpOnPage(page, "Pia Phone", "pia");

    await page.goto(`/profile/${VENUE}`);
    await page.getByRole("button", { name: "Tell me when it's quiet" }).click();
    const turnOn = page.getByRole("button", { name: "Turn on notifications" });
    await turnOn.click();
    await expect.poll(() => queryD1<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId}`).length).toBe(1);
    const [row] = queryD1<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId}`);
    expect(row.endpoint).toMatch(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/first-touch-/);
    // Subscribed with the server's VAPID key (65 bytes, an uncompressed P-256 point), visible only.
    expect(await page.evaluate(() => (window as unknown as { subscribeCalls: unknown[] }).subscribeCalls)).toEqual([{ userVisibleOnly: true, keyBytes: 65 }]);
    await turnOn.waitFor({ state: "detached" });

    // Settings say so, and quiet hours start off.
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { quiet_hours: unknown }).quiet_hours).toBeNull();
    await page.context().close();
  });

  it("the public live map on a phone: titled Live map, the map first and fitted, the legend behind a ?", async () => {
    const page = await openPage(browser, "/live-look", PHONE);
    await page.getByRole("heading", { name: "Live map", level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^Live map/);
    const map = page.getByRole("region", { name: "Map of venues and their live levels" });
    await map.waitFor();
    // The map starts on the first screen, not under the filters and the legend.
    expect((await map.boundingBox())!.y).toBeLessThan(320);
    // Fitted to the venues: every marker is inside the map's box.
    await expect.poll(() => page.locator(".venue-marker").count()).toBeGreaterThan(10);
    const box = (await map.boundingBox())!;
    for (const marker of await page.locator(".venue-marker").all()) {
      const at = (await marker.boundingBox())!;
      expect(at.x).toBeGreaterThanOrEqual(box.x);
      expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
      expect(at.y).toBeGreaterThanOrEqual(box.y);
      expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height);
    }
    const legendEntry = page.getByText("closed now by its opening hours");
    expect(await legendEntry.isVisible()).toBe(false);
    await page.locator(".map-legend > summary", { hasText: "What the colours mean" }).click();
    await legendEntry.waitFor();
    await page.context().close();
  });
});
