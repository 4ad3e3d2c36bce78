// A second city (docs/cities.md) in Chromium at 390 px: /city/berlin lists and maps Berlin's venues
// only, with links to the other cities; a Berlin venue's profile gives its hours on Berlin's clock,
// in 12-hour time with Berlin's zone named to a visitor in New York, and its menu in euros. Venues
// are picked by content (their city in the seed), never by position.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedVenues } from "../../scripts/seed-data/venues";
import { launchBrowser, seriousViolations, PHONE } from "./browser";
import { baseUrl } from "./server";

const berlin = seedVenues.filter((venue) => venue.city === "berlin");
const newYork = seedVenues.filter((venue) => venue.city === "new-york");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page for a visitor in New York (their browser's zone and language), or in Berlin, at 390 px. */
async function visit(route: string, where: { timezoneId: string; locale: string } = { timezoneId: "America/New_York", locale: "en-US" }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, ...where });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto(route);
  return page;
}

describe("/city/berlin at 390 px", () => {
  it("lists and maps Berlin's venues only, links to New York, and fits the phone", async () => {
    const page = await visit("/city/berlin");
    await page.getByRole("heading", { level: 1, name: "Live map: Berlin" }).waitFor();
    const list = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Venues" }) });
    expect((await list.getByRole("heading", { level: 3 }).allTextContents()).sort()).toEqual(berlin.map((venue) => venue.name).sort());
    expect(await list.getByText(newYork[0].name).count()).toBe(0);
    await expect.poll(() => page.locator(".leaflet-marker-icon.venue-marker").count()).toBe(berlin.length);
    expect(await page.getByRole("status").textContent()).toBe(`Showing ${berlin.length} of ${berlin.length} venues.`);
    // The cities' links: this one marked, each a 44 px target.
    const cities = page.getByRole("navigation", { name: "Cities" });
    expect(await cities.getByRole("link", { name: "Berlin" }).getAttribute("aria-current")).toBe("page");
    for (const link of await cities.getByRole("link").all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);

    // New York's page is one tap away.
    await cities.getByRole("link", { name: "New York" }).click();
    await page.waitForURL((url) => url.pathname === "/city/new-york");
    await page.getByRole("heading", { level: 1, name: "Live map: New York" }).waitFor();
    await expect.poll(() => page.locator(".venue-row").count()).toBe(newYork.length);
    await page.context().close();
  });

  it("says a city we do not serve is not live yet", async () => {
    const page = await visit("/city/atlantis");
    await page.getByRole("alert").getByText("We're not live in that city yet").waitFor();
    await page.context().close();
  });
});

describe("Home at 390 px", () => {
  it("counts each city's venues reporting live, each a link to its page", async () => {
    const page = await visit("/");
    const cities = page.getByRole("navigation", { name: "Live by city" });
    // How many read live depends on the hour (closed venues have no level); how many there are does not.
    await expect.poll(() => cities.getByRole("link").allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Berlin: \\d+ of ${berlin.length} live$`)),
      expect.stringMatching(new RegExp(`^New York: \\d+ of ${newYork.length} live$`)),
    ]);
    for (const link of await cities.getByRole("link").all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await cities.getByRole("link", { name: /^Berlin:/ }).click();
    await page.waitForURL((url) => url.pathname === "/city/berlin");
    await page.getByRole("heading", { level: 1, name: "Live map: Berlin" }).waitFor();
    await page.context().close();
  });
});

describe("a Berlin venue's profile, seen from New York", () => {
  it("gives today's hours on Berlin's clock in 12-hour time with Berlin's zone named, and its menu in euros", async () => {
    const page = await visit("/profile/kupferkessel");
    await page.getByRole("heading", { level: 1, name: "Kupferkessel" }).waitFor();
    const hours = page.locator("dt", { hasText: "Hours today" }).locator("xpath=following-sibling::dd[1]");
    // 18:00 to 02:00 (04:00 on Friday to Sunday) in Berlin: CET or CEST, whichever is in force.
    await expect.poll(() => hours.textContent()).toMatch(/^6:00 PM – [24]:00 AM GMT\+[12]$/);
    const menu = page.getByRole("region", { name: "Menu" });
    // On a phone the menu opens on a tap.
    await menu.locator(".menu-toggle").click();
    await expect.poll(() => menu.getByRole("listitem").filter({ hasText: "Kupfer-Mule" }).textContent()).toContain("€11.50");
    await page.context().close();
  });
});

describe("a Berlin venue's profile, seen from Berlin in German", () => {
  it("gives today's hours on Berlin's clock in 24-hour time, no zone named, and its menu's euros the German way", async () => {
    // Chromium's de-DE sends Accept-Language: de-DE; the page's language is the path's (docs/languages.md).
    const page = await visit("/de/profile/kupferkessel", { timezoneId: "Europe/Berlin", locale: "de-DE" });
    await page.getByRole("heading", { level: 1, name: "Kupferkessel" }).waitFor();
    // 18:00 to 02:00 (04:00 on Friday to Sunday): the visitor's clock is the venue's, so no zone.
    await page.getByText(/^18:00–0[24]:00$/).waitFor();
    const menu = page.locator("section.profile-menu");
    await menu.locator(".menu-toggle").click();
    // German writes a no-break space before the euro sign.
    await expect.poll(() => menu.getByRole("listitem").filter({ hasText: "Kupfer-Mule" }).textContent()).toMatch(/11,50\s€/);
    await page.context().close();
  });
});
