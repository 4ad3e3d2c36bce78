// The public site in Chromium at desktop and phone widths: navigation rules, marketing pages,
// the live map, venue profiles with reviews, and an axe-core accessibility check.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Level, LiveAnswer } from "../../common/schemas/answers";
import { seedVenues as everySeedVenue } from "../../scripts/seed-data/venues";
import { launchBrowser, openPage, queryD1, seriousViolations } from "./browser";
import { setVenueHours } from "./venue-hours";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const viewports = [
  ["1280 px", DESKTOP],
  ["375 px", PHONE],
] as const;

// Live levels the seeded venues report during this file, standing in for their sensors: the first
// venues are Relaxed, then Lively, then Packed, and the last two are silent (no live level). A closed
// venue has no level (closed wins, docs/when-to-go.md#closed-wins), so during the file every venue
// is open but for one hour a day, twelve hours from the file's start (popular times still have a
// closed hour), whatever the hour it runs at; the closed-venue tests close two of them.
const repeat = (level: Level, times: number): Level[] => Array.from({ length: times }, () => level);
/** The live map opens on the visitor's city, locally New York (VISITOR_CITY, docs/cities.md): this file's venues. */
const seedVenues = everySeedVenue.filter((venue) => venue.city === "new-york");
const LEVEL_PLAN: (Level | null)[] = [...repeat("Relaxed", 6), ...repeat("Lively", 5), ...repeat("Packed", 4), null, null];
const packedCount = LEVEL_PLAN.filter((level) => level === "Packed").length;

let browser: Browser;
let restoreHours = async () => {};
beforeAll(async () => {
  browser = await launchBrowser();
  const hourNow = Number(new Date().toLocaleString("en-US", { hour: "numeric", hourCycle: "h23", timeZone: "America/New_York" }));
  const clock = (hour: number) => `${String(hour % 24).padStart(2, "0")}:00`;
  restoreHours = await setVenueHours(
    seedVenues.map((venue) => venue.slug),
    (_slug, field) => (field.endsWith("_open") ? clock(hourNow + 13) : clock(hourNow + 12)),
    // This file writes the live rows itself: a reloaded place object would overwrite them with its own.
    { reloadObject: false },
  );
  const now = Date.now();
  const rows = seedVenues.map((venue, index) => {
    const level = LEVEL_PLAN[index];
    if (level === null) return `((SELECT id FROM places WHERE slug = '${venue.slug}'), NULL, NULL, NULL, 0, NULL)`;
    const people = { Relaxed: 10, Lively: 50, Packed: 90 }[level] + index;
    const values = `${people}, ${Math.min(100, people)}, '${level}', 1, ${now}`;
    return `((SELECT id FROM places WHERE slug = '${venue.slug}'), ${values})`;
  });
  queryD1(
    `INSERT OR REPLACE INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES ${rows.join(", ")}`,
  );
});
afterAll(async () => {
  await restoreHours();
  await browser?.close();
});

const mainHeading = (page: Page) => page.locator("main h1").first();
const header = (page: Page) => page.locator("header.site-header");
const hamburger = (page: Page) => header(page).getByRole("button", { name: /menu/ });
const learnMore = (page: Page) => header(page).getByRole("button", { name: "Learn More" });

/**
 * Opens the phone menu: a tap on the header before its island hydrates is held and replayed
 * (client/islands.tsx). In the clean-clone run of 2026-11-28, on a loaded machine, one such tap right
 * after a page load never opened the menu (not reproduced alone); the menu is tapped again if it
 * is still closed two seconds later, so the journey goes on and the miss shows as a second tap.
 */
async function openMenu(page: Page) {
  await hamburger(page).click();
  let checks = 0;
  await expect
    .poll(
      async () => {
        if ((await hamburger(page).getAttribute("aria-expanded")) === "true") return true;
        // Not on the first look, which comes at once: the held tap may still be on its way.
        if (checks++ > 0) await hamburger(page).click();
        return false;
      },
      { interval: 2_000, timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Clicks a link and waits until its page shows: the URL, then its own heading when given, else a
 * main heading other than the one before (lazy pages render a moment after the URL changes).
 */
async function follow(page: Page, link: Locator, path: string, heading?: string) {
  const before = await mainHeading(page).textContent();
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  if (heading) {
    await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  } else {
    await expect.poll(() => mainHeading(page).textContent()).not.toBe(before);
  }
}

describe.each(viewports)("header and footer at %s", (_label, viewport) => {
  const isPhone = viewport.width < 768;

  it("every header link reaches its page and closes the menu and dropdown", async () => {
    const page = await openPage(browser, "/faq", viewport);
    await mainHeading(page).waitFor();
    const links = [
      { name: "For Consumers", path: "/consumers", heading: "Third Place for Consumers", inDropdown: true },
      { name: "For Businesses", path: "/bars", heading: "Third Place for Businesses", inDropdown: true },
      { name: "About Us", path: "/about", heading: "About Us" },
      { name: "FAQs", path: "/faq", heading: "Frequently Asked Questions" },
      { name: "Submit a Business", path: "/submit-business", heading: "Submit a Business" },
      { name: "Sign in", path: "/signin", heading: "Sign in" },
      { name: "Partner Log-In", path: "/businesses" },
    ];
    for (const link of links) {
      if (isPhone) await openMenu(page);
      if (link.inDropdown) await learnMore(page).click();
      await follow(page, header(page).getByRole("link", { name: link.name, exact: true }), link.path, link.heading);
      // On a phone the closed menu turns invisible 300 ms after closing (global.css), and then has no
      // role to find by: read the button's state whether or not it is still on screen.
      const closedLearnMore = header(page).getByRole("button", { name: "Learn More", includeHidden: true });
      expect(await closedLearnMore.getAttribute("aria-expanded")).toBe("false");
      if (isPhone) expect(await hamburger(page).getAttribute("aria-expanded")).toBe("false");
    }
    await follow(page, header(page).getByRole("link", { name: "Third Place home" }), "/", "We're transforming the way you go out.");
    await page.context().close();
  });

  it("every footer link reaches its page; policies, socials, contact and © 2025 are there", async () => {
    const page = await openPage(browser, "/faq", viewport);
    await mainHeading(page).waitFor();
    const footer = page.locator("footer");
    const internal: [string, string, string?][] = [
      ["Home", "/", "We're transforming the way you go out."],
      ["About Us", "/about", "About Us"],
      ["For Consumers", "/consumers", "Third Place for Consumers"],
      ["For Businesses", "/bars", "Third Place for Businesses"],
      ["FAQs", "/faq", "Frequently Asked Questions"],
      ["Submit a Business", "/submit-business", "Submit a Business"],
      ["Partner Log-In", "/businesses"],
      ["Admin", "/admin"],
    ];
    for (const [name, path, heading] of internal) {
      await follow(page, footer.getByRole("navigation", { name: "Footer" }).getByRole("link", { name, exact: true }), path, heading);
    }
    for (const name of ["Privacy Policy", "EULA", "Terms of Service"]) {
      const href = await footer.getByRole("link", { name }).getAttribute("href");
      expect(href).toMatch(/^https:\/\//);
    }
    expect(await footer.getByRole("list", { name: "Social media" }).getByRole("link").count()).toBe(4);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.textContent()).toContain("© 2025");
    await page.context().close();
  });
});

describe("menu and dropdown rules", () => {
  it("desktop: the dropdown closes on a click outside, on Escape (focus back on its button) and on a choice", async () => {
    const page = await openPage(browser, "/about", DESKTOP);
    await mainHeading(page).waitFor();
    const menu = header(page).locator(".dropdown-menu");
    expect(await menu.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain("0.3s");

    await learnMore(page).click();
    await menu.waitFor({ state: "visible" });
    expect(await learnMore(page).getAttribute("aria-expanded")).toBe("true");
    await mainHeading(page).click();
    await menu.waitFor({ state: "hidden" });

    await learnMore(page).click();
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await learnMore(page).evaluate((button) => button === document.activeElement)).toBe(true);

    // Keyboard only: Enter opens it, Tab reaches the first link, Enter follows it.
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Third Place for Consumers" }).waitFor();
    await menu.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("phone: the hamburger menu opens, closes on a click outside and on Escape, Escape closes the dropdown first", async () => {
    const page = await openPage(browser, "/about", PHONE);
    await mainHeading(page).waitFor();
    // By CSS, not by role: a closed menu is hidden from the accessibility tree.
    const nav = header(page).locator("nav.site-nav");
    await nav.waitFor({ state: "hidden" });
    expect(await nav.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain("0.3s");

    await hamburger(page).click();
    await nav.waitFor({ state: "visible" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("true");
    await page.locator(".copyright").click(); // anywhere outside the header
    await nav.waitFor({ state: "hidden" });

    await hamburger(page).click();
    await nav.waitFor({ state: "visible" });
    await learnMore(page).click();
    await header(page).getByRole("link", { name: "For Consumers" }).waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await header(page).getByRole("link", { name: "For Consumers" }).waitFor({ state: "hidden" });
    expect(await nav.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
    expect(await hamburger(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe("marketing pages", () => {
  it("FAQ opens one question at a time", async () => {
    const page = await openPage(browser, "/faq", PHONE);
    // An exclusive accordion of <details name="faq">: the browser's own, no script (docs/server-rendering.md#islands).
    const questions = page.locator("main .accordion summary");
    await questions.first().waitFor();
    const open = page.locator("main .accordion details[open]");
    const visiblePanels = () => page.locator("main .accordion-panel:visible").count();
    expect(await open.count()).toBe(0);
    expect(await visiblePanels()).toBe(0);

    await questions.nth(0).click();
    expect(await open.count()).toBe(1);
    expect(await visiblePanels()).toBe(1);
    await questions.nth(7).click();
    expect(await open.count()).toBe(1);
    expect(await open.locator("summary").textContent()).toBe(await questions.nth(7).textContent());
    expect(await visiblePanels()).toBe(1);
    // The keyboard opens one too, and shuts it again.
    await questions.nth(2).focus();
    await page.keyboard.press("Enter");
    expect(await open.locator("summary").textContent()).toBe(await questions.nth(2).textContent());
    await page.keyboard.press("Enter");
    expect(await open.count()).toBe(0);
    expect(await page.getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(/^mailto:/);
    await page.context().close();
  });

  it("About shows the story, the supporter and four team members", async () => {
    const page = await openPage(browser, "/about", DESKTOP);
    await page.getByRole("heading", { name: "Our Team" }).waitFor();
    expect(await page.locator(".team-member").count()).toBe(4);
    expect(await page.locator(".team-member h3").allTextContents()).toHaveLength(4);
    await page.getByRole("heading", { name: "Our Story" }).waitFor();
    expect(await page.locator("main").textContent()).toContain("university venture accelerator programme");
    await page.context().close();
  });

  it("For Businesses and For Consumers show four features each, marketing and offers Coming Soon", async () => {
    for (const [path, comingSoon] of [
      ["/bars", "Targeted Marketing"],
      ["/consumers", "Exclusive Offers"],
    ] as const) {
      const page = await openPage(browser, path, DESKTOP);
      await mainHeading(page).waitFor();
      expect(await page.locator(".feature").count()).toBe(4);
      expect(await page.locator(".feature", { hasText: "Coming Soon" }).locator("h2").textContent()).toContain(comingSoon);
      await page.context().close();
    }
  });

  it("Home shows the hero, the six sections and live examples for the chosen vibe", async () => {
    const page = await openPage(browser, "/", DESKTOP);
    await mainHeading(page).waitFor();
    const sections = await page.locator("main h2").allTextContents();
    for (const title of [
      "See What's Around You",
      "Get Real-Time Updates",
      "Share Your Experience",
      "Connect with Friends",
      "Stay in the Loop on Events",
      "The Third Place Difference",
    ]) {
      expect(sections).toContain(title);
    }
    await waitForLiveLevels(page);
    await page.reload();
    await page.locator(".vibe-card").first().waitFor();
    expect(await page.locator(".vibe-card .level-badge.level-relaxed").count()).toBe(3);
    await page.locator(".level-filter label", { hasText: "Packed" }).click();
    await page.locator(".vibe-card .level-badge.level-packed").first().waitFor();
    expect(await page.locator(".vibe-card .level-badge").count()).toBe(3);
    expect(await page.locator(".vibe-card .level-badge.level-packed").count()).toBe(3);
    await page.context().close();
  });
});

/** /api/live is cached for up to 30 s: wait until it shows this file's levels. */
async function waitForLiveLevels(page: Page) {
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get("/api/live")).json()) as LiveAnswer;
        return answer.places.filter((place) => place.level === "Packed").length;
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe(packedCount);
}

/** New York's live entries (the map's city), with more filters as `&open_now=0`. */
async function liveAnswer(page: Page, query = ""): Promise<LiveAnswer> {
  return (await (await page.request.get(`/api/live?city=new-york${query}`)).json()) as LiveAnswer;
}

/**
 * A venue closed now, chosen by content: one /api/live says is closed, or else (late on a weekend
 * night every seeded venue can be open) one of the two silent venues given hours on Monday 3–4 AM
 * and Tuesday 3–4 AM: at any instant at least one of them is closed, whatever the day or hour.
 * `restore` puts their hours back.
 */
async function closedVenue(page: Page): Promise<{ place: LiveAnswer["places"][number]; restore: () => Promise<void> }> {
  const closed = latestToOpen((await liveAnswer(page, "&open_now=0")).places);
  // One that opens within minutes could open while the test reads it: then the pair instead.
  if (closed && Date.parse(closed.opens_at ?? "9999-12-31") - Date.now() > 10 * 60_000) return { place: closed, restore: async () => {} };
  const pair = seedVenues.slice(-2).map((venue) => venue.slug);
  const restore = await setVenueHours(pair, (slug, field) => {
    const day = ["monday", "tuesday"][pair.indexOf(slug)];
    return field === `${day}_open` ? "03:00" : field === `${day}_close` ? "04:00" : "";
  });
  // /api/live is cached for up to 25 s.
  let found: LiveAnswer["places"] = [];
  await expect
    .poll(async () => (found = (await liveAnswer(page, "&open_now=0")).places.filter((place) => pair.includes(place.slug))).length, {
      timeout: 45_000,
      interval: 1_000,
    })
    .toBeGreaterThan(0);
  return { place: latestToOpen(found)!, restore };
}

/** Of closed venues, the one whose opening is furthest away (no opening at all counts as furthest). */
function latestToOpen(places: LiveAnswer["places"]) {
  const opening = (place: LiveAnswer["places"][number]) => Date.parse(place.opens_at ?? "9999-12-31");
  return places.toSorted((a, b) => opening(b) - opening(a))[0];
}

describe("live map", () => {
  it.each(viewports)("at %s shows one marker per venue, filters by level and opens a profile", async (_label, viewport) => {
    const page = await openPage(browser, "/", viewport);
    await waitForLiveLevels(page);
    await page.goto("/live-look");
    const markers = page.locator(".leaflet-marker-icon.venue-marker");
    await expect.poll(() => markers.count()).toBe(seedVenues.length);
    // 660 px as the spec's, at most 62 % of a phone's screen (at least 320 px) so the list shows under it.
    expect(await page.locator(".venue-map").evaluate((element) => element.getBoundingClientRect().height - Math.max(320, Math.min(660, window.innerHeight * 0.62)))).toBeCloseTo(0, 0);
    expect(await page.locator(".venue-row").count()).toBe(seedVenues.length);
    expect(await page.getByRole("status").textContent()).toBe(`Showing ${seedVenues.length} of ${seedVenues.length} venues.`);

    // A venue closed by its hours is drawn as closed whatever its sensor says, and has no level
    // (closed wins), so the level filter never keeps it. Which venues are open depends on the hour.
    const drawnAs = async (level: Level | null) => {
      const places = (await liveAnswer(page)).places;
      return {
        level: places.filter((place) => place.level === level && place.open_now !== false).length,
        closed: places.filter((place) => place.level === level && place.open_now === false).length,
      };
    };
    await page.locator(".level-filter label", { hasText: "Packed" }).click();
    await expect.poll(() => markers.count()).toBe(packedCount);
    expect(await page.locator(".venue-row").count()).toBe(packedCount);
    await expect
      .poll(async () => {
        const expected = await drawnAs("Packed");
        return (
          (await page.locator(".venue-marker.level-packed").count()) === expected.level &&
          (await page.locator(".venue-row .level-badge.level-packed").count()) === expected.level &&
          (await page.locator(".venue-marker.level-closed").count()) === expected.closed &&
          (await page.locator(".venue-row", { hasText: /Closed · opens / }).count()) === expected.closed
        );
      })
      .toBe(true);

    await page.locator(".level-filter label", { hasText: "All venues" }).click();
    await expect.poll(() => markers.count()).toBe(seedVenues.length);
    // Silent venues stay on the map, marked "?" and described as having no live data.
    await expect
      .poll(async () => (await page.locator(".venue-marker.level-unknown").count()) === (await drawnAs(null)).level)
      .toBe(true);

    // Markers sit on top of each other at the city-wide zoom; zoom in, then pick one.
    await page.locator(".level-filter label", { hasText: "Packed" }).click();
    await expect.poll(() => markers.count()).toBe(packedCount);
    await page.getByRole("button", { name: "Zoom to the venues" }).click();
    const marker = markers.first();
    const label = (await marker.getAttribute("aria-label"))!;
    const [, name, state] = /^(.*), (Packed|Closed · opens [^,]+)\. Open profile$/.exec(label)!;
    await marker.hover();
    // The hovered marker's own tooltip: at 375 px a neighbour's may be open beside it.
    await page.locator(".leaflet-tooltip", { hasText: name }).getByText(state === "Packed" ? "Level: Packed" : state).waitFor();
    await marker.click();
    await page.waitForURL(/\/profile\//);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.context().close();
  });

  it("the list's Show on map opens the venue's popup with its busiest hours and a link to its profile", async () => {
    const page = await openPage(browser, "/live-look", DESKTOP);
    const venue = seedVenues[0];
    await page.getByRole("button", { name: `Show on map: ${venue.name}` }).click();
    const popup = page.locator(".leaflet-popup");
    await popup.getByText(venue.address).waitFor();
    // The first venue's sensor says Relaxed; closed, the popup says when it opens instead.
    await popup.getByText(/^(Level: Relaxed|Closed · opens .+)$/).waitFor();
    // Fetched when the popup opens: today's busiest hours from its popular times.
    await popup.getByText(/^Usually busiest \d/).waitFor();
    await popup.getByRole("link", { name: "View profile" }).click();
    await page.waitForURL(`**/profile/${venue.slug}`);
    await page.getByRole("heading", { level: 1, name: venue.name }).waitFor();
    await page.context().close();
  });

  it.each(viewports)("at %s Open now keeps the venues open now, in a shareable address", async (_label, viewport) => {
    const page = await openPage(browser, "/live-look", viewport);
    const markers = page.locator(".leaflet-marker-icon.venue-marker");
    await expect.poll(() => markers.count()).toBe(seedVenues.length);
    // The box follows the address, which the router updates in a transition: click, then wait for it.
    const openNowBox = page.getByRole("checkbox", { name: "Open now" });
    await openNowBox.click();
    await page.waitForURL((url) => url.searchParams.get("open_now") === "1");
    await expect.poll(() => openNowBox.isChecked()).toBe(true);
    // Every venue may be closed (early morning) or open (late on a weekend): compare with the API.
    // Compared inside the poll: a venue may open or close while the test runs.
    const openNow = async () => (await liveAnswer(page, "&open_now=1")).places.map((place) => place.name).sort();
    let names: string[] = [];
    await expect
      .poll(async () => {
        names = await openNow();
        const rows = await page.locator(".venue-row h3").allTextContents();
        return JSON.stringify([rows.sort(), await markers.count()]) === JSON.stringify([names, names.length]);
      })
      .toBe(true);
    if (names.length === 0) await page.getByText("No venue is open right now.").waitFor();
    expect(await page.locator(".venue-row", { hasText: "Closed · opens" }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => openNowBox.isChecked()).toBe(true);
    await openNowBox.click();
    await page.waitForURL((url) => !url.searchParams.has("open_now"));
    await expect.poll(() => openNowBox.isChecked()).toBe(false);
    await expect.poll(() => markers.count()).toBe(seedVenues.length);
    await page.context().close();
  });
});

describe("venue profile", () => {
  it.each(viewports)("at %s shows the venue and keeps a posted review after a reload", async (_label, viewport) => {
    const venue = seedVenues[1];
    const page = await openPage(browser, `/profile/${venue.slug}`, viewport);
    await page.getByRole("heading", { level: 1, name: venue.name }).waitFor();
    // The app replaced the HTML's stand-in header with its own.
    expect(await page.locator("header.site-header").count()).toBe(1);
    await page.getByText(venue.address, { exact: false }).first().waitFor();
    await page.getByRole("link", { name: venue.website.replace("https://", "") }).waitFor();
    // Its level, or when it opens if it is closed at this hour.
    await page.locator(".profile-live .level-badge, .profile-live .profile-closed").first().waitFor();

    await page.getByRole("button", { name: "Submit Review" }).click();
    // The form's checks load with its first submit.
    await page.getByText("This field is required.").first().waitFor();
    expect(await page.getByText("This field is required.").count()).toBe(3);

    const username = `e2e-${viewport.width}-${Date.now()}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Rating (1 to 5)").selectOption("4");
    await page.getByLabel("Comment").fill("Friendly bartenders and room to sit at seven.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.getByText("Thanks! Your review is posted.").waitFor();

    await page.reload();
    const review = page.locator(".review", { hasText: username });
    await review.waitFor();
    expect(await review.textContent()).toContain("4 out of 5");
    expect(await review.textContent()).toContain("Friendly bartenders and room to sit at seven.");
    const rows = queryD1<{ rating: number; slug: string }>(
      `SELECT r.rating, p.slug FROM reviews r JOIN places p ON p.id = r.place_id WHERE r.username = '${username}'`,
    );
    expect(rows).toEqual([{ rating: 4, slug: venue.slug }]);
    await page.context().close();
  });

  it.each(viewports)("at %s shows popular times for today with the live bar, and the next 12 hours", async (_label, viewport) => {
    const venue = seedVenues[1];
    const page = await openPage(browser, `/profile/${venue.slug}`, viewport);
    const popular = page.locator("section.popular-times");
    const day = popular.getByRole("combobox", { name: "Day" });
    await day.waitFor();
    // Today (in the venue's zone) is the one chosen, whatever day the test runs.
    expect(await day.locator("option:checked").textContent()).toMatch(/^\w+day \(today\)$/);
    await popular.locator(".popular-hour.now .popular-live-bar").waitFor();
    expect(await popular.locator(".popular-hour").count()).toBe(24);
    expect(await popular.locator(".popular-live").textContent()).toMatch(/^\s*Live: \d+% of capacity/);
    await popular.getByText(/^Usually busiest \d/).waitFor();
    expect(await popular.locator(".popular-hour.closed").count()).toBeGreaterThan(0);
    // The chart's table for screen readers: one row per hour, closed hours said as closed.
    const table = popular.getByRole("table");
    expect(await table.getByRole("row").count()).toBe(25);
    expect(await table.getByRole("cell", { name: "Closed" }).count()).toBe(await popular.locator(".popular-hour.closed").count());
    // Bars fit the phone's width.
    const chart = await popular.locator(".popular-chart").boundingBox();
    expect(chart!.x + chart!.width).toBeLessThanOrEqual(viewport.width);

    const forecast = page.locator("section.forecast");
    await forecast.getByRole("heading", { name: "Next 12 hours" }).waitFor();
    await forecast.locator(".forecast-table, p", { hasText: /%|Closed for the next 12 hours/ }).first().waitFor();
    if (await forecast.locator(".forecast-table").count()) {
      // Twelve hours, a run of closed ones in one row; each hour in one word and one number (docs/when-to-go.md#one-number-one-word).
      const cells = await forecast.locator(".forecast-table tbody td").allTextContents();
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.length).toBeLessThanOrEqual(12);
      for (const cell of cells) expect(cell).toMatch(/^((Relaxed|Lively|Packed) · \d+%|Closed( until \d{1,2} (AM|PM))?|No estimate)$/);
    }
    // Nothing, the screen readers' tables included, widens the page past the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.context().close();
  });

  it.each(viewports)("at %s a closed venue says when it opens, on its profile and on the map, never '0 people inside'", async (_label, viewport) => {
    const page = await openPage(browser, "/", viewport);
    const { place, restore } = await closedVenue(page);
    try {
      await page.goto(`/profile/${place.slug}`);
      const now = page.locator(".profile-live");
      await now.locator(".profile-closed").waitFor();
      expect(await now.locator(".profile-closed").textContent()).toMatch(/^Closed · opens (\w{3} )?\d{1,2}(:\d{2})? (AM|PM)$/);
      expect(await now.textContent()).not.toMatch(/people/);

      await page.goto("/live-look");
      const row = page.locator(".venue-row", { has: page.getByRole("link", { name: place.name, exact: true }) });
      await row.getByText(/Closed · opens /).waitFor();
      expect(await row.textContent()).not.toMatch(/people/);
    } finally {
      await restore();
    }
    await page.context().close();
  });

  it("answers an unknown venue with a friendly not-found page, by slug or id", async () => {
    for (const barId of ["no-such-bar", "999999"]) {
      const page = await openPage(browser, `/profile/${barId}`, DESKTOP);
      await page.getByRole("heading", { name: "We couldn't find that venue" }).waitFor();
      await page.context().close();
    }
  });
});

describe("accessibility (axe-core): no serious or critical violations", () => {
  const pages = [
    ["Home", "/", ".vibe-card"],
    ["FAQ", "/faq", ".accordion"],
    ["Submit a Business", "/submit-business", "form"],
    ["Live map", "/live-look", ".venue-marker"],
    ["Profile", `/profile/${seedVenues[2].slug}`, ".popular-times select"],
  ] as const;

  it.each(viewports)("at %s", async (_label, viewport) => {
    const found: string[] = [];
    for (const [name, route, ready] of pages) {
      const page = await openPage(browser, route, viewport);
      await page.locator(ready).first().waitFor();
      found.push(...(await seriousViolations(page)).map((line) => `${name}: ${line}`));
      await page.context().close();
    }
    expect(found).toEqual([]);
  });
});
