// The public pages the worker renders (docs/server-rendering.md), in Chromium: hydrated without a
// mismatch at phone and desktop widths, without reading their answers again, and readable as
// documents with JavaScript off.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "./server";
import { seedVenues } from "../../scripts/seed-data/venues";
import { launchBrowser, queryD1, reactRendered } from "./browser";

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const [venue, otherVenue] = seedVenues;
/** The live map opens on the visitor's city: locally New York (VISITOR_CITY, docs/cities.md). */
const newYorkVenues = seedVenues.filter((seeded) => seeded.city === "new-york");
const PAGES = ["/", "/about", "/bars", "/consumers", "/faq", "/submit-business", `/profile/${venue.slug}`, "/live-look"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A transparent 1×1 PNG: the live map's basemap tiles, which come from another host (wrangler.toml's MAP_TILE_URL). */
const BLANK_TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** A page at `route` with everything the console and the page said wrong, and the API paths it asked for. */
async function visit(route: string, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  // Served here, so a machine without the network logs no failed tile: the console is the page's.
  await context.route(/basemaps\.cartocdn\.com/, (tile) => tile.fulfill({ contentType: "image/png", body: BLANK_TILE }));
  const page = await context.newPage();
  const errors: string[] = [];
  const apiReads: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) apiReads.push(url.pathname);
  });
  await page.goto(route);
  await reactRendered(page);
  // The parts that load their code after the first view (the profile's menu, save and watch
  // controls) render, and any late mismatch would be said, by the time the network is quiet.
  await page.waitForLoadState("networkidle");
  return { page, errors, apiReads };
}

/** Every island hydrated (a pointer over each: docs/server-rendering.md#islands), or mounted if plain, and what it read read. */
async function hydrateEveryIsland(page: Page) {
  const islands = page.locator("tp-island");
  for (let index = 0; index < (await islands.count()); index++) await islands.nth(index).dispatchEvent("pointerover");
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll("tp-island:not([data-plain])")).every((island) => {
      const first = island.firstElementChild;
      return first === null || Object.keys(first).some((key) => key.startsWith("__reactFiber"));
    }),
  );
  await page.waitForLoadState("networkidle");
}

describe.each(VIEWPORTS)("the public pages at $width px", (viewport) => {
  it.each(PAGES)("%s hydrates the worker's HTML without an error", async (route) => {
    const { page, errors } = await visit(route, viewport);
    // Every island hydrates at a pointer over it (docs/server-rendering.md#islands), each without a
    // mismatch; a plain island (no React: the live map's map and filters) is mounted instead.
    await hydrateEveryIsland(page);
    expect(errors).toEqual([]);
    // The worker rendered it: the page came with its data island, which only rendered pages have.
    expect(await page.locator("#page-data").count()).toBe(1);
    await page.locator("main h1").first().waitFor();
    await page.context().close();
  });
});

describe("hydration", () => {
  it("reads none of the answers the page came with", async () => {
    const { page, errors, apiReads } = await visit(`/profile/${otherVenue.slug}`, VIEWPORTS[0]);
    expect(errors).toEqual([]);
    await page.getByRole("heading", { level: 1, name: otherVenue.name }).waitFor();
    // The data island holds what the islands read (the venue, menu, offers, popular times, Live
    // Looks, reviews), and what the worker rendered as HTML only (the live levels, events, the
    // forecast) no island reads: with every island hydrated, none of them is asked for.
    await hydrateEveryIsland(page);
    expect(errors).toEqual([]);
    expect(
      apiReads.filter((path) => /^\/api\/(place\/|live$|business\/\d+\/events|places\/\d+\/(menu|offers|popular-times|forecast|live-looks|reviews))/.test(path)),
    ).toEqual([]);
    await page.context().close();
  });

  it("of the live map reads neither the live levels nor the basemap again, and its map island draws without React", async () => {
    const { page, errors, apiReads } = await visit("/live-look", VIEWPORTS[1]);
    expect(errors).toEqual([]);
    await page.getByRole("heading", { level: 1, name: "Live map" }).waitFor();
    await page.locator(".leaflet-container").waitFor();
    await expect.poll(() => page.locator(".leaflet-marker-icon.venue-marker").count()).toBe(newYorkVenues.length);
    // 660 px as the spec's, at most 62 % of a phone's screen (at least 320 px) so the list shows under it.
    expect(await page.locator(".venue-map").evaluate((element) => element.getBoundingClientRect().height - Math.max(320, Math.min(660, window.innerHeight * 0.62)))).toBeCloseTo(0, 0);
    expect(apiReads.filter((path) => path.startsWith("/api/live") || path.startsWith("/api/cities") || path === "/api/config/map")).toEqual([]);
    // The list's Show on map works with the map drawn; the popup's save is the React island, rendered then.
    await page.getByRole("button", { name: `Show on map: ${otherVenue.name}` }).click();
    const popup = page.locator(".leaflet-popup");
    await popup.getByText(otherVenue.address).waitFor();
    await popup.getByRole("link", { name: `Sign in to save ${otherVenue.name}` }).waitFor();
    await page.context().close();
  });

  it("a profile fetches no React before a touch; the day picker hydrates at the first and answers it (docs/server-rendering.md#islands)", async () => {
    // A venue with no offers and no menu, picked by content: its `visible` islands (offers, menu)
    // render nothing, so nothing on its first screen hydrates before a touch, whatever the hour.
    const [untouched] = queryD1<{ slug: string }>(
      "SELECT slug FROM places WHERE id NOT IN (SELECT place_id FROM offers) AND id NOT IN (SELECT place_id FROM place_menus) ORDER BY id LIMIT 1",
    );
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[1] });
    const page = await context.newPage();
    const scripts: { path: string; body: Promise<string> }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push({ path: new URL(response.url()).pathname, body: response.text() });
    });
    await page.goto(`/profile/${untouched.slug}`, { waitUntil: "load" });
    // The page's own islands wait for a touch, or for the screen to near them (the reviews, far below).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const isHydrated = () => Object.keys(document.querySelector(".popular-day select")!).some((key) => key.startsWith("__reactFiber"));
    expect(await page.evaluate(isHydrated)).toBe(false);
    const visibleNearScreen = await page.evaluate(() =>
      Array.from(document.querySelectorAll("tp-island[data-when=visible] > *"))
        .filter((child) => child.getBoundingClientRect().top < innerHeight + 200)
        .map((child) => child.parentElement!.dataset.island),
    );
    expect(visibleNearScreen).toEqual([]);
    // Nothing of React before the touch: no React DOM (its fibers' key) and no React (its elements' symbol), by content, not by file name.
    const untouchedScripts = await Promise.all(scripts.map(async ({ path, body }) => ({ path, body: await body })));
    expect(untouchedScripts.length).toBeGreaterThan(0);
    expect(untouchedScripts.filter(({ body }) => body.includes("__reactFiber") || body.includes("react.transitional.element")).map(({ path }) => path)).toEqual([]);
    const picker = page.getByRole("combobox", { name: "Day" });
    await picker.hover();
    await page.waitForFunction(() => Object.keys(document.querySelector(".popular-day select")!).some((key) => key.startsWith("__reactFiber")));
    // The touch brought React: the check above would have seen it.
    const touchedScripts = await Promise.all(scripts.slice(untouchedScripts.length).map(({ body }) => body));
    expect(touchedScripts.some((body) => body.includes("__reactFiber"))).toBe(true);
    const other = (await picker.locator("option").allTextContents()).find((day) => !day.includes("(today)"))!;
    await picker.selectOption(other);
    await expect.poll(() => picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(other);
    await context.close();
  });

  it("leaves the page to the browser after the first navigation: the next page reads its own answers", async () => {
    const { page, errors } = await visit("/", VIEWPORTS[0]);
    await page.getByRole("link", { name: "See the live map" }).click();
    await page.waitForURL((url) => url.pathname === "/live-look");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("with JavaScript off", () => {
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, viewport: VIEWPORTS[1] });
    page = await context.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it("a profile is a document: its venue, address and hours read, its links lead on", async () => {
    await page.goto(`/profile/${venue.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(venue.name);
    expect(await page.locator(".profile-facts").textContent()).toContain(venue.address);
    expect(await page.getByRole("heading", { name: "Right now" }).isVisible()).toBe(true);
    // Playwright turns scripts off without turning off the parser's scripting flag, so Chromium
    // keeps <noscript> as text rather than showing it: its text is read instead.
    expect((await page.locator("noscript").allTextContents()).join(" ")).toContain("Posting a review needs JavaScript");
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("About Us");
  });

  it("the live map is a document: its list of venues reads and leads to their profiles", async () => {
    await page.goto("/live-look");
    const list = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Venues" }) });
    expect(await list.getByRole("heading", { level: 3 }).allTextContents()).toEqual(expect.arrayContaining(newYorkVenues.map((seeded) => seeded.name)));
    expect(await list.locator(".venue-row", { hasText: otherVenue.name }).textContent()).toContain(otherVenue.address);
    expect((await page.locator("noscript").allTextContents()).join(" ")).toContain("The map needs JavaScript");
    await list.getByRole("link", { name: otherVenue.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${otherVenue.slug}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(otherVenue.name);
  });

  it("the live map's filters are a form the server answers", async () => {
    await page.goto("/live-look");
    await page.locator(".level-filter label", { hasText: "Packed" }).click();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("level") === "Packed");
    expect(await page.getByRole("radio", { name: "Packed" }).isChecked()).toBe(true);
    // The rows are New York's venues Packed now (the visitor's city locally; a closed one has no level): compared with the API, again if a level changed meanwhile.
    const list = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Venues" }) });
    await expect
      .poll(async () => {
        const live = (await (await fetch(`${baseUrl}/api/live?city=new-york&level=Packed`)).json()) as { places: { name: string }[] };
        const rows = await list.getByRole("heading", { level: 3 }).allTextContents();
        if (rows.length !== live.places.length) await page.reload();
        return JSON.stringify(rows.sort()) === JSON.stringify(live.places.map((place) => place.name).sort());
      })
      .toBe(true);
  });

  it("a page comes styled by its own CSS, not only once its script loads it (no shift when it would)", async () => {
    await page.goto("/");
    // home.css lays the hero out as a grid; without it the section is a plain block.
    expect(await page.locator("section.hero").evaluate((hero) => getComputedStyle(hero).display)).toBe("grid");
  });

  it("a form says it needs JavaScript", async () => {
    await page.goto("/submit-business");
    expect((await page.locator("noscript").allTextContents()).join(" ")).toContain("Sending this form needs JavaScript");
  });
});
