import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, queryD1 } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Submit a Business, in Chromium against the built app", () => {
  it("shows the seeded partner ticker, validates, submits and stores the row in D1", async () => {
    const page = await openPage(browser, "/submit-business");
    await page.getByRole("heading", { name: "Submit a Business" }).waitFor();
    expect(await page.title()).toBe("Submit a Business · Third Place");

    const tickerItems = page.getByTestId("partner-ticker").locator(".ticker-item");
    await tickerItems.first().waitFor();
    // Every seeded partner, in both demo cities, repeated four times.
    const [{ partners }] = queryD1<{ partners: number }>("SELECT COUNT(*) AS partners FROM places");
    expect(partners).toBeGreaterThan(17);
    expect(await tickerItems.count()).toBe(partners * 4);

    await page.getByRole("button", { name: "Submit" }).click();
    // The form's checks load with the first submit: wait for their outcome, not a moment.
    await expect.poll(() => page.getByText("This field is required.").count()).toBe(2);

    const businessName = `E2E Tavern ${Date.now()}`;
    await page.getByLabel("Business name").fill(businessName);
    await page.getByLabel("Address").fill("200 E 7th St, New York, NY");
    await page.getByLabel("Phone number").fill("555");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Invalid phone number format.").waitFor();

    await page.getByLabel("Phone number").fill("(212) 555-0142");
    await page.getByLabel("Your email").fill("tester@example.com");
    await page.getByLabel("Why should this place be on Third Place?").fill("Friendly staff and trivia night");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").getByText("Thank you!").waitFor();

    const rows = queryD1<{ business_name: string; phone_number: string; reason: string; status: string }>(
      `SELECT business_name, phone_number, reason, status FROM business_submissions WHERE business_name = '${businessName}'`,
    );
    expect(rows).toEqual([
      { business_name: businessName, phone_number: "(212) 555-0142", reason: "Friendly staff and trivia night", status: "new" },
    ]);
  });

  it("serves the single-page app for deep links and the JSON 404 for unknown API paths", async () => {
    const page = await openPage(browser, "/no-such-page");
    await page.getByRole("heading", { name: "We couldn't find that page" }).waitFor();
    const response = await page.request.get("/api/no-such-route");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: "No API route for GET /api/no-such-route." });
  });
});

describe("caching of the built app", () => {
  it("answers a bundle the deploy no longer has with an uncached 404, never the app's HTML", async () => {
    const page = await openPage(browser, "/");
    const missing = await page.request.get("/assets/Old-abc123.js");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).not.toContain("text/html");
    expect(missing.headers()["cache-control"]).toBe("no-store");
    const missingImage = await page.request.get("/images/no-such-picture.svg");
    expect(missingImage.status()).toBe(404);
  });

  it("caches hashed bundles for a year and never the HTML", async () => {
    const page = await openPage(browser, "/");
    const script = await page.locator("script[src^='/assets/']").first().getAttribute("src");
    const bundle = await page.request.get(script!);
    expect(bundle.status()).toBe(200);
    expect(bundle.headers()["cache-control"]).toContain("immutable");
    for (const route of ["/", "/faq", "/invite/a.b.c"]) {
      const html = await page.request.get(route);
      expect(html.headers()["content-type"]).toContain("text/html");
      expect(html.headers()["cache-control"]).toBe("no-cache");
    }
  });
});

describe("security headers of the built app", () => {
  it("serve the HTML with a strict CSP that names the tile host, nosniff and the referrer policy", async () => {
    const page = await openPage(browser, "/");
    for (const route of ["/", "/faq", "/profile/the-stoop"]) {
      const response = await page.request.get(route);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"]).toContain("text/html");
      expect(headers["content-security-policy"]).toContain("script-src 'self'");
      expect(headers["content-security-policy"]).toContain("https://*.basemaps.cartocdn.com");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });
});
