// The consumer app's shell on a 390 px phone (docs/app.md#the-app-shell): five tabs that navigate,
// the Inbox's unread count, no marketing header or footer, 44 px targets, no layout shift on /app
// or a plan (CLS by PerformanceObserver's layout-shift entries), the app's frame painted before its
// script runs, and a new page opening at the top while back keeps the scroll.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONSUMER } from "../../scripts/seed.ts";
import { launchBrowser, queryD1, reactRendered, seriousViolations, signedInSession } from "./browser";
import { baseUrl } from "./server";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };
const TABS = [
  ["Near me", "/app"],
  ["Saved", "/app/saved"],
  ["Friends", "/app/friends"],
  ["Plans", "/app/plans"],
  ["Inbox", "/app/inbox"],
] as const;

/** Sums the page's layout shifts not caused by input, from its first paint on (the CLS a user sees on load). */
const WATCH_SHIFTS = () => {
  const scope = window as unknown as { layoutShift: number };
  scope.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) scope.layoutShift += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
};

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/** Where the top bar and the tab bar sit, rounded to the pixel. */
const barBoxes = (page: Page) =>
  page.evaluate(() =>
    [".app-topbar", ".tab-bar"].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return [selector, Math.round(box.top), Math.round(box.height), Math.round(box.width)];
    }),
  );

async function signedInContext() {
  const session = await signedInSession(browser, DEMO_CONSUMER.email, DEMO_CONSUMER.password);
  return browser.newContext({ baseURL: baseUrl, viewport: phone, storageState: session });
}

async function openApp(path: string): Promise<Page> {
  const context = await signedInContext();
  await context.addInitScript(WATCH_SHIFTS);
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto(path);
  await reactRendered(page);
  return page;
}

const tabBar = (page: Page) => page.getByRole("navigation", { name: "The app" });

describe("the app shell at 390 px", () => {
  it("has five tabs that navigate, the inbox's unread count, no marketing chrome, 44 px targets and no layout shift", { timeout: 180_000 }, async () => {
    const [{ id: userId }] = queryD1<{ id: number }>(`SELECT id FROM users WHERE email = '${DEMO_CONSUMER.email}'`);
    queryD1(
      `INSERT INTO consumer_notifications (user_id, kind, title, body, url, created_at)
       VALUES (${userId}, 'quiet_now', 'Shell test is quiet now', 'Relaxed: plenty of room.', '/app', ${Date.now()})`,
    );
    const [{ n: unread }] = queryD1<{ n: number }>(`SELECT COUNT(*) AS n FROM consumer_notifications WHERE user_id = ${userId} AND read_at IS NULL`);
    const page = await openApp("/app");
    await page.getByRole("heading", { name: /^Good to see you/ }).waitFor();
    await page.getByRole("list", { name: "Places near you now" }).waitFor();
    await page.locator(".near-map .leaflet-container").waitFor();

    // No marketing header or footer: the app's own top bar and tab bar.
    expect(await page.locator(".site-header, .site-footer").count()).toBe(0);
    for (const name of ["Partner Log-In", "Admin", "EULA", "TikTok"]) expect(await page.getByRole("link", { name }).count()).toBe(0);
    const links = tabBar(page).getByRole("link");
    expect(await links.count()).toBe(5);
    expect(await tabBar(page).getByRole("link", { name: "Near me" }).getAttribute("aria-current")).toBe("page");
    await tabBar(page).getByRole("link", { name: new RegExp(`^Inbox.*${unread} unread$`) }).waitFor();

    // Every target the shell and Near me offer is at least 44 px both ways.
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>(".app-topbar a, .tab-bar a, .chip, .near-place"))
        .map((element) => ({ text: element.textContent?.trim() || element.getAttribute("aria-label"), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(({ text, box }) => `${text}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);

    // Loaded, with its map and list: the page moved no more than CLS 0.05.
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);

    // Each tab opens its page and becomes the current one; the keyboard reaches them in order.
    for (const [name, path] of TABS.slice(1).concat([TABS[0]])) {
      await tabBar(page).getByRole("link", { name: new RegExp(`^${name}`) }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await expect.poll(() => tabBar(page).getByRole("link", { name: new RegExp(`^${name}`) }).getAttribute("aria-current")).toBe("page");
      expect(await page.locator(".site-header, .site-footer").count()).toBe(0);
    }
    await page.context().close();
  });

  it("paints the app's frame before its script runs, where the app then draws it (issue 36 #11)", { timeout: 120_000 }, async () => {
    // A phone still fetching the script: none of it arrives. The HTML alone is the app's frame.
    const context = await signedInContext();
    const waiting = await context.newPage();
    await waiting.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await waiting.goto("/app/saved");
    expect(await waiting.locator(".site-header, .site-footer").count()).toBe(0);
    await waiting.locator(".app-topbar").getByText("Third Place").waitFor();
    expect(await waiting.locator(".tab-bar .tab-skeleton").count()).toBe(5);
    expect(await waiting.getByRole("status", { name: "Loading" }).count()).toBe(1);
    const before = await barBoxes(waiting);
    expect(before).toEqual([
      [".app-topbar", 0, 52, phone.width],
      [".tab-bar", phone.height - 61, 61, phone.width],
    ]);

    // With the script, the app takes the same place: the bars do not move, and nothing shifts.
    await context.addInitScript(WATCH_SHIFTS);
    const page = await context.newPage();
    page.on("pageerror", (error) => {
      throw error;
    });
    await page.goto("/app/saved");
    await reactRendered(page);
    await page.getByRole("heading", { name: "Saved", level: 1 }).waitFor();
    expect(await barBoxes(page)).toEqual(before);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it("does not shift a plan's page as it loads (issue 36 #11: 0.26)", { timeout: 120_000 }, async () => {
    // Maya's seeded plan, found by its organiser.
    const [plan] = queryD1<{ id: number }>(
      `SELECT plans.id FROM plans JOIN users ON users.id = plans.organiser_id WHERE users.email = '${DEMO_CONSUMER.email}' ORDER BY plans.id LIMIT 1`,
    );
    const page = await openApp(`/app/plans/${plan.id}`);
    await page.getByRole("heading", { name: "Who's coming", exact: false }).waitFor();
    await page.getByRole("heading", { name: "Chat" }).waitFor();
    await page.getByRole("textbox").first().waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    await page.context().close();
  });

  it("opens a new page at the top, and back returns to where the list was scrolled", { timeout: 120_000 }, async () => {
    const page = await openApp("/app");
    await page.getByRole("list", { name: "Places near you now" }).waitFor();
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(200);
    await tabBar(page).getByRole("link", { name: "Plans" }).click();
    await page.getByRole("heading", { name: "Plans", level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole("list", { name: "Places near you now" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.context().close();
  });
});
