// The public pages in other languages (docs/languages.md), in Chromium: a Spanish profile and the
// Japanese Home read in their language in the worker's HTML (no script runs), with every language's
// alternate and x-default in the head; and the pseudo-locale's journey (Home → a profile → the live
// map) at 390 px, where no text spills out of its box and every word of the converted parts is the
// catalogue's (accented), so a hard-coded string or a cut-off translation shows.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../common/languages";
import { de } from "../../common/messages/de";
import { es } from "../../common/messages/es";
import { ja } from "../../common/messages/ja";
import { seedVenues } from "../../scripts/seed-data/venues";
import { launchBrowser, PHONE } from "./browser";
import { baseUrl } from "./server";

const venue = seedVenues[0];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The worker's HTML as Chromium reads it with scripts off: what a crawler and a slow phone get first. */
async function withoutScripts(route: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(route);
  return page;
}

/** The head's alternates, `hreflang` → `href`. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((elements) =>
    elements.map((element) => [element.getAttribute("hreflang"), element.getAttribute("href")]),
  );
  return Object.fromEntries(links);
}

describe("a page in another language, as the worker sends it", () => {
  it("/es/profile/… is Spanish, with every language's alternate and x-default", async () => {
    const page = await withoutScripts(`/es/profile/${venue.slug}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("heading", { level: 1, name: venue.name }).waitFor();
    for (const heading of [es["profile.rightNow"], es["times.popular"], es["times.next12"], es["profile.events"]]) {
      await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
    }
    expect(await page.getByText(es["profile.back"]).count()).toBe(1);
    const links = await alternates(page);
    expect(Object.keys(links).sort()).toEqual([...LANGUAGES, "x-default"].sort());
    const path = `/profile/${venue.slug}`;
    expect(new URL(links.es).pathname).toBe(`/es${path}`);
    expect(new URL(links.ja).pathname).toBe(`/ja${path}`);
    expect(new URL(links["x-default"]).pathname).toBe(path);
    // Links lead on in the page's language.
    expect(await page.getByRole("link", { name: es["profile.back"] }).getAttribute("href")).toBe("/es/live-look");
    await page.context().close();
  });

  it("/ja/ is Japanese, with every language's alternate and x-default", async () => {
    const page = await withoutScripts("/ja/");
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    await page.getByRole("heading", { level: 1, name: ja["home.heading"] }).waitFor();
    await page.getByRole("heading", { level: 2, name: ja["home.aroundTitle"] }).waitFor();
    await page.getByRole("heading", { level: 2, name: ja["home.differenceTitle"] }).waitFor();
    // Not a word of the English page's headings.
    expect(await page.locator("main").innerText()).not.toContain("See What's Around You");
    const links = await alternates(page);
    expect(Object.keys(links).sort()).toEqual([...LANGUAGES, "x-default"].sort());
    expect(new URL(links.ja).pathname).toBe("/ja/");
    expect(new URL(links.de).pathname).toBe("/de/");
    expect(new URL(links["x-default"]).pathname).toBe("/");
    await page.context().close();
  });

  it("/de/'s vibe picker hydrates in German: an island's messages are the page's", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/de/");
    // The vibe picker is an island that hydrates at the first touch; what it says then is German.
    const picker = page.getByRole("group", { name: de["vibe.legend"] });
    await picker.locator("label", { hasText: de["level.Packed"] }).click();
    await page.getByText(`${de["level.Packed"]}: voll oder fast voll.`).waitFor();
    await context.close();
  });
});

/**
 * What the pseudo-locale's page shows wrong at this width: text that spills out of its box (or the
 * page wider than the screen), and, inside `scope`, words not from the catalogue: each text node
 * with a Latin letter must carry the pseudo-locale's accents, unless it is a name (`translate="no"`) or
 * a symbol no one reads out (`aria-hidden`, the levels' letters);
 * a null `scope` checks the layout only.
 */
async function pseudoProblems(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page ${document.documentElement.scrollWidth}px wide`);
    const main = document.querySelector("main")!;
    for (const element of Array.from(main.querySelectorAll<HTMLElement>("*"))) {
      const style = getComputedStyle(element);
      const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && /\S/.test(node.textContent ?? ""));
      if (!ownText || style.display === "inline" || style.display === "none" || element.closest(".visually-hidden")) continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`overflows: ${element.tagName} "${element.textContent?.trim().slice(0, 40)}"`);
    }
    for (const root of selector === null ? [] : Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        if (!/[A-Za-z]/.test(text) || node.parentElement?.closest('[translate="no"], [aria-hidden="true"], script, style')) continue;
        if (!/[\u00C0-\u024F\u1E00-\u1EFF]/.test(text)) problems.push(`not translated: "${text.trim().slice(0, 60)}"`);
      }
    }
    return problems;
  }, scope);
}

describe("the pseudo-locale's journey at 390 px", () => {
  it("Home → a profile → the live map: nothing cut off, no English left in the converted parts", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/en-xa/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en-XA");
    await page.locator("main h1").waitFor();
    expect(await pseudoProblems(page, "main")).toEqual([]);

    // A venue of the vibe picker (the worker's HTML shows the first level's), else any profile link.
    const profileLink = page.locator('main a[href^="/en-xa/profile/"]').first();
    const hasVenue = (await profileLink.count()) > 0;
    await (hasVenue ? profileLink.click() : page.goto(`/en-xa/profile/${venue.slug}`));
    await page.waitForURL(/\/en-xa\/profile\//);
    await page.locator("main h1").waitFor();
    // The profile's own words (headings, facts' labels, the breadcrumb); its islands (offers, Live
    // Looks, menu, reviews) and the sentences built by the shared summary modules are not converted
    // yet (docs/languages.md#remaining-work).
    expect(await pseudoProblems(page, "main h2:not(tp-island h2), main dt, main .breadcrumb")).toEqual([]);

    await page.locator("main .breadcrumb a").click();
    await page.waitForURL(/\/en-xa\/live-look/);
    await page.locator("main h1").waitFor();
    // The live map is not converted yet: here only nothing may spill out of its box.
    expect(await pseudoProblems(page, null)).toEqual([]);
    await context.close();
  });
});
