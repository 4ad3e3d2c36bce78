// A venue's live badge and widget on the venue's own website, another origin: the badge loads as
// an image, the widget renders in an iframe (its style allowed by its policy's hash, no script),
// and a page of the app framed the same way is refused.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, queryD1 } from "./browser";
import { baseUrl } from "./server";

/** A venue of this file's own, without opening hours, so it is never closed whatever the hour of the run. */
const venue = { slug: "embed-test-tavern", name: "Embed Test Tavern" };
let browser: Browser;
let site: Server;
let siteUrl: string;

/** The venue's own website: the snippets the dashboard gives, and a framed page of the app. */
function venueSite(app: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${venue.name}</title></head><body>
<h1>Welcome to ${venue.name}</h1>
<a href="${app}/profile/${venue.slug}"><img id="badge" src="${app}/api/places/${venue.slug}/badge.svg" alt="${venue.name}: how busy it is right now" height="22"></a>
<iframe id="widget" src="${app}/api/places/${venue.slug}/embed" title="${venue.name} right now" width="300" height="190" style="border:0"></iframe>
<iframe id="profile" src="${app}/profile/${venue.slug}" title="Profile" width="300" height="190"></iframe>
</body></html>`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  queryD1(`INSERT OR IGNORE INTO places (slug, name, address) VALUES ('${venue.slug}', '${venue.name}', '1 Avenue B')`);
  queryD1(
    `INSERT OR REPLACE INTO place_live (place_id, people, percent, level, devices_online, updated_at)
     VALUES ((SELECT id FROM places WHERE slug = '${venue.slug}'), 55, 60, 'Lively', 1, ${Date.now()})`,
  );
  const app = baseUrl.replace(/\/+$/, "");
  site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(venueSite(app));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  expect(new URL(siteUrl).origin).not.toBe(new URL(app).origin);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe("on another website", () => {
  it("shows the badge as an image and the widget in a frame, and refuses to frame the app's pages", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const policyErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) policyErrors.push(message.text());
    });
    await page.goto(siteUrl, { waitUntil: "load", timeout: 60_000 });

    const badge = page.locator("#badge");
    await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(100);

    const widget = page.frameLocator("#widget");
    await widget.getByRole("heading", { name: venue.name }).waitFor({ timeout: 30_000 });
    expect(await widget.locator(".level").textContent()).toBe("Lively");
    // Its own style applies (allowed by hash): the level is drawn on its colour.
    expect(await widget.locator(".level").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(180, 83, 9)");
    expect(await widget.getByRole("link", { name: "See it live on Third Place" }).getAttribute("href")).toMatch(new RegExp(`/profile/${venue.slug}$`));

    // The app's own page is not drawn inside someone else's frame.
    const profile = await (await page.$("#profile"))!.contentFrame();
    await expect.poll(() => profile!.url(), { timeout: 30_000 }).toMatch(/^chrome-error:/);
    expect(policyErrors.length).toBeGreaterThan(0);
    // The only policy errors are that refusal: the widget's own style broke none.
    expect(policyErrors.filter((text) => !text.includes("frame-ancestors 'none'"))).toEqual([]);
    await context.close();
  });
});
