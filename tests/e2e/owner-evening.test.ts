// The owner's evening at 390 px (docs/insights.md#the-owners-evening): the dashboard lands on each
// venue's now (level, people, sensors' last reading); a venue opens with its now strip and tabs on
// the first screen and the device popover inside the screen; a new event defaults to the venue's
// next opening when it is closed an hour from now. Screenshots go to test-results/owner-evening-*.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../scripts/seed.ts";
import { demoOwnerSession, launchBrowser, openPage, queryD1, seriousViolations, PHONE } from "./browser";
import { setVenueHours } from "./venue-hours";

const artifacts = path.resolve(import.meta.dirname, "../../test-results");

let browser: Browser;
let session: BrowserContextOptions["storageState"];
let owned: { id: number; name: string; slug: string; timezone: string }[];
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
  owned = queryD1(`SELECT id, name, slug, timezone FROM places WHERE slug IN ('${DEMO_OWNER.placeSlugs.join("', '")}') ORDER BY name`);
  session = await demoOwnerSession(browser);
});
afterAll(async () => {
  await browser?.close();
});

async function ownerPage(route: string): Promise<Page> {
  const page = await openPage(browser, route, PHONE, session);
  await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();
  return page;
}

/** Nothing sticks out sideways. */
const fitsSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

const LEVEL_LINE = /^((Relaxed|Lively|Packed)( · \d+ (person|people))? · \d+%|No reading in the last 5 minutes|Closed( · opens .+)?)$/;
const SENSORS_LINE = /^\d+ of \d+ sensors? online · (Last reading .+ ago|Last reading just now|Never reported)$/;

describe("the owner's evening at 390 px", () => {
  it("lands on each venue's now: level, people and its sensors' last reading", async () => {
    const page = await ownerPage("/dashboard");
    await page.getByText("Select a business to view details.").waitFor();
    for (const venue of owned) {
      const card = page.getByRole("region", { name: venue.name });
      await expect.poll(() => card.locator(".now-level").textContent()).toMatch(LEVEL_LINE);
      await expect.poll(() => card.locator(".now-sensors").textContent()).toMatch(SENSORS_LINE);
      // The first venue's now is on the first screen.
      if (venue === owned[0]) expect((await card.boundingBox())!.y).toBeLessThan(PHONE.height);
    }
    await fitsSideways(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, "owner-evening-landing.png"), fullPage: true });
    await page.getByRole("button", { name: `Open ${owned[0].name}` }).click();
    await page.getByRole("tab", { name: "Now", selected: true }).waitFor();
    await page.context().close();
  });

  it("opens a venue on its now strip and its tabs, all on the first screen, the device popover inside it", async () => {
    const venue = owned[0];
    const page = await ownerPage(`/dashboard?place_id=${venue.id}`);
    const tabs = page.getByRole("tablist", { name: "Venue" });
    await tabs.waitFor();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["Now", "Offers", "Redeem", "Events", "Menu", "Specials", "News", "Insights", "Settings"]);
    await expect.poll(() => page.getByRole("region", { name: "Now" }).locator(".now-level").textContent()).toMatch(LEVEL_LINE);
    await page.screenshot({ path: path.join(artifacts, "owner-evening-venue.png") });
    const row = (await tabs.boundingBox())!;
    expect(row.y + row.height).toBeLessThanOrEqual(PHONE.height);
    // Each tab is at least 44 px tall.
    for (const height of await tabs.getByRole("tab").evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().height))) expect(height).toBeGreaterThanOrEqual(44);
    // The sensors, each with its last reading, on the Now tab.
    const sensors = page.getByRole("region", { name: "Sensors" });
    await sensors.getByRole("listitem").first().waitFor();
    expect(await sensors.locator(".sensor-reading").first().textContent()).toMatch(/^(\d+ (person|people), .+|Never reported)$/);
    await fitsSideways(page);

    // The device popover stays inside the screen.
    await page.locator(".device-badge").click();
    const help = (await page.locator(".device-help").boundingBox())!;
    expect(help.x).toBeGreaterThanOrEqual(0);
    expect(help.x + help.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(artifacts, "owner-evening-device.png") });
    await page.locator(".device-badge").click();

    // Details, hours and co-owners wait under Settings.
    await tabs.getByRole("tab", { name: "Settings" }).click();
    await page.getByRole("region", { name: "Details and hours" }).getByRole("button", { name: "Assign Additional Owner" }).waitFor();
    await fitsSideways(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, "owner-evening-settings.png"), fullPage: true });

    // The menu: compact rows, and the save bar stays in view while the menu is read from its top
    // (the form is taller than the screen, so the bar's own place is below it).
    await tabs.getByRole("tab", { name: "Menu" }).click();
    const bar = page.getByRole("group", { name: "Menu changes" });
    await bar.waitFor();
    const form = page.getByRole("region", { name: "Menu" }).locator("form");
    expect((await form.boundingBox())!.height).toBeGreaterThan(PHONE.height);
    await form.evaluate((element) => element.scrollIntoView());
    const saveBar = (await bar.boundingBox())!;
    expect(saveBar.y).toBeGreaterThanOrEqual(0);
    expect(saveBar.y + saveBar.height).toBeLessThanOrEqual(PHONE.height);
    await fitsSideways(page);
    await page.screenshot({ path: path.join(artifacts, "owner-evening-menu.png") });
    await page.context().close();
  });

  it("starts a new event at the venue's next opening when it is closed an hour from now", async () => {
    const venue = owned[0];
    // Open daily from three hours ahead (venue time) for two hours: closed an hour from now.
    const hourNow = Number(new Date().toLocaleString("en-US", { timeZone: venue.timezone, hour: "2-digit", hourCycle: "h23" }));
    const opensAt = `${String((hourNow + 3) % 24).padStart(2, "0")}:00`;
    const closesAt = `${String((hourNow + 5) % 24).padStart(2, "0")}:00`;
    const restore = await setVenueHours([venue.slug], (_, field) => (field.endsWith("_open") ? opensAt : closesAt));
    try {
      const page = await ownerPage(`/dashboard?place_id=${venue.id}&tab=events`);
      await page.getByRole("tab", { name: "Add Event" }).click();
      const start = await page.getByLabel(/^Start time/).inputValue();
      const atVenue = await page.evaluate(
        ([value, timeZone]) => new Date(value).toLocaleString("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
        [start, venue.timezone],
      );
      expect(atVenue).toBe(opensAt);
      const ahead = (await page.evaluate((value) => new Date(value).getTime(), start)) - Date.now();
      expect(ahead).toBeGreaterThan(60 * 60_000);
      expect(ahead).toBeLessThanOrEqual(3 * 60 * 60_000);
      await page.screenshot({ path: path.join(artifacts, "owner-evening-event.png") });
      await page.context().close();
    } finally {
      await restore();
    }
  });
});
