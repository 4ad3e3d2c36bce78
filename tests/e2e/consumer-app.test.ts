// The consumer app's journey on a phone (docs/app.md#near-me): a new account (made through the
// API) saves a place from the live map's popup after signing in from its save button, asks Near me
// for 9 PM, sees the place with its level in the Saved tab, and reads and marks a notification read
// in the Inbox tab.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, queryD1, seriousViolations } from "./browser";
import { openAllDay } from "./venue-hours";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 375, height: 812 };
const VENUE = { slug: "the-stoop", name: "The Stoop" };

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

describe("the consumer app, in Chromium at 375 px", () => {
  it("signs in from a save button, saves from the map's popup, sees the place's level on /app, asks for 9 PM and reads the inbox", { timeout: 180_000 }, async () => {
    const email = `tonight-${Date.now()}@example.com`;
    const password = "a long enough password";
    const page = await openPage(browser, "/live-look", phone);

    // A new account, made through the API, with a home area in the East Village.
    const signedUp = await page.request.post("/api/auth/signup", { data: { email, password, name: "Robin Tonight" } });
    expect(signedUp.status()).toBe(201);
    const { access_token: token, user_id: userId } = (await signedUp.json()) as { access_token: string; user_id: number };
    const patched = await page.request.patch("/api/me", { headers: { authorization: `Bearer ${token}` }, data: { home: { lat: 40.727, lng: -73.982 } } });
    expect(patched.ok()).toBe(true);
    const asUser = { authorization: `Bearer ${token}` };
    const { id: venueId } = (await (await page.request.get(`/api/place/${VENUE.slug}`)).json()) as { id: number };
    // The venue is open whatever the hour this runs at (a closed venue shows no level) and live and
    // Relaxed now (its sensor's row, as the place object writes it).
    // D1 only: the live row below is written here, and a reloaded place object would overwrite it.
    const restoreHours = await openAllDay([VENUE.slug], { reloadObject: false });
    queryD1(
      `INSERT OR REPLACE INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES (${venueId}, 6, 10, 'Relaxed', 1, ${Date.now()})`,
    );

    // Signed out, the save button leads to sign in and back to the map.
    await page.getByRole("link", { name: `Sign in to save ${VENUE.name}` }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Live map", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/live-look");

    // Saved from the map's popup.
    await page.getByRole("button", { name: `Show on map: ${VENUE.name}` }).click();
    const popup = page.locator(".leaflet-popup");
    await popup.getByRole("button", { name: `Save ${VENUE.name}` }).click();
    await popup.getByRole("button", { name: `Saved ${VENUE.name}` }).waitFor();
    expect(await popup.getByRole("button", { name: `Saved ${VENUE.name}` }).getAttribute("aria-pressed")).toBe("true");
    const savedList = (await (await page.request.get("/api/me/saved", { headers: asUser })).json()) as { places: { id: number }[] };
    expect(savedList.places.map((place) => place.id)).toEqual([venueId]);
    // The row's button follows.
    const row = page.locator(".venue-row").filter({ has: page.getByRole("link", { name: VENUE.name, exact: true }) });
    expect(await row.getByRole("button", { name: `Saved ${VENUE.name}` }).getAttribute("aria-pressed")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);

    // A notification in the inbox, as a watch would deliver it.
    queryD1(
      `INSERT INTO consumer_notifications (user_id, kind, title, body, url, place_id, created_at)
       VALUES (${userId}, 'quiet_now', '${VENUE.name} is quiet now', 'Relaxed: plenty of room.', '/profile/${VENUE.slug}', ${venueId}, ${Date.now() - 5 * 60_000})`,
    );

    await page.goto("/app");
    await page.getByRole("heading", { name: "Good to see you, Robin" }).waitFor();

    // Near me, the first tab: the places around the home area, now and at 9 PM.
    await page.getByText("Near your home area.").waitFor();
    await page.getByRole("list", { name: "Places near you now" }).waitFor();
    await page.getByRole("button", { name: "At 9 PM", exact: true }).click();
    const at9 = page.getByRole("list", { name: "Places near you at 9 PM" });
    await at9.waitFor();
    expect(await at9.getByRole("listitem").filter({ hasText: /away/ }).count()).toBeGreaterThan(0);
    // The forecast in one word and one number, as every screen says a venue-hour (docs/when-to-go.md#one-number-one-word).
    expect(await at9.textContent()).toMatch(/(Relaxed|Lively|Packed) · \d+%/);

    // The Saved tab: the saved place with its level.
    await page.getByRole("navigation", { name: "The app" }).getByRole("link", { name: "Saved" }).click();
    const saved = page.getByRole("region", { name: "Saved places" });
    const savedRow = saved.getByRole("listitem").filter({ has: page.getByRole("link", { name: VENUE.name, exact: true }) }).first();
    await savedRow.waitFor();
    expect(await savedRow.locator(".level-badge").textContent()).toContain("Relaxed");
    expect(await savedRow.textContent()).toMatch(/Open now|Closed/);

    // The Inbox tab, with the unread count on the tab.
    await page.getByRole("navigation", { name: "The app" }).getByRole("link", { name: /^Inbox.*1 unread$/ }).click();
    const inbox = page.getByRole("region", { name: /Notifications/ });
    await inbox.getByRole("heading", { name: "Notifications 1 unread" }).waitFor();
    await inbox.getByRole("button", { name: `Mark read ${VENUE.name} is quiet now` }).click();
    await inbox.getByRole("heading", { name: "Notifications", exact: true }).waitFor();
    const inboxNow = (await (await page.request.get("/api/me/notifications", { headers: asUser })).json()) as { unread: number; notifications: { read: boolean }[] };
    expect(inboxNow).toMatchObject({ unread: 0, notifications: [{ read: true }] });
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);

    await inbox.getByRole("link", { name: `${VENUE.name} is quiet now` }).click();
    await page.getByRole("heading", { name: VENUE.name, level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: `Saved ${VENUE.name}` }).getAttribute("aria-pressed")).toBe("true");
    await page.context().close();
    await restoreHours();
  });
});
